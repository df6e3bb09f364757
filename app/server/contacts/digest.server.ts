import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { textToHtml } from "~/lib/admin/email-templates";
import { formatDateTime, formatShortDate } from "~/lib/format-date";
import { analyticsDay } from "~/server/analytics/visitors.server";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { contacts, users } from "~/server/db/schema";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { contactLink, displayName } from "./workflow.server";
import { plural } from "~/lib/plural";

/** Lines a digest lists per section; the rest is a count and the inbox's link. */
const LISTED = 30;

type Line = { id: string; name: string; subject: string | null; at: string };

function section(title: string, lines: Line[], total: number, more: string) {
  const listed = lines.map(
    (line) =>
      `- ${line.name}${line.subject ? ` — ${line.subject}` : ""} (${line.at})\n  ${contactLink(line.id)}`,
  );
  const rest = total > lines.length ? [`… et ${total - lines.length} autre(s) : ${more}`] : [];
  return [`${title} (${total}) :`, ...listed, ...rest].join("\n");
}

/**
 * The 08:00 digest (Europe/Paris, issue 22): to each active staff member who has not turned it
 * off in 'Profil', their open requests due for a follow-up (today or before) and the new requests
 * nobody has taken. Nothing is sent to someone with nothing to read. Queued in the outbox in one
 * transaction; returns how many digests were queued.
 */
export async function sendDailyDigests(now = new Date()) {
  const today = analyticsDay(now);
  const open = inArray(contacts.status, ["new", "in_progress"]);
  const unassignedWhere = and(eq(contacts.status, "new"), isNull(contacts.assignedTo));
  const [people, unassigned, unassignedTotal] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.dailyDigest, true), sql`${users.banned} is not true`))
      .orderBy(asc(users.email)),
    db()
      .select({
        id: contacts.id,
        name: contacts.name,
        subject: contacts.subject,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(unassignedWhere)
      .orderBy(desc(contacts.createdAt), asc(contacts.id))
      .limit(LISTED),
    db().$count(contacts, unassignedWhere),
  ]);
  const unassignedLines = unassigned.map((row) => ({
    ...row,
    at: `reçue le ${formatDateTime(row.createdAt)}`,
  }));

  const queued = await db().transaction(async (tx) => {
    let count = 0;
    for (const person of people) {
      const dueWhere = and(eq(contacts.assignedTo, person.id), lte(contacts.followUpOn, today), open);
      const [due, dueTotal] = await Promise.all([
        tx
          .select({
            id: contacts.id,
            name: contacts.name,
            subject: contacts.subject,
            on: contacts.followUpOn,
          })
          .from(contacts)
          .where(dueWhere)
          .orderBy(asc(contacts.followUpOn), asc(contacts.createdAt))
          .limit(LISTED),
        tx.$count(contacts, dueWhere),
      ]);
      if (dueTotal === 0 && unassignedTotal === 0) continue;
      const parts = [
        dueTotal > 0
          ? section(
              "À relancer",
              due.map((row) => ({ ...row, at: `à relancer le ${formatShortDate(row.on!)}` })),
              dueTotal,
              `${config.publicUrl}/admin/contacts?assigned=me`,
            )
          : null,
        unassignedTotal > 0
          ? section(
              "Nouvelles demandes non attribuées",
              unassignedLines,
              unassignedTotal,
              `${config.publicUrl}/admin/contacts?status=new&assigned=none`,
            )
          : null,
      ].filter((part) => part !== null);
      const text = `Bonjour ${displayName(person)},

${parts.join("\n\n")}

Vous recevez ce récapitulatif chaque matin à 8 h. Pour ne plus le recevoir : ${config.publicUrl}/admin/profile`;
      await enqueueEmail(tx, {
        templateName: "contact_digest",
        toAddress: person.email,
        subject: `Récapitulatif du jour : ${dueTotal} à relancer, ${plural(unassignedTotal, "non attribuée", "non attribuées")}`,
        htmlBody: textToHtml(text),
        textBody: text,
      });
      count += 1;
    }
    return count;
  });
  if (queued > 0) announceEnqueued();
  return { queued };
}

/** Whether a staff member receives the daily digest ('Profil'). */
export async function receivesDailyDigest(userId: string) {
  const [row] = await db().select({ on: users.dailyDigest }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** 'Recevoir le récapitulatif quotidien' in 'Profil': each person for themselves, audited. */
export async function setDailyDigest(context: MutationContext, on: boolean) {
  await mutate(context, (m) => m.update(users, context.actor.id, { dailyDigest: on }));
}
