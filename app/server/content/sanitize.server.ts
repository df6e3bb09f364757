import { sanitizeContentHtml } from "~/lib/content-html";

export { sanitizeContentHtml };

/** Whether a text field holds markup (editor HTML) rather than plain text typed in a textarea. */
function hasMarkup(text: string) {
  return /<[a-z][^>]*>/i.test(text);
}

/**
 * A rich text field as it is stored: the one function every content mutation (articles, projects,
 * CMS pages) passes editor fields through before writing. HTML is sanitized with the public
 * allowlist, so the database never holds what the site would refuse to show; plain text is kept
 * as typed (rendering escapes it); blank gives null.
 */
export function sanitizeRichTextForStorage(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (!hasMarkup(trimmed)) return trimmed;
  return sanitizeContentHtml(trimmed).trim() || null;
}

/** A body ready to render: sanitized HTML, or plain text written without markup. */
export type RichBody = { html: string } | { text: string };

/**
 * A text field that may hold either editor HTML or plain text typed in a textarea: HTML is
 * sanitized, plain text is kept as text (rendered with its line breaks). Null when empty.
 */
export function toRichBody(value: string | null | undefined): RichBody | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (!hasMarkup(trimmed)) return { text: trimmed };
  const html = sanitizeContentHtml(trimmed);
  return html.trim() ? { html } : null;
}
