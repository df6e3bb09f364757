import {
  SECRET_FIELDS,
  type SecretField,
  type SecretStates,
  type SiteSettingsFormValues,
  type SiteSettingsInput,
} from "~/lib/schemas/site-settings";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { siteSettings } from "~/server/db/schema";
import { getSiteSettings, type SiteSettings } from "~/server/settings.server";

type Column = keyof SiteSettings;

/** Each form field of back-office.md §3 and the site_settings column it edits. */
const FIELD_COLUMNS = {
  company: {
    name: "companyName",
    email: "companyEmail",
    phone: "companyPhone",
    address: "companyAddress",
    city: "companyCity",
    zipCode: "companyZipCode",
    description: "companyDescription",
    logo: "companyLogo",
  },
  seo: {
    siteTitle: "siteTitle",
    siteDescription: "siteDescription",
    keywords: "siteKeywords",
    googleAnalyticsId: "googleAnalyticsId",
  },
  email: {
    smtpServer: "smtpServer",
    smtpPort: "smtpPort",
    smtpUsername: "smtpUsername",
    fromEmail: "fromEmail",
    replyToEmail: "replyToEmail",
    fromName: "mailjetFromName",
    projectNotificationEmail: "projectNotificationEmail",
  },
  social: {
    facebook: "facebookUrl",
    twitter: "twitterUrl",
    instagram: "instagramUrl",
    linkedin: "linkedinUrl",
    youtube: "youtubeUrl",
  },
  features: {
    enableBlog: "enableBlog",
    enableProjects: "enableProjects",
    enableContactForm: "enableContactForm",
    enableTestimonials: "enableTestimonials",
    enableNewsletter: "enableNewsletter",
    enableExpertise: "enableExpertise",
    enableRecaptcha: "enableRecaptcha",
    requireAdminTwoFactor: "requireAdminTwoFactor",
    contactRetentionMonths: "contactRetentionMonths",
    signInAuditRetentionDays: "signInAuditRetentionDays",
  },
  apiKeys: { recaptchaSiteKey: "recaptchaSiteKey" },
} as const satisfies { [Group in keyof SiteSettingsFormValues]?: Record<string, Column> };

const SECRET_COLUMNS = {
  "email.mailjetApiKey": "mailjetApiKey",
  "email.mailjetSecretKey": "mailjetSecretKey",
  "email.smtpPassword": "smtpPassword",
  "apiKeys.recaptchaSecretKey": "recaptchaSecretKey",
  "apiKeys.tinymceApiKey": "tinymceApiKey",
} as const satisfies Record<SecretField, Column>;

type Groups = keyof typeof FIELD_COLUMNS;
const groups = Object.keys(FIELD_COLUMNS) as Groups[];

export class MissingSettingsError extends Error {
  constructor() {
    super("Impossible de trouver les paramètres existants");
    this.name = "MissingSettingsError";
  }
}

/** The settings as the screen may show them: every value but the secrets, which are only flags. */
export async function readSettingsForm(): Promise<{ values: SiteSettingsFormValues; secrets: SecretStates }> {
  const row = await getSiteSettings();
  if (!row) throw new MissingSettingsError();
  const values = { updatedAt: row.updatedAt.toISOString() } as Record<string, unknown>;
  for (const group of groups) {
    values[group] = Object.fromEntries(
      Object.entries(FIELD_COLUMNS[group]).map(([field, column]) => {
        const value = row[column as Column];
        return [field, typeof value === "boolean" || typeof value === "number" ? value : (value ?? "")];
      }),
    );
  }
  const secrets = Object.fromEntries(
    SECRET_FIELDS.map((field) => [field, Boolean(row[SECRET_COLUMNS[field]])]),
  ) as SecretStates;
  return { values: values as SiteSettingsFormValues, secrets };
}

/**
 * Saves the form in one audited change (field names only in the trail). Empty optional fields
 * are stored as null so the public side falls back to its defaults; an empty secret field keeps
 * the stored secret, a filled one replaces it, `clearSecrets` empties those listed. Refused with
 * StaleContentError when someone saved since the form was opened.
 */
export async function saveSiteSettings(context: MutationContext, input: SiteSettingsInput) {
  const current = await getSiteSettings();
  if (!current) throw new MissingSettingsError();
  const changes: Partial<typeof siteSettings.$inferInsert> = {};
  const assign = changes as Record<string, unknown>;
  for (const group of groups) {
    const values = input[group] as Record<string, unknown>;
    for (const [field, column] of Object.entries(FIELD_COLUMNS[group])) {
      assign[column] = values[field] ?? null;
    }
  }
  for (const field of SECRET_FIELDS) {
    const [group, key] = field.split(".") as [keyof SiteSettingsInput, string];
    const typed = (input[group] as Record<string, unknown>)[key];
    if (typeof typed === "string" && typed !== "") assign[SECRET_COLUMNS[field]] = sealSecret(typed);
    else if (input.clearSecrets.includes(field)) assign[SECRET_COLUMNS[field]] = null;
  }
  return mutate(context, (m) =>
    m.update(siteSettings, current.id, changes, { expectedUpdatedAt: input.updatedAt ?? null }),
  );
}

/** How a secret is written to the database: the one place secrets are stored from. */
function sealSecret(value: string) {
  return value;
}

/**
 * The saved settings with the e-mail section as typed on the screen, unsaved: what 'Tester la
 * connexion' checks (issue 22). A secret left empty keeps its saved value, unless marked to be
 * erased. Nothing here is written.
 */
export function withTypedMailSettings(formData: FormData, saved: SiteSettings | null): SiteSettings {
  const typed: Record<string, unknown> = { ...saved };
  for (const [field, column] of Object.entries(FIELD_COLUMNS.email)) {
    const value = String(formData.get(`email.${field}`) ?? "").trim();
    typed[column] = column === "smtpPort" ? (value ? Number(value) : null) : value || null;
  }
  const cleared = formData.getAll("clearSecrets");
  for (const [name, column] of Object.entries(SECRET_COLUMNS)) {
    if (!name.startsWith("email.")) continue;
    const value = String(formData.get(name) ?? "");
    if (value) typed[column] = value;
    else if (cleared.includes(name)) typed[column] = null;
  }
  return typed as SiteSettings;
}
