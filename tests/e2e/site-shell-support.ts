import { sql } from "../support/e2e";

/** Settings columns the site-shell tests change; saved before and restored after each test. */
export const SHELL_SETTINGS = [
  "company_name",
  "company_email",
  "company_phone",
  "company_address",
  "company_city",
  "company_zip_code",
  "company_description",
  "facebook_url",
  "instagram_url",
  "linkedin_url",
  "enable_blog",
  "enable_projects",
  "enable_expertise",
  "enable_contact_form",
] as const;
type SettingsColumn = (typeof SHELL_SETTINGS)[number];
export type SettingsRow = Partial<Record<SettingsColumn, unknown>>;

export async function readSettings(): Promise<SettingsRow> {
  const [row] = await sql(`select ${SHELL_SETTINGS.join(", ")} from site_settings`);
  return row as SettingsRow;
}

export async function updateSettings(values: SettingsRow) {
  const columns = Object.keys(values) as SettingsColumn[];
  if (columns.length === 0) return;
  const assignments = columns.map((column, index) => `${column} = $${index + 1}`).join(", ");
  await sql(
    `update site_settings set ${assignments}`,
    columns.map((column) => values[column]),
  );
}

/** The rule of app/server/content/visibility.server.ts, written out in SQL. */
export const PUBLICLY_VISIBLE = `((status = 'published' and (published_at is null or published_at <= now()))
  or (status = 'scheduled' and scheduled_at is not null and scheduled_at <= now()))`;

/** Today in the long French form the legal pages print. */
export function todayInFrench() {
  return new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Paris",
  }).format(new Date());
}

/** Every JSON-LD block of a raw HTML document. */
export function jsonLdBlocks(html: string) {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => ({ data: JSON.parse(match[1]!) as Record<string, unknown> }),
  );
}
