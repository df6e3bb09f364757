import { useEffect, useRef, useState } from "react";
import type { MetaDescriptor } from "react-router";
import { useRevealFirstError } from "~/components/admin/reveal-first-error";
import { Field, TextareaField, TextField, typeInto, type AnyField } from "~/components/admin/fields";
import { ImageField } from "~/components/admin/image-field";
import { GooglePreview, SocialPreview } from "~/components/admin/seo-previews";
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

  const [active, setActive] = useState("seo");
  // After a refused submit (never while typing), show the tab holding its first error here (a
  // hidden one would be missed). The form's frame gives the cursor to the form's first error.
  const root = useRef<HTMLFieldSetElement>(null);
  useRevealFirstError(
    root,
    (sections) => {
      const tab = sections.find((section) => tabs.some((candidate) => candidate.value === section));
      if (tab) setActive(tab);
    },
    { focus: false },
  );

  return (
    // min-w-0: a fieldset is otherwise as wide as its widest line (the previews), wider than a phone.
    <fieldset ref={root} className="flex min-w-0 flex-col gap-4 rounded-lg border bg-card p-4 md:p-6">
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
          data-section="seo"
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
          <GooglePreview site={site} meta={descriptors} />
        </TabsContent>

        {social ? (
          <>
            <TabsContent
              value="og"
              forceMount
              data-section="og"
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
              <SocialPreview network="facebook" site={site} meta={descriptors} />
            </TabsContent>
            <TabsContent
              value="twitter"
              forceMount
              data-section="twitter"
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
              <SocialPreview network="twitter" site={site} meta={descriptors} />
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
