import { once } from "node:events";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { contactStatusLabels, serviceTypeLabels, type ContactStatus, type ServiceType } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import type { ContactListQuery } from "~/lib/schemas/contacts";
import { db } from "~/server/db/client.server";
import { listOrder } from "~/server/db/list.server";
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
];

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab, a carriage return) as a formula: a
 * visitor's "name" could run one. The leading quote makes it text (OWASP "CSV injection").
 */
export function spreadsheetSafe(value: string | null): string {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const BATCH = 1000;

/** The filtered inbox in the list's order, a batch at a time (keyset: no growing OFFSET). */
async function* contactBatches(query: ContactListQuery, viewerId?: string) {
  const where = contactsWhere(query, viewerId);
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    // The cursor compares the stored microseconds, which a JS Date would round away.
    const keyset: SQL | undefined = after
      ? or(
          lt(contacts.createdAt, sql`${after.createdAt}::timestamptz`),
          and(eq(contacts.createdAt, sql`${after.createdAt}::timestamptz`), gt(contacts.id, after.id)),
        )
      : undefined;
    const rows = await db()
      .select({
        id: contacts.id,
        cursor: sql<string>`${contacts.createdAt}::text`,
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
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    const last: { cursor: string; id: string } = rows.at(-1)!;
    after = { createdAt: last.cursor, id: last.id };
    if (rows.length < BATCH) return;
  }
}

/**
 * The filtered inbox as CSV for Excel: UTF-8 with a byte-order mark (accents read right),
 * semicolons (the list separator of French Excel), one row per request, newest first. Streamed.
 */
export function contactsCsv(query: ContactListQuery, viewerId?: string): ReadableStream<Uint8Array> {
  const csv = stringify({
    bom: true,
    delimiter: ";",
    header: true,
    record_delimiter: "windows",
    // With a CRLF record delimiter only CRLF is quoted; a lone line break must be too, or the
    // message would spill onto a new row.
    quoted_match: /[\r\n]/,
    columns: columns.map(({ key, header }) => ({ key, header })),
  });
  void (async () => {
    try {
      for await (const batch of contactBatches(query, viewerId)) {
        for (const row of batch) {
          const record = {
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
          if (!csv.write(record)) await once(csv, "drain");
        }
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
