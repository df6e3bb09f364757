import { missingPlaceholder, templateProblem } from "~/lib/admin/email-templates";
import { emailTemplateNames } from "~/lib/enums";
import { z } from "~/lib/zod";

const templatePart = (required: string, max: number) =>
  z.string({ error: required }).min(1, required).max(max, `${max} caractères au maximum`);

/** The reply's HTML is made from its text (`textToHtml`): its screen edits no HTML part. */
export const textOnlyTemplate = (name: string) => name === "contact_reply";

/**
 * An e-mail template as the templates screen saves it (back-office.md §2.17): each part required
 * (the reply's HTML aside), then checked against its template's Mustache rules and placeholders,
 * refused with the line and the reason.
 */
export const emailTemplateSchema = z
  .object({
    name: z.enum(emailTemplateNames),
    updatedAt: z.string().optional(),
    subject: templatePart("Le sujet est requis", 200),
    htmlContent: z.string().max(100_000, "100000 caractères au maximum").optional(),
    textContent: templatePart("Le contenu texte est requis", 50_000),
  })
  .superRefine(
    (value, context) => {
      if (!value.htmlContent && !textOnlyTemplate(value.name))
        context.addIssue({ code: "custom", path: ["htmlContent"], message: "Le contenu HTML est requis" });
      for (const part of ["subject", "htmlContent", "textContent"] as const) {
        const source = value[part];
        if (typeof source !== "string" || !source) continue;
        const problem =
          templateProblem(source, value.name) ??
          (part === "subject" ? null : missingPlaceholder(source, value.name));
        if (problem) context.addIssue({ code: "custom", path: [part], message: problem });
      }
    },
    // Also while another part is refused (Zod skips refinements then): every message at once.
    { when: ({ value }) => emailTemplateNames.includes((value as { name?: never }).name!) },
  );
export type EmailTemplateInput = z.infer<typeof emailTemplateSchema>;

/** The test-send dialog: a destination address (back-office.md §5). */
export const testEmailSchema = z.object({
  name: z.enum(emailTemplateNames, { error: "Veuillez sélectionner un template" }),
  to: z
    .string({ error: "Veuillez entrer une adresse email de test" })
    .trim()
    .min(1, "Veuillez entrer une adresse email de test")
    .max(254, "Email invalide")
    .pipe(z.email("Email invalide")),
});
