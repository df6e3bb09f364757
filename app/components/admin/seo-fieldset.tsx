import { useEffect, useRef, useState } from "react";
import type { MetaDescriptor } from "react-router";
import { Field, TextareaField, TextField, typeInto, type AnyField } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import type { SiteSeo } from "~/lib/seo";

/** The SEO and social fields of back-office.md §3, by their form names. */
export type SeoFields = {
  metaTitle: AnyField;
  metaDescription: AnyField;
  metaKeywords: AnyField;
  canonicalUrl?: AnyField;
  ogTitle?: AnyField;
  ogDescription?: AnyField;
  ogImage?: AnyField;
  twitterTitle?: AnyField;
  twitterDescription?: AnyField;
  twitterImage?: AnyField;
};

/** The form's current title, description (excerpt) and main image, which empty fields follow (§4). */
export type SeoSources = { title: string; description: string; image: string };

/** Lengths search engines and networks show before cutting (advice, never refused). */
const ADVISED = {
  metaTitle: 60,
  metaDescription: 160,
  ogTitle: 90,
  ogDescription: 200,
  twitterTitle: 70,
  twitterDescription: 200,
} as const;

function text(meta: AnyField | undefined): string {
  return typeof meta?.value === "string" ? meta.value : "";
}

/**
 * §4 auto-fill: `meta`'s field takes `source`'s value while it is empty or still holds what it was
 * last given; once someone types something else there, it is theirs and stops following, until
 * they empty it. The field's own value is read from the page, where typing puts it.
 */
function Follow({ meta, source }: { meta: AnyField; source: string }) {
  const previous = useRef(source);
  useEffect(() => {
    const before = previous.current;
    previous.current = source;
    if (source === before) return;
    const field = document.getElementById(meta.id);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (field.value.trim() === "" || field.value === before) typeInto(meta.id, source);
  }, [meta.id, source]);
  return null;
}

function Counter({ meta, advised }: { meta: AnyField; advised: number }) {
  const length = text(meta).length;
  return (
    <span className={cn("tabular-nums", length > advised ? "text-amber-300" : "text-muted-foreground")}>
      {length} / {advised} caractères conseillés
    </span>
  );
}

/** The value of one tag among the descriptors `seoMeta` produced. */
function tag(descriptors: MetaDescriptor[], key: string): string {
  for (const descriptor of descriptors) {
    const record = descriptor as Record<string, unknown>;
    if (key === "title" && typeof record.title === "string") return record.title;
    if ((record.name === key || record.property === key) && typeof record.content === "string")
      return record.content;
    if (key === "canonical" && record.rel === "canonical" && typeof record.href === "string")
      return record.href;
  }
  return "";
}

function clip(value: string, length: number) {
  return value.length > length ? `${value.slice(0, length - 1).trimEnd()}…` : value;
}

/**
 * The SEO & social fieldset shared by articles, projects and CMS pages: tabs 'SEO', 'Open Graph'
 * and 'Twitter Card' (only the fields given are shown; a CMS page gives the three meta fields),
 * character counters, a Google result preview and a social card preview. The previews show the
 * tags the public page will have: `meta` is what its route's `meta` function returns, computed
 * from the form's current values with the same function. With `sources`, empty titles,
 * descriptions and images follow the title, the excerpt and the main image (§4).
 *
 *   <SeoFieldset fields={fields} site={site} meta={seoMeta(site, pageSeoOf(values))}
 *     sources={{ title: values.title, description: values.excerpt, image: values.image }} />
 *
 * Every panel stays in the DOM (hidden when inactive), so every field is posted.
 */
