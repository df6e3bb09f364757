import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema";

export type OutboxMessage = typeof emailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof emailOutbox.$inferInsert,
  "templateName" | "contactId" | "toAddress" | "replyTo" | "subject" | "htmlBody" | "textBody"
>;

const enqueued = new EventEmitter();

/** Queues a message in the caller's transaction; call `announceEnqueued` once it has committed. */
export async function enqueueEmail(database: Pick<Database, "insert">, message: NewOutboxMessage) {
  const [row] = await database.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
  return row!.id;
}

/** Wakes this process's worker now instead of at its next poll. */
export function announceEnqueued() {
  enqueued.emit("enqueued");
}

export function onEnqueued(listener: () => void) {
  enqueued.on("enqueued", listener);
  return () => void enqueued.off("enqueued", listener);
}

/**
 * Claims up to `limit` due messages for this worker. Rows locked by another worker's claim are
 * skipped, and a claimed row is leased until `leaseMs` from now: if this process dies mid-send,
 * another worker takes it over once the lease has expired.
 */
export async function claimDueMessages(database: Database, limit: number, leaseMs: number) {
  const result = await database.execute<{ id: string }>(sql`
    update ${emailOutbox}
    set status = 'sending',
        attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from ${emailOutbox}
      where status in ('pending', 'sending') and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return database.query.emailOutbox.findMany({ where: (t, { inArray }) => inArray(t.id, ids) });
}

export async function markSent(database: Database, id: string) {
  await database.execute(sql`
    update ${emailOutbox} set status = 'sent', sent_at = now(), last_error = null where id = ${id}`);
}

/** Records a failed attempt: retried after `retryInMs`, or given up when `giveUp`. */
export async function markAttemptFailed(
  database: Database,
  id: string,
  error: string,
  { giveUp, retryInMs }: { giveUp: boolean; retryInMs: number },
) {
  await database.execute(sql`
    update ${emailOutbox}
    set status = ${giveUp ? "failed" : "pending"},
        last_error = ${error.slice(0, 2000)},
        next_attempt_at = now() + make_interval(secs => ${retryInMs / 1000})
    where id = ${id}`);
}

/** Stops retrying a message that failed once (a test e-mail: staff already read why). */
export async function giveUpMessage(database: Database, id: string) {
  await database.execute(sql`
    update ${emailOutbox} set status = 'failed' where id = ${id} and status = 'pending'`);
}
