import { logger } from "~/server/logger.server";
import { getSiteSettings, type SiteSettings } from "~/server/settings.server";
import { describeMailError, MailTimeoutError } from "./mail-errors.server";
import { createMailTransport, senderOf, VERIFY_TIMEOUT_MS } from "./transports.server";

export type MailProvider = "mailjet" | "smtp";

/** What the e-mail templates screen's banner shows (back-office.md §2.17, §4). */
export type MailCheck = { valid: boolean; provider: MailProvider | null; message: string };

export const INCOMPLETE_CONFIGURATION =
  "La configuration Mailjet est incomplète. Veuillez configurer les paramètres Mailjet dans les paramètres du site.";
const INCOMPLETE_MAILJET =
  "Informations de connexion Mailjet incomplètes. Veuillez fournir une clé API, une clé secrète et une adresse email d'expédition.";

/**
 * Checks the provider the outbox worker would use with the saved settings (or `settings`, the
 * keys as typed on the settings screen), for real: Mailjet's API with the keys (MAILJET_API_URL),
 * or the SMTP server with nodemailer's verify() over TLS. Never waits more than
 * VERIFY_TIMEOUT_MS; a failure is a French summary (describeMailError).
 */
export async function checkMailConfiguration(settings?: SiteSettings | null): Promise<MailCheck> {
  settings ??= await getSiteSettings();
  const transport = createMailTransport(settings);
  if (!transport || transport.kind === "file") {
    const oneKeyOnly = Boolean(settings?.mailjetApiKey) !== Boolean(settings?.mailjetSecretKey);
    return {
      valid: false,
      provider: null,
      message: oneKeyOnly ? INCOMPLETE_MAILJET : INCOMPLETE_CONFIGURATION,
    };
  }
  const provider = transport.kind;
  try {
    senderOf(settings);
  } catch {
    return {
      valid: false,
      provider,
      message:
        provider === "mailjet"
          ? INCOMPLETE_MAILJET
          : "Aucune adresse d'expédition : renseignez l'email d'expédition dans les paramètres du site.",
    };
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transport.verify(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailTimeoutError()), VERIFY_TIMEOUT_MS);
      }),
    ]);
    return { valid: true, provider, message: "Connexion établie avec succès!" };
  } catch (error) {
    logger.warn({ err: error, provider }, "mail configuration check failed");
    return { valid: false, provider, message: describeMailError(error) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
