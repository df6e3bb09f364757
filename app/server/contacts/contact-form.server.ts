import {
  FORM_DISABLED_MESSAGE,
  HONEYPOT_FIELD,
  RECAPTCHA_FIELD,
  ORIGIN_FIELD,
  SOURCE_PAGE_FIELD,
  type ContactActionData,
  type ContactFormSettings,
  SEND_FAILED_MESSAGE,
} from "~/lib/contact";
import { parseContactSubmission, type ContactInput } from "~/lib/schemas/contact-form";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { db } from "~/server/db/client.server";
import { contacts } from "~/server/db/schema";
import { contactOriginOf, ownPageOf, publicPath, type ContactOrigin } from "./origin.server";
import { logger as rootLogger } from "~/server/logger.server";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { contactTemplateVariables, loadTemplate, renderEmail } from "~/server/mail/templates.server";
import { robotCheckOf, verifyRecaptcha } from "~/server/security/recaptcha.server";
import { throttleKeyOfAddress } from "~/server/security/client-ip.server";
import { createRateLimiter } from "~/server/security/rate-limit.server";
import { getSiteSettings, type SiteSettings } from "~/server/settings.server";
import { plural } from "~/lib/plural";

const logger = rootLogger.child({ module: "contacts" });

/** The visitor may try again in `minutes`, or call (back-office.md: the company's phone). */
export function rateLimitedMessage(retryAfterSeconds: number, phone: string | null): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = plural(minutes, "minute");
  return phone
    ? `Trop de demandes envoyées. Réessayez dans ${wait} ou appelez-nous au ${phone}.`
    : `Trop de demandes envoyées. Réessayez dans ${wait}.`;
}

// Per client address: enough for a person correcting a request, too few for a flood.
const limiter = createRateLimiter({ keyPrefix: "contact", points: 5, durationSeconds: 10 * 60 });
/**
 * The confirmation goes to whatever address the visitor typed: capped per hour for each address
 * and for the whole site, so the form cannot be turned into a mailer aimed at third parties.
 * Past a cap the request is still stored and the company still notified; only the confirmation
 * is left out.
 */
const confirmationsPerAddress = createRateLimiter({
  keyPrefix: "contact-confirmation-to",
  points: 3,
  durationSeconds: 60 * 60,
});
const confirmationsOverall = createRateLimiter({
  keyPrefix: "contact-confirmation-all",
  points: 100,
  durationSeconds: 60 * 60,
});

async function mayConfirmTo(address: string) {
  return (
    (await confirmationsPerAddress.consume(address.trim().toLowerCase())) &&
    (await confirmationsOverall.consume("site"))
  );
}

/**
 * What a page embedding <ContactForm> passes it. Read once and kept until the settings change: it
 * needs the whole settings row (the robot check is on only with both keys), secrets decrypted.
 */
export const getContactFormProps = cachedUntilContentChanges(
  async (): Promise<ContactFormSettings> => {
    const robotCheck = robotCheckOf(await getSiteSettings());
    return { recaptchaSiteKey: robotCheck.active ? robotCheck.siteKey : null };
  },
  {
    fallback: { recaptchaSiteKey: null },
    failure: "contact form settings read failed",
    tables: ["site_settings"],
  },
);

/**
 * The page that brought the visitor (analytics: requests by page): what the form's script sent
 * (the page viewed before the form's), else the page the form was posted from (Referer, our own
 * host only), else unknown.
 */
export function sourcePageOf(
  field: FormDataEntryValue | null,
  referer: string | null,
  ownHost: string | null,
): string | null {
  if (typeof field === "string" && field) {
    const path = publicPath(field);
    if (path) return path;
  }
  const url = ownPageOf(referer, ownHost);
  return url ? publicPath(url.pathname) : null;
}

/**
 * Handles a posted contact form (public-site.md §7 Contact submission): validates it with the
 * form's own schema, checks for robots, stores the request, then queues the two e-mails.
 */
