import { hasMarkup, sanitizeContentHtml } from "~/lib/content-html";

export { sanitizeContentHtml };

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
