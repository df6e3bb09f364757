import { and, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { contactStatusLabels, serviceTypeLabels, type ContactStatus, type ServiceType } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import type { ContactListQuery } from "~/lib/schemas/contacts";
import { db } from "~/server/db/client.server";
import { csvStream, spreadsheetSafe } from "~/server/export/csv.server";
import { keysetBatches, keysetValue, listOrder } from "~/server/db/list.server";
import { contacts } from "~/server/db/schema";
import { contactsWhere } from "./inbox.server";

const columns = [
  { key: "createdAt", header: "Date" },
  { key: "name", header: "Nom" },
  { key: "email", header: "Email" },
  { key: "phone", header: "Téléphone" },
  { key: "service", header: "Service" },
  { key: "subject", header: "Objet" },
  { key: "message", header: "Message" },
  { key: "status", header: "Statut" },
  { key: "sourcePage", header: "Page d'origine" },
] as const;

/** The filtered inbox in the list's order, a batch at a time. */
function contactBatches(query: ContactListQuery, viewerId?: string) {
  const where = contactsWhere(query, viewerId);
  return keysetBatches(
    (after: { createdAt: string; id: string } | null, size) => {
      // The cursor compares the stored microseconds, which a JS Date would round away.
      const keyset: SQL | undefined = after
        ? or(
            lt(contacts.createdAt, sql`${after.createdAt}::timestamptz`),
            and(eq(contacts.createdAt, sql`${after.createdAt}::timestamptz`), gt(contacts.id, after.id)),
          )
        : undefined;
      return db()
        .select({
          id: contacts.id,
          cursor: keysetValue(contacts.createdAt),
          createdAt: contacts.createdAt,
          name: contacts.name,
          email: contacts.email,
          phone: contacts.phone,
          serviceType: contacts.serviceType,
          subject: contacts.subject,
          message: contacts.message,
          status: contacts.status,
          sourcePage: contacts.sourcePage,
        })
        .from(contacts)
        .where(and(where, keyset))
        .orderBy(...listOrder(contacts.createdAt, "desc", contacts.id))
        .limit(size);
    },
    (row) => ({ createdAt: row.cursor, id: row.id }),
  );
}

/**
 * The filtered inbox as CSV for Excel (`csvStream`): one row per request, newest first. Streamed.
 */
export function contactsCsv(query: ContactListQuery, viewerId?: string): ReadableStream<Uint8Array> {
  return csvStream(columns, contactRecords(query, viewerId));
}

async function* contactRecords(query: ContactListQuery, viewerId?: string) {
  for await (const batch of contactBatches(query, viewerId))
    for (const row of batch)
      yield {
        createdAt: formatDateTime(row.createdAt),
        name: spreadsheetSafe(row.name),
        email: spreadsheetSafe(row.email),
        phone: spreadsheetSafe(row.phone),
        service: serviceTypeLabels[row.serviceType as ServiceType] ?? row.serviceType,
        subject: spreadsheetSafe(row.subject),
        message: spreadsheetSafe(row.message),
        status: contactStatusLabels[row.status as ContactStatus] ?? row.status,
        sourcePage: spreadsheetSafe(row.sourcePage),
      };
}
