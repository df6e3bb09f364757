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

const shortDate = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Paris",
});
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

const time = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

function validDate(date: Date | string | null | undefined): Date | null {
  if (date === null || date === undefined) return null;
  const value = typeof date === "string" ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? null : value;
}

/** dd/MM/yyyy, the back office's list format (back-office.md §1); 'Date invalide' if unreadable. */
export function formatShortDate(date: Date | string | null | undefined): string {
  const value = validDate(date);
  return value ? shortDate.format(value) : "Date invalide";
}

/** dd/MM/yyyy HH:mm (back-office.md §9: CMS pages, users); 'Date invalide' if unreadable. */
export function formatDateTime(date: Date | string | null | undefined): string {
  const value = validDate(date);
  return value ? dateTime.format(value).replace(",", "") : "Date invalide";
}

/** HH:mm in Paris time; 'Date invalide' if unreadable. */
export function formatTime(date: Date | string | null | undefined): string {
  const value = validDate(date);
  return value ? time.format(value) : "Date invalide";
}
