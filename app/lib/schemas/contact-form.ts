import { parseWithZod } from "@conform-to/zod/v4";
import { RECAPTCHA_FIELD, ROBOT_CHECK_MESSAGE } from "~/lib/contact";
import { serviceTypes } from "~/lib/enums";
import { z } from "~/lib/zod";

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

/** The same rules, plus a completed challenge when the robot check is on. */
export function contactSubmissionSchema(robotCheck: boolean) {
  if (!robotCheck) return contactSchema;
  return contactSchema.extend({
    [RECAPTCHA_FIELD]: z.string({ error: ROBOT_CHECK_MESSAGE }).min(1, ROBOT_CHECK_MESSAGE),
  });
}

/** A posted contact form checked against those rules: in the browser and on the server alike. */
export function parseContactSubmission(formData: FormData, robotCheck: boolean) {
  return parseWithZod(formData, { schema: contactSubmissionSchema(robotCheck) });
}