export async function submitContact(
  formData: FormData,
  {
    clientIp,
    referer = null,
    ownHost = null,
  }: {
    clientIp: string;
    /** The request's Referer and Host: the form's page when the browser sent no source page. */
    referer?: string | null;
    ownHost?: string | null;
  },
): Promise<ContactActionData> {
  const settings = await getSiteSettings();
  const robotCheck = robotCheckOf(settings);
  if (settings?.enableContactForm === false) {
    return { outcome: "error", message: FORM_DISABLED_MESSAGE, result: { status: "error" } };
  }
  const submission = parseContactSubmission(formData, robotCheck.active);

  // A robot filled the hidden field: let it believe it worked, keep nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info({ clientIp }, "contact form honeypot filled; request dropped");
    return { outcome: "success", result: submission.reply({ resetForm: true }) };
  }

  if (submission.status !== "success") {
    return { outcome: "invalid", result: submission.reply() };
  }

  const turn = await limiter.take(throttleKeyOfAddress(clientIp));
  if (!turn.allowed) {
    logger.warn({ clientIp }, "contact form rate limit reached");
    return {
      outcome: "error",
      message: rateLimitedMessage(turn.retryAfterSeconds, settings?.companyPhone ?? null),
      retryAfterSeconds: turn.retryAfterSeconds,
      result: submission.reply(),
    };
  }

  const token = formData.get(RECAPTCHA_FIELD);
  const verification = await verifyRecaptcha(
    robotCheck,
    typeof token === "string" ? token : undefined,
    clientIp,
  );
  if (!verification.success) {
    logger.warn({ clientIp, errorCodes: verification.errorCodes }, "reCAPTCHA verification failed");
    return { outcome: "error", message: SEND_FAILED_MESSAGE, result: submission.reply() };
  }

  try {
    await saveContactRequest(submission.value, settings, {
      sourcePage: sourcePageOf(formData.get(SOURCE_PAGE_FIELD), referer, ownHost),
      origin: contactOriginOf(formData.get(ORIGIN_FIELD), referer, ownHost),
      confirm: await mayConfirmTo(submission.value.email),
    });
  } catch (error) {
    logger.error({ err: error }, "contact request could not be stored");
    return { outcome: "error", message: SEND_FAILED_MESSAGE, result: submission.reply() };
  }
  return { outcome: "success", result: submission.reply({ resetForm: true }) };
}

/**
 * Stores the request (status 'new') and, in the same transaction, queues the confirmation to the
 * visitor (unless `confirm` is false: a cap was reached) and the notice to the company. Queuing
 * runs in a savepoint: should it fail (a template deleted...), the request is still kept.
 */
export async function saveContactRequest(
  input: ContactInput,
  settings: SiteSettings | null,
  {
    sourcePage = null,
    origin,
    confirm = true,
  }: { sourcePage?: string | null; origin?: ContactOrigin; confirm?: boolean } = {},
) {
  const contact = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        serviceType: input.serviceType,
        status: "new",
        sourcePage,
        ...origin,
      })
      .returning();
    try {
      await tx.transaction(async (savepoint) => {
        const variables = contactTemplateVariables(row!);
        if (confirm) {
          const confirmation = renderEmail(await loadTemplate(savepoint, "contact_confirmation"), variables);
          await enqueueEmail(savepoint, {
            templateName: "contact_confirmation",
            contactId: row!.id,
            toAddress: row!.email,
            replyTo: settings?.replyToEmail || settings?.companyEmail || null,
            subject: confirmation.subject,
            htmlBody: confirmation.html,
            textBody: confirmation.text,
          });
        } else {
          logger.warn({ contactId: row!.id }, "confirmation cap reached: no confirmation e-mail queued");
        }
        if (settings?.companyEmail) {
          const notification = renderEmail(await loadTemplate(savepoint, "contact_notification"), variables);
          await enqueueEmail(savepoint, {
            templateName: "contact_notification",
            contactId: row!.id,
            toAddress: settings.companyEmail,
            // Staff answer the visitor straight from the notice.
            replyTo: row!.email,
            subject: notification.subject,
            htmlBody: notification.html,
            textBody: notification.text,
          });
        } else {
          logger.warn({ contactId: row!.id }, "no company_email: contact notification not queued");
        }
      });
    } catch (error) {
      logger.error({ err: error, contactId: row!.id }, "contact e-mails could not be queued; request kept");
    }
    return row!;
  });
  announceEnqueued();
  logger.info({ contactId: contact.id }, "contact request stored");
  return contact;
}
