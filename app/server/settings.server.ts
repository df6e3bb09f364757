import { eq, or, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { ENCRYPTED_PREFIX } from "~/server/db/encrypted-text.server";
import { publicSettings, siteSettings } from "~/server/db/schema";
import {
  BRAND_NAME,
  BUILT_IN_LOGO,
  DEFAULT_COMPANY_DESCRIPTION,
  DEFAULT_SITE_TITLE,
} from "~/lib/site-defaults";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";

/** Settings as the public side may see them: the public_settings view, with the spec's defaults. */
export type PublicSettings = {
  companyName: string;
  companyEmail: string | null;
  companyPhone: string | null;
  companyAddress: string | null;
  companyCity: string | null;
  companyZipCode: string | null;
  companyDescription: string;
  companyLogo: string;
  enableBlog: boolean;
  enableProjects: boolean;
  enableContactForm: boolean;
  enableTestimonials: boolean;
  enableExpertise: boolean;
  enableNewsletter: boolean;
  enableCache: boolean;
  enableRecaptcha: boolean;
  facebookUrl: string | null;
  twitterUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  youtubeUrl: string | null;
  siteTitle: string;
  siteDescription: string | null;
  siteKeywords: string | null;
  recaptchaSiteKey: string | null;
  updatedAt: Date | null;
};

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  companyName: BRAND_NAME,
  companyEmail: null,
  companyPhone: null,
  companyAddress: null,
  companyCity: null,
  companyZipCode: null,
  companyDescription: DEFAULT_COMPANY_DESCRIPTION,
  companyLogo: BUILT_IN_LOGO,
  enableBlog: true,
  enableProjects: true,
  enableContactForm: true,
  enableTestimonials: true,
  enableExpertise: true,
  enableNewsletter: false,
  enableCache: true,
  enableRecaptcha: true,
  facebookUrl: null,
  twitterUrl: null,
  instagramUrl: null,
  linkedinUrl: null,
  youtubeUrl: null,
  siteTitle: DEFAULT_SITE_TITLE,
  siteDescription: null,
  siteKeywords: null,
  recaptchaSiteKey: null,
  updatedAt: null,
};

/** Public settings; a failed read falls back to the defaults (public-site.md §8). */
export const getPublicSettings = cachedUntilContentChanges(readPublicSettings, {
  fallback: DEFAULT_PUBLIC_SETTINGS,
  failure: "public settings read failed; using defaults",
});

async function readPublicSettings(): Promise<PublicSettings> {
  const [row] = await db().select().from(publicSettings).limit(1);
  if (!row) return DEFAULT_PUBLIC_SETTINGS;
  const present = Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== null && value !== ""),
  ) as Partial<PublicSettings>;
  return { ...DEFAULT_PUBLIC_SETTINGS, ...present };
}

/** The whole settings row, secrets included: server-side use only (mail, robot check). */
export async function getSiteSettings() {
  const [row] = await db().select().from(siteSettings).limit(1);
  return row ?? null;
}
export type SiteSettings = NonNullable<Awaited<ReturnType<typeof getSiteSettings>>>;

/**
 * Encrypts the secrets a database still holds in clear (written before encryption, or by SQL):
 * each is read as it is and written back through the encrypted columns. Run at start.
 */
export async function encryptStoredSecrets() {
  const columns = ["mailjet_api_key", "mailjet_secret_key", "smtp_password", "recaptcha_secret_key"];
  const clear = columns.map((column) => sql`(${sql.identifier(column)} not like ${ENCRYPTED_PREFIX + "%"})`);
  const rows = await db()
    .select({
      id: siteSettings.id,
      mailjetApiKey: siteSettings.mailjetApiKey,
      mailjetSecretKey: siteSettings.mailjetSecretKey,
      smtpPassword: siteSettings.smtpPassword,
      recaptchaSecretKey: siteSettings.recaptchaSecretKey,
    })
    .from(siteSettings)
    .where(or(...clear));
  for (const { id, ...secrets } of rows) {
    await db().update(siteSettings).set(secrets).where(eq(siteSettings.id, id));
  }
  return rows.length;
}
