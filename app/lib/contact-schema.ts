import type { SubmissionResult } from "@conform-to/react";
import { z } from "~/lib/zod";
import { serviceTypes } from "~/lib/enums";

/** The contact form's rules (public-site.md §5), shared by the browser and the server. */
export const contactSchema = z.object({
  name: z
    .string({ error: "Le nom doit contenir au moins 2 caractères" })
    .trim()
    .min(2, "Le nom doit contenir au moins 2 caractères")
    .max(120, "Le nom est trop long"),
  email: z
    .string({ error: "Email invalide" })
    .trim()
    .max(254, "Email invalide")
    .pipe(z.email("Email invalide")),
  phone: z
    .string({ error: "Numéro de téléphone invalide" })
    .trim()
    .min(6, "Numéro de téléphone invalide")
    .max(30, "Numéro de téléphone invalide"),
  subject: z
    .string({ error: "Objet trop court" })
    .trim()
    .min(3, "Objet trop court")
    .max(200, "Objet trop long"),
  message: z
    .string({ error: "Message trop court" })
    .trim()
    .min(10, "Message trop court")
    .max(5000, "Message trop long (5000 caractères maximum)"),
  // The spec shows no message for this field: an unknown value falls back to the default.
  serviceType: z.enum(serviceTypes).catch("autre"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The field the reCAPTCHA v2 widget fills with its token. */
export const RECAPTCHA_FIELD = "g-recaptcha-response";
export const ROBOT_CHECK_MESSAGE = "Veuillez confirmer que vous n'êtes pas un robot";

/** The same rules, plus a completed challenge when the robot check is on. */
export function contactSubmissionSchema(robotCheck: boolean) {
  if (!robotCheck) return contactSchema;
  return contactSchema.extend({
    [RECAPTCHA_FIELD]: z.string({ error: ROBOT_CHECK_MESSAGE }).min(1, ROBOT_CHECK_MESSAGE),
  });
}

export const SEND_FAILED_MESSAGE = "Impossible d'envoyer votre message. Veuillez réessayer plus tard.";
export const FORM_DISABLED_MESSAGE =
  "Le formulaire de contact est momentanément indisponible. Contactez-nous par téléphone ou par email.";

/** Hidden: the page that brought the visitor to the form (see page-trail.ts). */
export const SOURCE_PAGE_FIELD = "sourcePage";

/** The hidden field only robots fill in. */
export const HONEYPOT_FIELD = "website";

/** What the /contact action answers, read by the form (through a fetcher, or after a plain POST). */
export type ContactActionData = {
  /** Conform's reply: field errors and kept values, or a reset after success. */
  result: SubmissionResult<string[]>;
  outcome: "success" | "invalid" | "error";
  /** Why sending failed, shown in the error toast and under the form. */
  message?: string;
};
