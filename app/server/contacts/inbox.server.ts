import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { serviceTypeLabels, serviceTypes, type ContactStatus } from "~/lib/enums";
import type { ListPage } from "~/lib/list-query";
import type { ContactListQuery } from "~/lib/schemas/contacts";
import {
  mutate,
  MissingRowError,
  type MutationContext,
  type MutationScope,
} from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { containsText, countSearched, listOrder, listPage } from "~/server/db/list.server";
import { contactNotes, contacts, contactStatusCounts } from "~/server/db/schema";
import { contactOriginColumns, type ContactOrigin } from "./origin.server";
import { assertMayEraseContacts, deleteContactsWithData } from "./retention.server";
import { moveToTrash } from "~/server/trash/trash.server";
import { countFailedOutbox } from "~/server/mail/outbox-admin.server";

/** Lower case without accents, to match a search against the service names. */
function folded(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * The inbox's filter: the search text in name, e-mail, subject, message or service type (its code
 * or its French name: "rénovation" finds 'renovation'), the status, and the assignment ('Mes
 * demandes': assigned to `viewerId`; 'Non attribuées': to nobody).
 */
export function contactsWhere(
  query: Pick<ContactListQuery, "q" | "filters">,
  viewerId?: string,
): SQL | undefined {
  const services = query.q
    ? serviceTypes.filter(
        (type) => folded(serviceTypeLabels[type]).includes(folded(query.q)) || type.includes(folded(query.q)),
      )
    : [];
  const search = query.q
    ? or(
        containsText([contacts.name, contacts.email, contacts.subject, contacts.message], query.q),
        services.length > 0 ? inArray(contacts.serviceType, services) : undefined,
      )
    : undefined;
  // Spam shows only under its own filter.
  const status = query.filters.status
    ? eq(contacts.status, query.filters.status)
    : ne(contacts.status, "spam");
  const assigned = query.filters.assigned;
  const assignment =
    assigned === "none"
      ? isNull(contacts.assignedTo)
      : assigned === "me" && viewerId
        ? eq(contacts.assignedTo, viewerId)
        : undefined;
  return and(search, status, assignment);
}

/** What the list shows (each column is sent again in the page's data); the detail adds the rest. */
const listColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  serviceType: contacts.serviceType,
  status: contacts.status,
  createdAt: contacts.createdAt,
};

export type ContactListItem = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  serviceType: string;
  status: ContactStatus;
  createdAt: Date;
};

/**
 * How many requests there are, all of them (spam aside) or those of one status: read from the
 * counts the triggers on `contacts` keep (the table is not counted).
 */
export async function countContacts(status?: string): Promise<number> {
  const [row] = await db()
    .select({ requests: sql<number>`coalesce(sum(${contactStatusCounts.requests}), 0)::int` })
    .from(contactStatusCounts)
    .where(status ? eq(contactStatusCounts.status, status) : ne(contactStatusCounts.status, "spam"));
  return row?.requests ?? 0;
}

/**
 * How many requests a search or the assignment filter finds: through the trigram indexes when the
 * text is long enough.
 */
function countMatches(query: ContactListQuery, where: SQL | undefined): Promise<number> {
  return countSearched(query.q, (executor) => executor.$count(contacts, where));
}

