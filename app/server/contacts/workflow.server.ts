import { and, asc, eq, sql } from "drizzle-orm";
import { renderEmail, textToHtml } from "~/lib/admin/email-templates";
import type { ContactReply } from "~/lib/schemas/contacts";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { contacts, users } from "~/server/db/schema";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { contactTemplateVariables, loadTemplate } from "~/server/mail/templates.server";
import type { SiteSettings } from "~/server/settings.server";
import { changeStatus, type ContactDetail } from "./inbox.server";

/** An account not suspended (`banned` is null for accounts never suspended). */
const active = sql`${users.banned} is not true`;

/** Whom a request can be given to: every staff member whose account is not suspended. */
export type StaffMember = { id: string; name: string; email: string };

export function listAssignableStaff(): Promise<StaffMember[]> {
  return db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(active)
    .orderBy(asc(users.email));
}

/** A staff member as a mail greets them and as the reply signs: the name, else the address. */
export const displayName = (person: { name: string | null; email: string }) =>
  person.name?.trim() || person.email;

/**
 * The composer's draft for 'Répondre': the `contact_reply` template filled with the request and
 * the name of the staff member who answers. Staff change it freely before sending.
 */
export async function replyDraft(contact: ContactDetail, staff: { name: string | null; email: string }) {
  const template = await loadTemplate(db(), "contact_reply");
  const draft = renderEmail(template, {
    ...contactTemplateVariables(contact),
    staff_name: displayName(staff),
  });
  return { subject: draft.subject, body: draft.text };
}

/**
 * Sends staff's reply to the visitor through the outbox, as the company (its sender, its
 * Reply-To), with only what staff wrote (their text, and what of the visitor's message they chose
 * to quote). A 'Nouveau' request becomes 'En cours'. The reply is on the request's timeline with
 * its delivery state (its outbox row) and who sent it (the audit row).
 */
export async function replyToContact(
  context: MutationContext,
  contactId: string,
  reply: ContactReply,
  settings: SiteSettings | null,
) {
  const outboxId = await mutate(context, async (scope) => {
    const [contact] = await scope.tx
      .select({ id: contacts.id, email: contacts.email, status: contacts.status })
      .from(contacts)
      .where(eq(contacts.id, contactId))
      .for("update");
    if (!contact) throw new MissingRowError("contacts", contactId);
    const id = await enqueueEmail(scope.tx, {
      templateName: "contact_reply",
      contactId,
      toAddress: contact.email,
      replyTo: settings?.replyToEmail || settings?.companyEmail || null,
      subject: reply.subject,
      htmlBody: textToHtml(reply.body),
      textBody: reply.body,
    });
    await scope.audit({
      action: "reply",
      entityType: "contacts",
      entityId: contactId,
      details: { outboxId: id },
    });
    if (contact.status === "new") await changeStatus(scope, [contactId], "in_progress");
    return id;
  });
  announceEnqueued();
  return outboxId;
}

/** The inbox's address of one request, for the mails that point staff to it. */
export const contactLink = (id: string) => `${config.publicUrl}/admin/contacts?contact=${id}`;

/**
 * 'Attribuer à': gives the request to a staff member (or to nobody). The assignee is told by a
 * short mail (not when they gave it to themselves) and by their bell (the staff_events trigger on
 * `assigned_to`). Returns false when the request already was theirs.
 */
export async function assignContact(context: MutationContext, contactId: string, assigneeId: string | null) {
  const changed = await mutate(context, async ({ tx, audit }) => {
    const [contact] = await tx
      .select({
        id: contacts.id,
        name: contacts.name,
        subject: contacts.subject,
        assignedTo: contacts.assignedTo,
      })
      .from(contacts)
      .where(eq(contacts.id, contactId))
      .for("update");
    if (!contact) throw new MissingRowError("contacts", contactId);
    if (contact.assignedTo === assigneeId) return false;
    const [assignee] = assigneeId
      ? await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.id, assigneeId), active))
      : [null];
    if (assigneeId && !assignee) throw new MissingRowError("users", assigneeId);
    await tx
      .update(contacts)
      .set({ assignedTo: assigneeId, updatedAt: new Date() })
      .where(eq(contacts.id, contactId));
    await audit({
      action: "assign",
      entityType: "contacts",
      entityId: contactId,
      changedFields: ["assigned_to"],
      details: { assigneeId, assigneeEmail: assignee?.email ?? null },
    });
    if (assignee && assignee.id !== context.actor.id) {
      const text = `Bonjour ${displayName(assignee)},

${context.actor.email} vous a attribué la demande de ${contact.name}${contact.subject ? ` (« ${contact.subject} »)` : ""}.

Ouvrir la demande : ${contactLink(contact.id)}`;
      await enqueueEmail(tx, {
        templateName: "contact_assignment",
        contactId,
        toAddress: assignee.email,
        subject: `Demande attribuée : ${contact.name}`,
        htmlBody: textToHtml(text),
        textBody: text,
      });
    }
    return true;
  });
  if (changed) announceEnqueued();
  return changed;
}

/** 'À relancer le': the day the request is due for a follow-up (null: none). Audited, on the timeline. */
export async function setFollowUp(context: MutationContext, contactId: string, on: string | null) {
  return mutate(context, async ({ tx, audit }) => {
    const [row] = await tx
      .update(contacts)
      .set({ followUpOn: on, updatedAt: new Date() })
      .where(eq(contacts.id, contactId))
      .returning({ id: contacts.id });
    if (!row) throw new MissingRowError("contacts", contactId);
    await audit({
      action: "follow_up",
      entityType: "contacts",
      entityId: contactId,
      changedFields: ["follow_up_on"],
      details: { on },
    });
  });
}
