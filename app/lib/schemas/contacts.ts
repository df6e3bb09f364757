import { z } from "~/lib/zod";
import { contactStatuses } from "~/lib/enums";
import { defineListSpec, type ListQuery } from "~/lib/list-query";

/**
 * How long a contact request is kept after its last status change (CNIL guidance for prospect
 * data: three years after the last contact), in months. The settings screen edits it.
 */
export const CONTACT_RETENTION_MONTHS = { min: 1, max: 120, default: 36 } as const;

export const contactRetentionSchema = z.object({
  contactRetentionMonths: z.coerce
    .number({ error: "Durée de conservation invalide" })
    .int("Durée de conservation invalide")
    .min(
      CONTACT_RETENTION_MONTHS.min,
      `La durée de conservation doit être d'au moins ${CONTACT_RETENTION_MONTHS.min} mois`,
    )
    .max(
      CONTACT_RETENTION_MONTHS.max,
      `La durée de conservation ne peut pas dépasser ${CONTACT_RETENTION_MONTHS.max} mois`,
    ),
});

export const contactStatusSchema = z.enum(contactStatuses, { error: "Statut inconnu" });

export const NOTE_MAX_LENGTH = 5000;

export const contactNoteSchema = z.object({
  body: z
    .string({ error: "La note ne peut pas être vide" })
    .trim()
    .min(1, "La note ne peut pas être vide")
    .max(NOTE_MAX_LENGTH, `La note est trop longue (${NOTE_MAX_LENGTH} caractères maximum)`),
});

/** The inbox's URL: `?q=` (name, e-mail, subject, message, service), `?status=`, `?page=`, newest first. */
export const contactListSpec = defineListSpec({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: { status: contactStatuses },
});
export type ContactListQuery = ListQuery<"createdAt", "status">;