export function SeoFieldset({
  fields,
  site,
  meta: descriptors,
  sources,
  legend = "SEO & réseaux sociaux",
}: {
  fields: SeoFields;
  site: SiteSeo;
  meta: MetaDescriptor[];
  sources?: SeoSources;
  legend?: string;
}) {
  const followers = sources
    ? (
        [
          [fields.metaTitle, sources.title],
          [fields.ogTitle, sources.title],
          [fields.twitterTitle, sources.title],
          [fields.metaDescription, sources.description],
          [fields.ogDescription, sources.description],
          [fields.twitterDescription, sources.description],
          [fields.ogImage, sources.image],
          [fields.twitterImage, sources.image],
        ] as const
      ).filter((pair): pair is readonly [AnyField, string] => Boolean(pair[0]))
    : [];

  const social = Boolean(fields.ogTitle || fields.twitterTitle);
  const tabs = [
    {
      value: "seo",
      label: "SEO",
      fields: [fields.metaTitle, fields.metaDescription, fields.metaKeywords, fields.canonicalUrl],
    },
    { value: "og", label: "Open Graph", fields: [fields.ogTitle, fields.ogDescription, fields.ogImage] },
    {
      value: "twitter",
      label: "Twitter Card",
      fields: [fields.twitterTitle, fields.twitterDescription, fields.twitterImage],
    },
  ].filter((tab) => social || tab.value === "seo");
  const hasErrors = (list: (AnyField | undefined)[]) => list.some((meta) => meta?.errors?.length);

  // After a refused submit, show the first tab holding an error (a hidden one would be missed).
  const errorTab = tabs.find((tab) => hasErrors(tab.fields))?.value;
  const [active, setActive] = useState(errorTab ?? "seo");
  const [shownErrorTab, setShownErrorTab] = useState(errorTab);
  if (errorTab !== shownErrorTab) {
    setShownErrorTab(errorTab);
    if (errorTab) setActive(errorTab);
  }

  // Images are shown from this site when the tag made them absolute on PUBLIC_URL.
  const shown = (url: string) =>
    url.startsWith(site.publicUrl) ? url.slice(site.publicUrl.length) || "/" : url;
  const host = new URL(site.publicUrl).host;

  return (
    // min-w-0: a fieldset is otherwise as wide as its widest line (the previews), wider than a phone.
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border bg-card p-4 md:p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {followers.map(([meta, source]) => (
        <Follow key={meta.name} meta={meta} source={source} />
      ))}
      <Tabs value={active} onValueChange={setActive}>
        <TabsList aria-label="Référencement et partage">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
              {hasErrors(tab.fields) ? (
                <span
                  className="size-2 rounded-full bg-red-400"
                  aria-label="(contient des erreurs)"
                  role="img"
                />
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent
          value="seo"
          forceMount
          className="grid grid-cols-1 gap-4 data-[state=inactive]:hidden lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
        >
          <div className="grid content-start gap-4">
            <TextField
              meta={fields.metaTitle}
              label="Titre SEO (meta title)"
              description={<Counter meta={fields.metaTitle} advised={ADVISED.metaTitle} />}
            />
            <TextareaField
              meta={fields.metaDescription}
              label="Description SEO (meta description)"
              rows={3}
              description={<Counter meta={fields.metaDescription} advised={ADVISED.metaDescription} />}
            />
            <TextField
              meta={fields.metaKeywords}
              label="Mots-clés"
              placeholder="électricien, Limoges, rénovation"
              description="Séparés par des virgules."
            />
            {fields.canonicalUrl ? (
              <TextField
                meta={fields.canonicalUrl}
                type="url"
                label="URL canonique"
                placeholder="https://…"
                description="À remplir seulement si ce contenu est d'abord publié à une autre adresse."
              />
            ) : null}
          </div>
          <figure className="flex flex-col gap-2 self-start">
            <figcaption className="text-sm font-medium text-muted-foreground">Aperçu dans Google</figcaption>
            <div className="rounded-lg bg-white p-4 font-sans text-left" data-testid="google-preview">
              <p className="truncate text-xs text-[#4d5156]">
                {site.siteName} · {clip(tag(descriptors, "canonical") || site.publicUrl, 70)}
              </p>
              <p className="mt-1 text-lg leading-snug text-[#1a0dab]">
                {clip(tag(descriptors, "title"), 65)}
              </p>
              <p className="mt-1 text-sm leading-snug text-[#4d5156]">
                {clip(tag(descriptors, "description"), 160)}
              </p>
            </div>
          </figure>
        </TabsContent>

        {social ? (
          <>
            <TabsContent
              value="og"
              forceMount
              className="grid grid-cols-1 gap-4 data-[state=inactive]:hidden lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
            >
              <div className="grid content-start gap-4">
                {fields.ogTitle ? (
                  <TextField
                    meta={fields.ogTitle}
                    label="Titre Open Graph"
                    description={<Counter meta={fields.ogTitle} advised={ADVISED.ogTitle} />}
                  />
                ) : null}
                {fields.ogDescription ? (
                  <TextareaField
                    meta={fields.ogDescription}
                    label="Description Open Graph"
                    rows={3}
                    description={<Counter meta={fields.ogDescription} advised={ADVISED.ogDescription} />}
                  />
                ) : null}
                {fields.ogImage ? <SeoImage meta={fields.ogImage} label="Image Open Graph" /> : null}
              </div>
              <SocialCard
                testId="og-preview"
                caption="Aperçu du partage (Facebook, LinkedIn)"
                host={host}
                image={shown(tag(descriptors, "og:image"))}
                title={tag(descriptors, "og:title")}
                description={tag(descriptors, "og:description")}
              />
            </TabsContent>
            <TabsContent
              value="twitter"
              forceMount
              className="grid grid-cols-1 gap-4 data-[state=inactive]:hidden lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
            >
              <div className="grid content-start gap-4">
                {fields.twitterTitle ? (
                  <TextField
                    meta={fields.twitterTitle}
                    label="Titre Twitter"
                    description={<Counter meta={fields.twitterTitle} advised={ADVISED.twitterTitle} />}
                  />
                ) : null}
                {fields.twitterDescription ? (
                  <TextareaField
                    meta={fields.twitterDescription}
                    label="Description Twitter"
                    rows={3}
                    description={
                      <Counter meta={fields.twitterDescription} advised={ADVISED.twitterDescription} />
                    }
                  />
                ) : null}
                {fields.twitterImage ? <SeoImage meta={fields.twitterImage} label="Image Twitter" /> : null}
              </div>
              <SocialCard
                testId="twitter-preview"
                caption="Aperçu de la carte Twitter"
                host={host}
                image={shown(tag(descriptors, "twitter:image"))}
                title={tag(descriptors, "twitter:title")}
                description={tag(descriptors, "twitter:description")}
                rounded
              />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </fieldset>
  );
}

function SeoImage({ meta, label }: { meta: AnyField; label: string }) {
  return (
    <Field meta={meta} label={label} description="Vide : l'image principale est utilisée.">
      {(props) => (
        <ImageField
          {...props}
          key={meta.key}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        />
      )}
    </Field>
  );
}

function SocialCard({
  caption,
  host,
  image,
  title,
  description,
  rounded = false,
  testId,
}: {
  caption: string;
  host: string;
  image: string;
  title: string;
  description: string;
  rounded?: boolean;
  testId: string;
}) {
  return (
    <figure className="flex flex-col gap-2 self-start">
      <figcaption className="text-sm font-medium text-muted-foreground">{caption}</figcaption>
      <div
        data-testid={testId}
        className={cn(
          "overflow-hidden border border-white/15 bg-[#18191a] text-left",
          rounded ? "rounded-2xl" : "rounded-md",
        )}
      >
        {image ? (
          <img
            src={imageUrlForWidth(image, 640)}
            alt=""
            className="aspect-[1.91/1] w-full bg-muted object-cover"
          />
        ) : (
          <div className="aspect-[1.91/1] w-full bg-muted" />
        )}
        <div className="flex flex-col gap-0.5 px-3 py-2.5">
          <p className="text-xs uppercase text-[#b0b3b8]">{host}</p>
          <p className="line-clamp-2 font-semibold text-[#e4e6eb]">{title}</p>
          <p className="line-clamp-2 text-sm text-[#b0b3b8]">{description}</p>
        </div>
      </div>
    </figure>
  );
}