/** One page of the inbox as `viewerId` asks for it, filtered and counted in SQL. */
export function listContacts(query: ContactListQuery, viewerId?: string): Promise<ListPage<ContactListItem>> {
  const where = contactsWhere(query, viewerId);
  const order = listOrder(contacts.createdAt, query.dir, contacts.id);
  return listPage(query.page, {
    count: () =>
      query.q || query.filters.assigned ? countMatches(query, where) : countContacts(query.filters.status),
    // The page's ids first, from the order's index alone, then only those 25 rows: a deep page
    // (2,000) skips index entries instead of reading 50,000 rows from the table.
    rows: ({ limit, offset }) =>
      db()
        .select(listColumns)
        .from(contacts)
        .where(
          inArray(
            contacts.id,
            db()
              .select({ id: contacts.id })
              .from(contacts)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(...order) as Promise<ContactListItem[]>,
  });
}

export type ContactNote = { id: string; body: string; authorEmail: string | null; createdAt: Date };
export type ContactDetail = ContactListItem &
  /** Where the visit came from (decision 029). */
  ContactOrigin & {
    subject: string | null;
    message: string;
    sourcePage: string | null;
    statusChangedAt: Date;
    assignedTo: string | null;
    /** yyyy-mm-dd */
    followUpOn: string | null;
    notes: ContactNote[];
  };

/** A request with its whole message and its notes (oldest first), or null. */
export async function getContact(id: string): Promise<ContactDetail | null> {
  const [contact] = await db()
    .select({
      ...listColumns,
      subject: contacts.subject,
      message: contacts.message,
      sourcePage: contacts.sourcePage,
      ...contactOriginColumns,
      statusChangedAt: contacts.statusChangedAt,
      assignedTo: contacts.assignedTo,
      followUpOn: contacts.followUpOn,
    })
    .from(contacts)
    .where(eq(contacts.id, id));
  if (!contact) return null;
  const notes = await db()
    .select({
      id: contactNotes.id,
      body: contactNotes.body,
      authorEmail: contactNotes.authorEmail,
      createdAt: contactNotes.createdAt,
    })
    .from(contactNotes)
    .where(eq(contactNotes.contactId, id))
    .orderBy(asc(contactNotes.createdAt), asc(contactNotes.id));
  return { ...(contact as ContactListItem & Omit<ContactDetail, keyof ContactListItem>), notes };
}

/**
 * Sets the status of one or several requests. Idempotent: a request already in that status is
 * left alone (its retention clock keeps running); the others get `status_changed_at` now and an
 * audit row each. Returns the number of requests changed.
 */
export async function setContactStatus(
  context: MutationContext,
  ids: string[],
  status: ContactStatus,
): Promise<number> {
  if (ids.length === 0) return 0;
  return mutate(context, (scope) => changeStatus(scope, ids, status));
}

/** `setContactStatus` inside a change already under way (a reply moves 'Nouveau' to 'En cours'). */
export async function changeStatus(
  { tx, audit }: Pick<MutationScope, "tx" | "audit">,
  ids: string[],
  status: ContactStatus,
) {
  const changed = await tx
    .update(contacts)
    .set({ status, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(contacts.id, ids), ne(contacts.status, status)))
    .returning({ id: contacts.id });
  for (const { id } of changed) {
    await audit({
      action: "status",
      entityType: "contacts",
      entityId: id,
      changedFields: ["status", "status_changed_at"],
      details: { status },
    });
  }
  return changed.length;
}

export async function addContactNote(context: MutationContext, contactId: string, body: string) {
  return mutate(context, async (m) => {
    const [contact] = await m.tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
    if (!contact) throw new MissingRowError("contacts", contactId);
    return m.insert(contactNotes, {
      contactId,
      body,
      authorId: context.actor.id,
      authorEmail: context.actor.email,
    });
  });
}

/**
 * Erases requests marked as spam, and their notes and e-mails, at once; ids that are not (or no
 * longer) spam are left alone. Returns how many were erased; one audit row tells the count.
 */
export async function eraseSpam(context: MutationContext, ids: string[]) {
  return mutate(context, async ({ tx, audit }) => {
    await assertMayEraseContacts(tx, context.actor);
    const spam = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(inArray(contacts.id, ids), eq(contacts.status, "spam")));
    const erased = await deleteContactsWithData(
      tx,
      spam.map((row) => row.id),
      context.actor,
    );
    await audit({ action: "erase_spam", entityType: "contacts", details: { count: erased } });
    return erased;
  });
}

/** 'Supprimer': to the trash with its notes (decision 012); the e-mails about it are linked back on restore. */
export function trashContact(context: MutationContext, id: string) {
  return mutate(context, (m) => moveToTrash(m, context.actor, "contacts", id));
}

/**
 * Erases a request on the person's demand (GDPR art. 17): the request, its notes and the e-mails
 * about it. The audit row says that it happened, not whose it was.
 */
export async function eraseContact(context: MutationContext, id: string) {
  await mutate(context, async ({ tx, audit }) => {
    if ((await deleteContactsWithData(tx, [id], context.actor)) === 0)
      throw new MissingRowError("contacts", id);
    await audit({ action: "erase", entityType: "contacts", entityId: id });
  });
}

type ContactBrief = { id: string; name: string; subject: string | null; createdAt: Date };

export type StaffNotifications = {
  /** The new requests, and the five newest of them. */
  count: number;
  latest: ContactBrief[];
  /** The open requests ('Nouveau', 'En cours') assigned to the reader, the five newest. */
  assigned: { count: number; latest: ContactBrief[] };
  /** Mails given up after their retries (issue 22): someone has to look at them. */
  failedMails: number;
  /** The bell's figure: new requests, the reader's own requests in progress, and mails given up. */
  total: number;
};

const briefColumns = {
  id: contacts.id,
  name: contacts.name,
  subject: contacts.subject,
  createdAt: contacts.createdAt,
};

/**
 * The header's notifications: the new requests and the open ones assigned to `viewerId` (issue
 * 22), with the five newest of each, and the count of mails given up.
 */
export async function getStaffNotifications(viewerId?: string): Promise<StaffNotifications> {
  const mine = viewerId
    ? and(eq(contacts.assignedTo, viewerId), inArray(contacts.status, ["new", "in_progress"]))
    : sql`false`;
  const [count, latest, assignedCounts, assignedLatest, failedMails] = await Promise.all([
    countContacts("new"),
    db()
      .select(briefColumns)
      .from(contacts)
      .where(eq(contacts.status, "new"))
      .orderBy(...listOrder(contacts.createdAt, "desc", contacts.id))
      .limit(5),
    db()
      .select({ status: contacts.status, requests: sql<number>`count(*)::int` })
      .from(contacts)
      .where(mine)
      .groupBy(contacts.status),
    db()
      .select(briefColumns)
      .from(contacts)
      .where(mine)
      .orderBy(...listOrder(contacts.createdAt, "desc", contacts.id))
      .limit(5),
    countFailedOutbox(),
  ]);
  const assigned = assignedCounts.reduce((sum, row) => sum + row.requests, 0);
  const inProgress = assignedCounts.find((row) => row.status === "in_progress")?.requests ?? 0;
  return {
    count,
    latest,
    assigned: { count: assigned, latest: assignedLatest },
    failedMails,
    total: count + inProgress + failedMails,
  };
}
