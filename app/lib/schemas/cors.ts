import { checkCspDomain, cspDirectiveChoices, DEFAULT_CSP_DIRECTIVES } from "~/lib/csp-domain";
import { corsDomainTypes } from "~/lib/enums";
import { z } from "~/lib/zod";

/** The type badge's words (back-office.md §2.23). */
export const corsDomainTypeLabels: Record<(typeof corsDomainTypes)[number], string> = {
  cors: "CORS",
  csp: "CSP",
  both: "CORS et CSP",
};

/**
 * The add/edit dialog of /admin/cors (back-office.md §5 'CORS domain'): the domain checked and
 * normalised by the one validator the CSP builder also uses (https:// prefixed, `*.example.com`
 * allowed; `*`, `*.com`, `http:` and paths refused).
 */
export const corsDomainSchema = z.object({
  domain: z.string({ error: "Le domaine est requis" }).transform((value, context) => {
    const checked = checkCspDomain(value);
    if (checked.ok) return checked.domain;
    context.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  }),
  type: z.enum(corsDomainTypes, { error: "Type de domaine invalide" }).default("both"),
  description: z
    .string()
    .trim()
    .max(300, "La description est trop longue (300 caractères maximum)")
    .optional(),
  cspDirectives: z
    .array(z.enum(cspDirectiveChoices))
    .default([])
    .transform((directives) => (directives.length > 0 ? directives : DEFAULT_CSP_DIRECTIVES)),
});

export type CorsDomainInput = z.infer<typeof corsDomainSchema>;
