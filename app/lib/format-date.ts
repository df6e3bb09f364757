/**
 * Long French date ("5 mars 2026"), public-site.md §9. The time zone is fixed to the company's so
 * the server's HTML and the browser's hydration always agree.
 */
const longDate = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

export function formatLongDate(date: Date | string): string {
  return longDate.format(typeof date === "string" ? new Date(date) : date);
}
