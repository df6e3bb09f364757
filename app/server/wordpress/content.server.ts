import type { ContentStatus } from "~/lib/enums";
import { DEFAULT_ARTICLE_READ_TIME } from "~/lib/schemas/article";
/**
 * WordPress post content → the HTML our editor writes. Gutenberg's block comments go, the
 * `[caption]` and `[gallery]` shortcodes become figures, classic-editor text gets its paragraphs
 * (WordPress adds them when it displays a post: `wpautop`), uploads' URLs (any size WordPress
 * made) become our media URLs and links to the old site become site paths, which its old
 * addresses' redirects then answer. The result still goes through the editor's sanitizer when
 * it is saved (sanitize.server.ts): what this module leaves in (classes, srcset) is dropped there.
 */

export type ImportedImage = { url: string; alt: string | null };

export type MediaLookup = {
  /** Our media for an uploads URL of the old site (any of its sizes), or null. */
  byUrl(url: string): ImportedImage | null;
  /** Our media for an attachment's WordPress id, or null. */
  byId(id: number): ImportedImage | null;
};

/** The images an import has stored (or, in a dry run, would keep at their old address). */
export class ImportedImages implements MediaLookup {
  private readonly byWordPressId = new Map<number, ImportedImage>();
  private readonly byUploadsPath = new Map<string, ImportedImage>();

  add(wordpressId: number, relative: string | null, image: ImportedImage) {
    this.byWordPressId.set(wordpressId, image);
    if (relative) this.byUploadsPath.set(relative, image);
  }

  byId(id: number) {
    return this.byWordPressId.get(id) ?? null;
  }

  byUrl(url: string) {
    const relative = uploadsPath(url);
    return relative ? (this.byUploadsPath.get(relative) ?? null) : null;
  }
}

export const POST_STATUSES: Record<string, ContentStatus> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "draft",
  // Decision 013: a private post was readable only by the old site's staff; here it stays out of
  // the public site as a draft.
  private: "draft",
};

/** Our estimate of reading time: 200 words a minute, at least one. */
export function readTimeOf(html: string | null) {
  if (!html) return DEFAULT_ARTICLE_READ_TIME;
  const words = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return `${Math.max(1, Math.round(words / 200))} min`;
}

const UPLOADS_MARKER = "/wp-content/uploads/";

/**
 * The file an uploads URL stands for, relative to `wp-content/uploads` ("2023/05/photo.jpg"),
 * with WordPress's size suffix ("-300x200", "-scaled") removed; null for any other URL.
 */
export function uploadsPath(url: string): string | null {
  const at = url.indexOf(UPLOADS_MARKER);
  if (at < 0) return null;
  const relative = decodeURIComponent(url.slice(at + UPLOADS_MARKER.length).split(/[?#]/, 1)[0]!);
  return relative.replace(/-(?:\d+x\d+|scaled)(\.[a-z0-9]+)$/i, "$1");
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function imageTag(image: ImportedImage) {
  return `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt ?? "")}">`;
}

function attribute(attributes: string, name: string) {
  return new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, "i")
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);
}

/** `[caption …]<img …> Text[/caption]` (the image may be inside a link) → figure + figcaption. */
function captions(html: string) {
  return html.replace(
    /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g,
    (_, attributes: string, inner: string) => {
      const parts = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
      const image = parts?.[1] ?? inner;
      const caption = (parts?.[2] ?? "").trim() || attribute(attributes, "caption") || "";
      return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
    },
  );
}

/** `[gallery ids="1,2"]` → one figure holding those images; ids the import does not know are noted. */
function galleries(html: string, media: MediaLookup, warn: (message: string) => void) {
  return html.replace(/\[gallery([^\]]*)\]/g, (_, attributes: string) => {
    const ids = (attribute(attributes, "ids") ?? "")
      .split(",")
      .map((id) => Number(id.trim()))
      .filter((id) => id > 0);
    const images = ids.flatMap((id) => {
      const image = media.byId(id);
      if (!image) warn(`galerie : l'image ${id} est introuvable dans l'export`);
      return image ? [imageTag(image)] : [];
    });
    if (ids.length === 0) warn("galerie sans liste d'images (ids) : retirée");
    return images.length ? `<figure>${images.join("")}</figure>` : "";
  });
}

/** Any other shortcode (a plugin's form, a slider…) means nothing here: removed, and noted. */
function otherShortcodes(html: string, warn: (message: string) => void) {
  return html.replace(/\[(\/?)([a-z][\w-]*)(?:\s[^\]]*)?\]/gi, (whole, closing: string, name: string) => {
    if (!closing) warn(`code court [${name}] retiré`);
    return "";
  });
}

const BLOCK_START = /^<(?:p|h[1-6]|ul|ol|li|blockquote|pre|figure|table|hr|div|section|img)\b/i;

/** WordPress's `wpautop`, as far as our allowlist goes: blank lines part paragraphs, a line break is <br>. */
function paragraphs(html: string) {
  return html
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (BLOCK_START.test(block) ? block : `<p>${block.replace(/\n/g, "<br>\n")}</p>`))
    .join("\n");
}

/**
 * Images and links: an uploaded image becomes our file (its old width and height, of a size
 * WordPress made, and `srcset` go with it), a link to an upload our file too, a link into the old
 * site a path of ours.
 */
function addresses(html: string, media: MediaLookup, siteUrls: string[], warn: (message: string) => void) {
  const ours = (url: string, isImage: boolean) => {
    if (uploadsPath(url) === null) return null;
    const image = media.byUrl(url);
    if (!image && isImage) warn(`image ${url} introuvable dans l'export : adresse gardée`);
    return image?.url ?? null;
  };
  return html
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const src = /\ssrc=(?:"([^"]*)"|'([^']*)')/i.exec(tag);
      const url = ours((src?.[1] ?? src?.[2] ?? "").trim(), true);
      if (!url) return tag;
      return tag
        .replace(/\s(?:srcset|sizes|width|height)=(?:"[^"]*"|'[^']*'|\S+)/gi, "")
        .replace(/\ssrc=(?:"[^"]*"|'[^']*')/i, ` src="${escapeAttribute(url)}"`);
    })
    .replace(/\shref=(?:"([^"]*)"|'([^']*)')/gi, (whole, double?: string, single?: string) => {
      const href = (double ?? single ?? "").trim();
      const upload = ours(href, false);
      if (upload) return ` href="${escapeAttribute(upload)}"`;
      const site = siteUrls.find(
        (base) => href === base || href.startsWith(`${base}/`) || href.startsWith(`${base}?`),
      );
      if (!site) return whole;
      const rest = href.slice(site.length);
      return ` href="${escapeAttribute(rest.startsWith("/") ? rest : `/${rest}`)}"`;
    });
}

/** A post's or page's content as our editor would hold it, before the sanitizer. */
export function convertContent(
  html: string,
  { media, siteUrls, warn }: { media: MediaLookup; siteUrls: string[]; warn: (message: string) => void },
): string {
  const gutenberg = /<!--\s*wp:/.test(html);
  let out = captions(html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, ""));
  out = otherShortcodes(galleries(out, media, warn), warn);
  // Gutenberg writes its paragraphs (its blocks sat between comments on lines of their own: the
  // blank lines left mean nothing); the classic editor's text gets them when displayed.
  out = gutenberg ? out.replace(/\n\s*\n/g, "\n") : paragraphs(out);
  return addresses(out, media, siteUrls, warn).trim();
}
