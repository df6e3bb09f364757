import { z } from "~/lib/zod";

/**
 * The site settings form (back-office.md §2.16, §3, §5): the spec's grouped field names
 * (`company.name`, `email.smtpServer`, ...), shared by the screen and its action.
 *
 * Secrets are write-only: the form never receives their value; an empty field keeps what is
 * stored, a value replaces it, and `clearSecrets` lists those to empty.
 */

export const SECRET_FIELDS = [
  "email.mailjetApiKey",
  "email.mailjetSecretKey",
  "email.smtpPassword",
  "apiKeys.recaptchaSecretKey",
  "apiKeys.tinymceApiKey",
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** Contact requests may be kept this long after their last status change (CNIL: 3 years). */
export const MAX_RETENTION_MONTHS = 36;

/** Refused sign-ins stay in the activity journal this many days (purged daily). */
export const SIGN_IN_AUDIT_RETENTION_DAYS = { min: 1, max: 365, default: 90 } as const;
const retentionDaysMessage = `Une durée entre ${SIGN_IN_AUDIT_RETENTION_DAYS.min} et ${SIGN_IN_AUDIT_RETENTION_DAYS.max} jours`;

const text = (max: number, message = `${max} caractères au maximum`) =>
  z.string().trim().max(max, message).optional();

const optionalEmail = z.string().trim().max(254, "Email invalide").pipe(z.email("Email invalide")).optional();

/** An absolute https address: the only links the site publishes. */
export function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

const httpsUrl = (message: string) =>
  z.string().trim().max(500, message).refine(isHttpsUrl, message).optional();

/** A host name or an IPv4 address, nothing else (no scheme, port or path). */
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const secret = z.string().trim().max(500, "500 caractères au maximum").optional();

/** Google Analytics: GA4 (G-XXXXXXXXXX) or the older Universal Analytics (UA-XXXXXXXXX-X). */
const ANALYTICS_ID = /^(G-[A-Z0-9]{4,16}|UA-\d{4,10}-\d{1,4})$/;

export const siteSettingsSchema = z.object({
  updatedAt: z.string().optional(),
  company: z.object({
    name: z
      .string({ error: "Le nom de l'entreprise est requis" })
      .trim()
      .min(1, "Le nom de l'entreprise est requis")
      .max(120, "120 caractères au maximum"),
    email: z
      .string({ error: "Email invalide" })
      .trim()
      .max(254, "Email invalide")
      .pipe(z.email("Email invalide")),
    phone: z
      .string()
      .trim()
      .max(30, "Numéro de téléphone invalide")
      .regex(/^\+?[\d\s.()-]{6,}$/, "Numéro de téléphone invalide")
      .optional(),
    address: text(200),
    city: text(100),
    zipCode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, "Code postal invalide (5 chiffres)")
      .optional(),
    description: text(1000),
    logo: z
      .string()
      .trim()
      .max(500, "URL du logo invalide")
      .refine(
        (value) => isHttpsUrl(value) || /^\/(?!\/)[\w\-./%]*$/.test(value),
        "URL du logo invalide : une adresse https:// ou un chemin du site commençant par /",
      )
      .optional(),
  }),
  seo: z.object({
    siteTitle: text(120),
    siteDescription: text(500),
    keywords: text(500),
    googleAnalyticsId: z
      .string()
      .trim()
      .toUpperCase()
      .regex(ANALYTICS_ID, "Identifiant Google Analytics invalide (G-XXXXXXXXXX ou UA-XXXXXXXXX-X)")
      .optional(),
  }),
  email: z.object({
    smtpServer: z
      .string()
      .trim()
      .regex(
        HOST_NAME,
        "Serveur SMTP invalide : un nom d'hôte seul, sans protocole ni port (ex. smtp.exemple.fr)",
      )
      .optional(),
    smtpPort: z
      .number({ error: "Port SMTP invalide (un nombre entre 1 et 65535)" })
      .int("Port SMTP invalide (un nombre entre 1 et 65535)")
      .min(1, "Port SMTP invalide (un nombre entre 1 et 65535)")
      .max(65535, "Port SMTP invalide (un nombre entre 1 et 65535)")
      .optional(),
    smtpUsername: text(254),
    smtpPassword: secret,
    fromEmail: optionalEmail,
    replyToEmail: optionalEmail,
    fromName: text(120),
    mailjetApiKey: secret,
    mailjetSecretKey: secret,
    projectNotificationEmail: optionalEmail,
  }),
  social: z.object({
    facebook: httpsUrl("URL Facebook invalide"),
    twitter: httpsUrl("URL Twitter invalide"),
    instagram: httpsUrl("URL Instagram invalide"),
    linkedin: httpsUrl("URL LinkedIn invalide"),
    youtube: httpsUrl("URL YouTube invalide"),
  }),
  features: z.object({
    enableBlog: z.boolean().default(false),
    enableProjects: z.boolean().default(false),
    enableContactForm: z.boolean().default(false),
    enableTestimonials: z.boolean().default(false),
    enableNewsletter: z.boolean().default(false),
    enableExpertise: z.boolean().default(false),
    enableRecaptcha: z.boolean().default(false),
    requireAdminTwoFactor: z.boolean().default(false),
    contactRetentionMonths: z
      .number({ error: `Une durée entre 1 et ${MAX_RETENTION_MONTHS} mois` })
      .int(`Une durée entre 1 et ${MAX_RETENTION_MONTHS} mois`)
      .min(1, `Une durée entre 1 et ${MAX_RETENTION_MONTHS} mois`)
      .max(MAX_RETENTION_MONTHS, `Une durée entre 1 et ${MAX_RETENTION_MONTHS} mois`),
    signInAuditRetentionDays: z
      .number({ error: retentionDaysMessage })
      .int(retentionDaysMessage)
      .min(SIGN_IN_AUDIT_RETENTION_DAYS.min, retentionDaysMessage)
      .max(SIGN_IN_AUDIT_RETENTION_DAYS.max, retentionDaysMessage),
  }),
  apiKeys: z.object({
    tinymceApiKey: secret,
    recaptchaSiteKey: text(200),
    recaptchaSecretKey: secret,
  }),
  clearSecrets: z.array(z.enum(SECRET_FIELDS)).default([]),
});

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

/** The form's values as the screen shows them: everything but the secrets. */
export type SiteSettingsFormValues = {
  updatedAt: string;
  company: Record<keyof SiteSettingsInput["company"], string>;
  seo: Record<keyof SiteSettingsInput["seo"], string>;
  email: Record<Exclude<keyof SiteSettingsInput["email"], SecretKey<"email">>, string>;
  social: Record<keyof SiteSettingsInput["social"], string>;
  features: Record<
    Exclude<keyof SiteSettingsInput["features"], "contactRetentionMonths" | "signInAuditRetentionDays">,
    boolean
  > & {
    contactRetentionMonths: number;
    signInAuditRetentionDays: number;
  };
  apiKeys: Record<Exclude<keyof SiteSettingsInput["apiKeys"], SecretKey<"apiKeys">>, string>;
};
type SecretKey<Group extends string> = SecretField extends infer Name
  ? Name extends `${Group}.${infer Key}`
    ? Key
    : never
  : never;

/** Whether each secret holds a value ('défini' / 'non défini'). */
export type SecretStates = Record<SecretField, boolean>;
