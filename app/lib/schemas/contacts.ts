import { z } from "~/lib/zod";
import { contactStatuses } from "~/lib/enums";
import { defineListSpec, type ListQuery } from "~/lib/list-query";

/**
 * How long a contact request is kept after its last status change, in months: the default (CNIL
 * guidance for prospect data: three years) and the bounds the database accepts. The settings
 * screen edits it within its own, stricter limit.
 */
export const CONTACT_RETENTION_MONTHS = { min: 1, max: 120, default: 36 } as const;

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
