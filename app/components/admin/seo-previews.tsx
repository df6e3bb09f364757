import type { MetaDescriptor } from "react-router";
import { imageUrlForWidth } from "~/components/site/responsive-image";
import { cn } from "~/lib/cn";
import type { SiteSeo } from "~/lib/seo";

/*
 * How a page will look in a Google result and as a Facebook or Twitter card, drawn from the head
 * tags its public route will send: `meta` is what that route's `meta` function returns for the
 * values being edited (the SEO fieldset beside its fields, the preview pages under the page).
 */

/** The value of one tag among the descriptors a `meta` function produced. */
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

export function GooglePreview({ site, meta }: { site: SiteSeo; meta: MetaDescriptor[] }) {
  return (
    <figure className="flex min-w-0 flex-col gap-2 self-start">
      <figcaption className="text-sm font-medium text-muted-foreground">Aperçu dans Google</figcaption>
      <div className="rounded-lg bg-white p-4 font-sans text-left" data-testid="google-preview">
        <p className="truncate text-xs text-[#4d5156]">
          {site.siteName} · {clip(tag(meta, "canonical") || site.publicUrl, 70)}
        </p>
        <p className="mt-1 text-lg leading-snug text-[#1a0dab]">{clip(tag(meta, "title"), 65)}</p>
        <p className="mt-1 text-sm leading-snug text-[#4d5156]">{clip(tag(meta, "description"), 160)}</p>
      </div>
    </figure>
  );
}

const networks = {
  facebook: { caption: "Aperçu du partage (Facebook, LinkedIn)", prefix: "og", testId: "og-preview" },
  twitter: { caption: "Aperçu de la carte Twitter", prefix: "twitter", testId: "twitter-preview" },
} as const;

/** The card a network draws from the page's Open Graph or Twitter tags. */
export function SocialPreview({
  network,
  site,
  meta,
}: {
  network: keyof typeof networks;
  site: SiteSeo;
  meta: MetaDescriptor[];
}) {
  const { caption, prefix, testId } = networks[network];
  const url = tag(meta, `${prefix}:image`);
  // Images are shown from this site when the tag made them absolute on PUBLIC_URL.
  const image = url.startsWith(site.publicUrl) ? url.slice(site.publicUrl.length) || "/" : url;
  return (
    <figure className="flex min-w-0 flex-col gap-2 self-start">
      <figcaption className="text-sm font-medium text-muted-foreground">{caption}</figcaption>
      <div
        data-testid={testId}
        className={cn(
          "overflow-hidden border border-white/15 bg-[#18191a] text-left",
          network === "twitter" ? "rounded-2xl" : "rounded-md",
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
          <p className="text-xs uppercase text-[#b0b3b8]">{new URL(site.publicUrl).host}</p>
          <p className="line-clamp-2 font-semibold text-[#e4e6eb]">{tag(meta, `${prefix}:title`)}</p>
          <p className="line-clamp-2 text-sm text-[#b0b3b8]">{tag(meta, `${prefix}:description`)}</p>
        </div>
      </div>
    </figure>
  );
}
