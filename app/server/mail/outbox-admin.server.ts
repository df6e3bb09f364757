import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ListQuery } from "~/lib/list-query";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { containsText, listOrder, listPage } from "~/server/db/list.server";
import { emailOutbox } from "~/server/db/schema";
import { getSiteSettings } from "~/server/settings.server";
import { announceEnqueued } from "./outbox.server";
import { mailTransportKind } from "./transports.server";

/** One page of the outbox for staff: who, what, where it stands and the last error. */
export function listOutbox(query: ListQuery<"createdAt", "status">) {
  const where = and(
    containsText([emailOutbox.toAddress, emailOutbox.subject], query.q),
    query.filters.status ? eq(emailOutbox.status, query.filters.status) : undefined,
  );
  return listPage(query.page, {
    count: () => db().$count(emailOutbox, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: emailOutbox.id,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
          toAddress: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          templateName: emailOutbox.templateName,
          contactId: emailOutbox.contactId,
          status: emailOutbox.status,
          attempts: emailOutbox.attempts,
          nextAttemptAt: emailOutbox.nextAttemptAt,
          lastError: emailOutbox.lastError,
        })
        .from(emailOutbox)
        .where(where)
        .orderBy(...listOrder(emailOutbox.createdAt, query.dir, emailOutbox.id))
        .limit(limit)
        .offset(offset),
  });
}

/** One message in full for the outbox's detail: its body as sent, and the request it is about. */
export async function getOutboxMessage(id: string) {
  const [message] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return message ?? null;
}

/** Mails given up: what needs a look. */
export async function countFailedOutbox() {
  const [row] = await db()
    .select({ failed: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "failed"));
  return row?.failed ?? 0;
}

/**
 * What every staff member is told on the dashboard and the inbox: mail waiting because no
 * provider is configured, and mail given up after its retries. Counted through the status index.
 */
export async function getMailDeliveryAlerts() {
  const [settings, [row]] = await Promise.all([
    getSiteSettings(),
    db()
      .select({
        unsent: sql<number>`count(*) filter (where ${emailOutbox.status} <> 'failed')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')`.mapWith(Number),
      })
      .from(emailOutbox)
      .where(inArray(emailOutbox.status, ["pending", "sending", "failed"])),
  ]);
  const canSend = mailTransportKind(settings) !== null;
  return { waiting: canSend ? 0 : (row?.unsent ?? 0), failed: row?.failed ?? 0, canSend };
}

/** Resendable: given up, or waiting for a retry (sent again now). */
const RESENDABLE: SQL = inArray(emailOutbox.status, ["failed", "pending"]);

/**
 * Puts a failed or waiting message back in the queue, due now, with a fresh count of attempts,
 * and wakes this instance's worker. False when the message is being sent or already sent.
 */
export async function resendOutboxMessage(context: MutationContext, id: string) {
  return (await resendOutboxMessages(context, [id])) === 1;
}

/**
 * 'Renvoyer' for several messages at once (the outbox's selection): each one still failed or
 * waiting goes back in the queue as `resendOutboxMessage` does, audited; the others (sent, being
 * sent, gone) are left alone. Returns how many were queued again.
 */
export async function resendOutboxMessages(context: MutationContext, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db()
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.id, ids), RESENDABLE));
  if (rows.length === 0) return 0;
  await mutate(context, async (m) => {
    for (const { id } of rows)
      await m.update(
        emailOutbox,
        id,
        { status: "pending", attempts: 0, nextAttemptAt: new Date() },
        { action: "resend" },
      );
  });
  announceEnqueued();
  return rows.length;
}
