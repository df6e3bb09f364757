import type { SubmissionResult } from "@conform-to/react";

/*
 * The contact form's field names, messages and answer, shared by the form, its page and the server.
 * Kept apart from the schema (contact-schema.ts), which brings Zod: the form loads that only when
 * a visitor is about to use it.
 */

/** What the server tells a page embedding the contact form. */
export type ContactFormSettings = {
  /** Set only when the robot check is active (enabled and both keys configured). */
  recaptchaSiteKey: string | null;
};

/** The field the reCAPTCHA v2 widget fills with its token. */
export const RECAPTCHA_FIELD = "g-recaptcha-response";
export const ROBOT_CHECK_MESSAGE = "Veuillez confirmer que vous n'êtes pas un robot";

export const SEND_FAILED_MESSAGE = "Impossible d'envoyer votre message. Veuillez réessayer plus tard.";
export const FORM_DISABLED_MESSAGE =
  "Le formulaire de contact est momentanément indisponible. Contactez-nous par téléphone ou par email.";

/** Hidden: the page that brought the visitor to the form (see page-trail.ts). */
export const SOURCE_PAGE_FIELD = "sourcePage";

/** Hidden: the visit's origin, JSON (see visit-origin.ts); the server falls back on the Referer. */
export const ORIGIN_FIELD = "origin";

/** The hidden field only robots fill in. */
export const HONEYPOT_FIELD = "website";

/** What the /contact action answers, read by the form (through a fetcher, or after a plain POST). */
export type ContactActionData = {
  /** Conform's reply: field errors and kept values, or a reset after success. */
  result: SubmissionResult<string[]>;
  outcome: "success" | "invalid" | "error";
  /** Why sending failed, shown in the error toast and under the form. */
  message?: string;
  /** Too many requests from this visitor: seconds before the next one is accepted (HTTP 429). */
  retryAfterSeconds?: number;
};
