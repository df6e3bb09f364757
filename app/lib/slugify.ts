/**
 * The spec's slug rule (public-site.md §5), with diacritics removed first so that
 * "Électricité" gives "electricite" rather than losing the letter: lowercase, keep letters,
 * digits, spaces and hyphens, spaces become hyphens, repeated hyphens collapse, trimmed.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}
