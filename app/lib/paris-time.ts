/**
 * The company's clock for date-and-time inputs: a `datetime-local` value has no time zone, and
 * staff mean Paris time whatever the server's or the browser's zone.
 */
const TIME_ZONE = "Europe/Paris";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function wallClock(date: Date) {
  const get = (type: string) => parts.formatToParts(date).find((part) => part.type === type)!.value;
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** "2026-03-29T14:30" for an input of type datetime-local, in Paris time. */
export function toParisInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return "";
  const { year, month, day, hour, minute } = wallClock(value);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/**
 * The instant a `datetime-local` value names in Paris (an ISO string with its own offset is taken
 * as is); null when it is not a date.
 */
export function fromParisInput(text: string | null | undefined): Date | null {
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) {
    const parsed = /(Z|[+-]\d{2}:?\d{2})$/.test(text.trim()) ? new Date(text) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
  }
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (new Date(asUtc).getUTCDate() !== d) return null; // 31 February...
  // The zone's offset at that moment, found from the wall clock it shows; twice for DST edges.
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const shown = wallClock(new Date(instant));
    const shownUtc = Date.UTC(+shown.year, +shown.month - 1, +shown.day, +shown.hour, +shown.minute);
    instant = asUtc - (shownUtc - Math.floor(instant / 60_000) * 60_000);
  }
  return new Date(instant);
}

/** "23/11/2026": a date as the article form's `date` field shows it (dd/MM/yyyy), in Paris time. */
export function toParisDate(date: Date | string | null | undefined): string {
  const input = toParisInput(date);
  if (!input) return "";
  const [year, month, day] = input.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
}

/** Noon in Paris on a dd/MM/yyyy date (or d/M/yyyy), or null when it is not a real date. */
export function fromParisDate(text: string | null | undefined): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text?.trim() ?? "");
  if (!match) return null;
  const [, day, month, year] = match;
  return fromParisInput(`${year}-${month!.padStart(2, "0")}-${day!.padStart(2, "0")}T12:00`);
}
