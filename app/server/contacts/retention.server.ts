import { subMonths } from "date-fns";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { CONTACT_RETENTION_MONTHS } from "~/lib/schemas/contacts";
import { recordAudit } from "~/server/audit/audit.server";
import { db, type DatabaseTransaction, type Executor } from "~/server/db/client.server";
import { auditLog, contacts, emailOutbox, siteSettings, users } from "~/server/db/schema";
import { logger as rootLogger } from "~/server/logger.server";

const logger = rootLogger.child({ module: "contacts" });

/** The retention period in months (settings row, or the default when there is none). */
export async function getContactRetentionMonths(): Promise<number> {
  const [row] = await db()
    .select({ months: siteSettings.contactRetentionMonths })
    .from(siteSettings)
    .limit(1);
  return row?.months ?? CONTACT_RETENTION_MONTHS.default;
}

export const CONTACT_ERASURE_FORBIDDEN_MESSAGE =
  "Seul un administrateur peut effacer définitivement une demande de contact.";

export class ContactErasureForbiddenError extends Error {
  constructor() {
    super(CONTACT_ERASURE_FORBIDDEN_MESSAGE);
  }
}

/**
 * Erasing a contact request for good is for administrators (decision 024), whatever the path:
 * 'Effacer', the spam's 'Effacer', the trash's 'Supprimer définitivement'. The role is read as
 * it is stored now, in the erasure's transaction. `eraser` null: the daily purges (retention,
 * trash), which erase what is due.
 */
export async function assertMayEraseContacts(executor: Executor, eraser: { id: string } | null) {
  if (eraser === null) return;
  const [account] = await executor.select({ role: users.role }).from(users).where(eq(users.id, eraser.id));
  if (account?.role !== "admin") throw new ContactErasureForbiddenError();
}

/**
 * Deletes contact requests with everything holding their personal data: their notes (cascade),
 * the e-mails queued or sent about them, and the visitor's name the audit trail kept as the
 * label of its rows (the journal shows labels; the rows themselves stay, nameless). Returns how
 * many requests were deleted. `eraser`: as assertMayEraseContacts.
 */
export async function deleteContactsWithData(
  tx: DatabaseTransaction,
  ids: string[],
  eraser: { id: string } | null,
): Promise<number> {
  await assertMayEraseContacts(tx, eraser);
  if (ids.length === 0) return 0;
  await tx.delete(emailOutbox).where(inArray(emailOutbox.contactId, ids));
  await tx
    .update(auditLog)
    .set({ details: sql`${auditLog.details} - 'label'` })
    .where(and(eq(auditLog.entityType, "contacts"), inArray(auditLog.entityId, ids)));
  const deleted = await tx.delete(contacts).where(inArray(contacts.id, ids)).returning({ id: contacts.id });
  return deleted.length;
}

/**
 * The daily retention purge: requests whose last status change is older than the retention
 * period are deleted. The audit trail records the count, never who or what.
 */
export async function purgeExpiredContacts(now = new Date()): Promise<{ deleted: number; cutoff: Date }> {
  const months = await getContactRetentionMonths();
  const cutoff = subMonths(now, months);
  const deleted = await db().transaction(async (tx) => {
    const expired = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(lt(contacts.statusChangedAt, cutoff))
      .for("update", { skipLocked: true });
    const count = await deleteContactsWithData(
      tx,
      expired.map((row) => row.id),
      null,
    );
    if (count > 0) {
      await recordAudit(tx, {
        actor: null,
        action: "retention_purge",
        entityType: "contacts",
        details: { deleted: count, retentionMonths: months, cutoff: cutoff.toISOString() },
      });
    }
    return count;
  });
  if (deleted > 0) logger.info({ deleted, months }, "expired contact requests deleted");
  return { deleted, cutoff };
}
