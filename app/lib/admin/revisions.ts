/** The intent an editor's action answers with `restoreFromForm` (app/server/admin/restore.server.ts). */
export const RESTORE_INTENT = "restore";

/** One line of the 'Historique' list: who saved, when. */
export type RevisionSummary = { id: string; createdAt: Date; authorEmail: string | null };
