import sanitizeHtml from "sanitize-html";
import { MEDIA_URL_PREFIX } from "~/lib/image-variants";

/** The schemes a link may use; any other address must be a path of this site. */
const LINK_SCHEMES = ["http", "https", "mailto", "tel"];

/**
 * The HTML staff may put in articles, projects and CMS pages: an explicit allowlist of
 * formatting tags. Anything else (script, style, iframe, forms, event handlers, inline styles,
 * javascript: and data: URLs) is removed. Applied by the server when rendering and when saving
 * (app/server/content/sanitize.server.ts), and by the back office's live preview in the browser,
 * so the preview shows exactly what the site will.
 */
const options: sanitizeHtml.IOptions = {
  // prettier-ignore
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6",
    "p", "br", "hr", "blockquote", "pre", "code",
    "ul", "ol", "li",
    "strong", "b", "em", "i", "u", "s", "sub", "sup", "mark", "small",
    "a", "img", "figure", "figcaption",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "title"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside removed blocks (e.g. a <script>) must not leak out as visible text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math", "template"],
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageSource(frame.attribs.src),
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      // A page opened in a new tab must not get a handle on ours (reverse tabnabbing).
      return target === "_blank"
        ? { tagName, attribs: { ...rest, target, rel: "noopener noreferrer" } }
        : { tagName, attribs: rest };
    },
  },
};

/**
 * Links: an address with one of `LINK_SCHEMES`, or a path of this site (`/contact`). What the
 * editor's link dialog accepts; the sanitizer keeps the same.
 */
export function isAllowedLinkHref(href: string) {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  if (scheme) return LINK_SCHEMES.includes(scheme.toLowerCase());
  return href.startsWith("/") && !href.startsWith("//");
}

/** Images: absolute http(s) URLs, or our own media files (also what the editor's image dialog accepts). */
export function isAllowedImageSource(src: string | undefined) {
  if (!src) return false;
  return /^https?:\/\//i.test(src) || (src.startsWith(MEDIA_URL_PREFIX) && !src.startsWith("//"));
}

export function sanitizeContentHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, options) : "";
}

/** Whether a text field holds markup (editor HTML) rather than plain text typed in a textarea. */
export function hasMarkup(text: string) {
  return /<[a-z][^>]*>/i.test(text);
}

/** A body ready to render: sanitized HTML, or plain text written without markup. */
export type RichBody = { html: string } | { text: string };

/**
 * A text field that may hold either editor HTML or plain text typed in a textarea: HTML is
 * sanitized, plain text is kept as text (rendered with its line breaks). Null when empty. The
 * public pages and the back office's previews (from unsaved values) both render through it.
 */
export function toRichBody(value: string | null | undefined): RichBody | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (!hasMarkup(trimmed)) return { text: trimmed };
  const html = sanitizeContentHtml(trimmed);
  return html.trim() ? { html } : null;
}
