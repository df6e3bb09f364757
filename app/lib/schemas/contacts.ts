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

export const REPLY_MAX_LENGTH = 20_000;

/** 'Répondre': the mail as staff finally wrote it (issue 22). */
export const contactReplySchema = z.object({
  subject: z
    .string({ error: "Le sujet est requis" })
    .trim()
    .min(1, "Le sujet est requis")
    .max(200, "Le sujet est trop long (200 caractères maximum)"),
  body: z
    .string({ error: "Le message ne peut pas être vide" })
    .trim()
    .min(1, "Le message ne peut pas être vide")
    .max(REPLY_MAX_LENGTH, `Le message est trop long (${REPLY_MAX_LENGTH} caractères maximum)`),
});

export type ContactReply = z.infer<typeof contactReplySchema>;

/** 'Attribuer à': a staff member's id, or nothing to take the request back. */
export const contactAssignSchema = z.object({
  assignee: z.uuid("Membre de l'équipe inconnu").optional(),
});

/** 'À relancer le': a day (the date input's yyyy-mm-dd), or nothing to remove the follow-up. */
export const contactFollowUpSchema = z.object({
  followUpOn: z.iso.date("Date invalide").optional(),
});

/** The inbox's assignment filter: 'Mes demandes', 'Non attribuées'. */
export const contactAssignmentFilters = ["me", "none"] as const;
export const contactAssignmentFilterLabels: Record<(typeof contactAssignmentFilters)[number], string> = {
  me: "Mes demandes",
  none: "Non attribuées",
};

/**
 * The inbox's URL: `?q=` (name, e-mail, subject, message, service), `?status=`, `?assigned=`
 * (me, none), `?page=`, newest first.
 */
export const contactListSpec = defineListSpec({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
  filters: { status: contactStatuses, assigned: contactAssignmentFilters },
});
export type ContactListQuery = ListQuery<"createdAt", "status" | "assigned">;
