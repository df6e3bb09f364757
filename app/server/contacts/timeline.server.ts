import { and, asc, eq, inArray } from "drizzle-orm";
import type { ContactStatus, outboxStatuses } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { auditLog, contactNotes, contacts, emailOutbox } from "~/server/db/schema";
import { mailTransportKind } from "~/server/mail/transports.server";
import { getSiteSettings } from "~/server/settings.server";

/** One line of a request's history, oldest first (issue 22: the request's timeline). */
export type TimelineEvent =
  | { kind: "received"; at: Date; sourcePage: string | null }
  | {
      kind: "mail";
      at: Date;
      template: string | null;
      to: string;
      status: (typeof outboxStatuses)[number];
      error: string | null;
      /** Who sent it, for a reply written in the inbox. */
      by?: string | null;
    }
  | { kind: "status"; at: Date; status: ContactStatus; by: string | null }
  | { kind: "assign"; at: Date; to: string | null; by: string | null }
  | { kind: "follow_up"; at: Date; on: string | null; by: string | null }
  | { kind: "note"; at: Date; by: string | null };

/** The audit rows of a request that the timeline tells. */
const TOLD_ACTIONS = ["status", "assign", "follow_up", "reply"];

/**
 * What happened to a request: its arrival (and the page it came from), each mail about it with
 * where it stands (the provider's error when it failed; a reply with who wrote it), each status
 * change, assignment and follow-up date with who made it, and each note. Read from the rows
 * themselves: the outbox, the audit trail, the notes.
 * `canSend` tells whether pending mail is waiting for a provider.
 */
export async function getContactTimeline(id: string) {
  const [received, mails, changes, notes, settings] = await Promise.all([
    db()
      .select({ at: contacts.createdAt, sourcePage: contacts.sourcePage })
      .from(contacts)
      .where(eq(contacts.id, id)),
    db()
      .select({
        id: emailOutbox.id,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        template: emailOutbox.templateName,
        to: emailOutbox.toAddress,
        status: emailOutbox.status,
        error: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.contactId, id))
      .orderBy(asc(emailOutbox.createdAt)),
    db()
      .select({
        at: auditLog.createdAt,
        action: auditLog.action,
        by: auditLog.actorEmail,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, "contacts"),
          eq(auditLog.entityId, id),
          inArray(auditLog.action, TOLD_ACTIONS),
        ),
      ),
    db()
      .select({ at: contactNotes.createdAt, by: contactNotes.authorEmail })
      .from(contactNotes)
      .where(eq(contactNotes.contactId, id)),
    getSiteSettings(),
  ]);
  if (received.length === 0) return null;
  const repliedBy = new Map(
    changes
      .filter((change) => change.action === "reply")
      .map((change) => [(change.details as { outboxId: string }).outboxId, change.by]),
  );
  const events: TimelineEvent[] = [
    { kind: "received", ...received[0]! },
    ...mails.map((mail) => ({
      kind: "mail" as const,
      at: mail.sentAt ?? mail.createdAt,
      template: mail.template,
      to: mail.to,
      status: mail.status as (typeof outboxStatuses)[number],
      error: mail.status === "sent" ? null : mail.error,
      ...(repliedBy.has(mail.id) ? { by: repliedBy.get(mail.id) } : {}),
    })),
    ...changes.flatMap((change): TimelineEvent[] => {
      const { at, by } = change;
      switch (change.action) {
        case "status":
          return [{ kind: "status", at, by, status: (change.details as { status: ContactStatus }).status }];
        case "assign":
          return [
            {
              kind: "assign",
              at,
              by,
              to: (change.details as { assigneeEmail: string | null }).assigneeEmail,
            },
          ];
        case "follow_up":
          return [{ kind: "follow_up", at, by, on: (change.details as { on: string | null }).on }];
        default:
          return [];
      }
    }),
    ...notes.map((note) => ({ kind: "note" as const, ...note })),
  ];
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { events, canSend: mailTransportKind(settings) !== null };
}

export type ContactTimeline = NonNullable<Awaited<ReturnType<typeof getContactTimeline>>>;
