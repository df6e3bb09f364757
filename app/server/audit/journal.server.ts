/**
 * The 'Journal d'activité' (issue 21, point 4): every audit row, newest first, filtered in SQL and
 * read a page at a time after a (created_at, id) cursor, never with OFFSET nor a count of the
 * table, so the first page and the ten-thousandth cost the same at a million rows.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  actionLabel,
  entityLabel,
  formatCursor,
  SYSTEM_ACTOR,
  SYSTEM_ACTOR_LABEL,
  type JournalCursor,
  type JournalPosition,
  type journalListSpec,
} from "~/lib/admin/audit-journal";
import { formatDateTime } from "~/lib/format-date";
import { PAGE_SIZE, type ListQuery } from "~/lib/list-query";
import { isUuid } from "~/lib/uuid";
import { db } from "~/server/db/client.server";
import { containsText, keysetBatches } from "~/server/db/list.server";
import { auditLabels, auditLog, users } from "~/server/db/schema";
import { csvStream, spreadsheetSafe } from "~/server/export/csv.server";

type JournalFilter = typeof journalListSpec extends { filters?: Record<infer F, unknown> } ? F : never;
export type JournalQuery = ListQuery<"date", JournalFilter>;

/** The item's title as the row stored it (mutate() keeps the row's title or name there). */
const storedLabel = sql<string | null>`(${auditLog.details} ->> 'label')`;

/** Its key in audit_labels, and the first column of the rows' index for the search. */
const storedLabelHash = sql`md5(${storedLabel})::uuid`;

/**
 * Past this many titles found, the rows are matched through the titles' query (a subquery) rather
 * than a list of their hashes: each listed hash is a parameter, and a query takes at most 65,535.
 */
const LISTED_LABELS = 500;

/**
 * The rows whose title contains the search. The titles are found first, among the distinct ones
 * (audit_labels), then their rows through the (title hash, date) index: a title in 200 rows of a
 * million costs 200 index entries, not the trigram lists of every word it shares with others.
 */
async function labelContains(search: string): Promise<SQL | undefined> {
  const found = containsText([auditLabels.label], search);
  if (!found) return undefined;
  const labels = () => db().select({ hash: auditLabels.hash }).from(auditLabels).where(found);
  const listed = await labels().limit(LISTED_LABELS + 1);
  // No title found: inArray of an empty list is `false`.
  return inArray(
    storedLabelHash,
    listed.length > LISTED_LABELS ? labels() : listed.map((label) => label.hash),
  );
}

/** The filters as one condition; the day bounds are Paris days, whatever the server's zone. */
export async function journalWhere(query: JournalQuery): Promise<SQL | undefined> {
  const { person, action, type, from, to } = query.filters;
  return and(
    person === SYSTEM_ACTOR
      ? and(isNull(auditLog.actorId), isNull(auditLog.actorEmail))
      : person
        ? eq(auditLog.actorId, person)
        : undefined,
    action ? eq(auditLog.action, action) : undefined,
    type ? eq(auditLog.entityType, type) : undefined,
    from ? sql`${auditLog.createdAt} >= (${from}::date)::timestamp at time zone 'Europe/Paris'` : undefined,
    to ? sql`${auditLog.createdAt} < (${to}::date + 1)::timestamp at time zone 'Europe/Paris'` : undefined,
    await labelContains(query.q),
  );
}

/** Rows strictly after (older) or before (newer) the cursor, in the index's order. */
function beyond(cursor: JournalCursor, direction: "older" | "newer"): SQL {
  const key = sql`(${auditLog.createdAt}, ${auditLog.id})`;
  const at = sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  return direction === "older" ? sql`${key} < ${at}` : sql`${key} > ${at}`;
}

function readRows(where: SQL | undefined, direction: "older" | "newer", limit: number) {
  const order = direction === "older" ? desc : asc;
  return db()
    .select({
      id: auditLog.id,
      // The cursor: PostgreSQL's text keeps the microseconds.
      at: sql<string>`${auditLog.createdAt}::text`,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      actorName: users.name,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      changedFields: auditLog.changedFields,
      label: storedLabel,
      ipAddress: auditLog.ipAddress,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(order(auditLog.createdAt), order(auditLog.id))
    .limit(limit);
}

type AuditRow = Awaited<ReturnType<typeof readRows>>[number];

/**
 * The admin screen of each kind of item, and the column that names it: an item is linked when
 * its row is still in its table (a trashed one has left it).
 */
const itemScreens: Record<string, { table: string; title: string | null; path: (id: string) => string }> = {
  blog_articles: { table: "blog_articles", title: "title", path: (id) => `/admin/blog/edit/${id}` },
  projects: { table: "projects", title: "title", path: (id) => `/admin/projects/edit/${id}` },
  // A gallery's rows name their project (an image's delete names the image: no link then).
  project_images: { table: "projects", title: "title", path: (id) => `/admin/projects/edit/${id}` },
  cms_pages: { table: "cms_pages", title: "title", path: (id) => `/admin/cms/edit/${id}` },
  contacts: { table: "contacts", title: "name", path: (id) => `/admin/contacts?contact=${id}` },
  expertise_blocks: { table: "expertise_blocks", title: "title", path: () => "/admin/expertise" },
  blog_authors: { table: "blog_authors", title: "name", path: () => "/admin/authors" },
  blog_categories: { table: "blog_categories", title: "name", path: () => "/admin/categories" },
  project_categories: {
    table: "project_categories",
    title: "name",
    path: () => "/admin/categories?tab=projects",
  },
  media_assets: { table: "media_assets", title: "original_name", path: () => "/admin/media" },
  users: { table: "users", title: "name", path: () => "/admin/users" },
  email_templates: { table: "email_templates", title: "name", path: () => "/admin/email-templates" },
  cors_domains: { table: "cors_domains", title: "domain", path: () => "/admin/cors" },
  csp_config: { table: "csp_config", title: null, path: () => "/admin/cors" },
  site_settings: { table: "site_settings", title: null, path: () => "/admin/settings" },
};

/** Which of the rows' items still exist, and their current titles: one query per kind on the page. */
async function liveItems(rows: AuditRow[]): Promise<Map<string, { title: string | null; href: string }>> {
  const found = new Map<string, { title: string | null; href: string }>();
  const byType = new Map<string, Set<string>>();
  for (const row of rows)
    if (row.entityId && isUuid(row.entityId) && itemScreens[row.entityType])
      byType.set(row.entityType, (byType.get(row.entityType) ?? new Set()).add(row.entityId));
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const screen = itemScreens[type];
      const title = screen.title ? sql.identifier(screen.title) : sql`null`;
      const result = await db().execute<{ id: string; title: string | null }>(
        sql`select id::text as id, ${title}::text as title from ${sql.identifier(screen.table)}
            where id in (${sql.join(
              [...ids].map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
      for (const item of result.rows)
        found.set(`${type}:${item.id}`, { title: item.title, href: screen.path(item.id) });
    }),
  );
  return found;
}

export type JournalEntry = {
  id: string;
  createdAt: Date;
  /** The account's name, the address typed (a sign-in without account), or null: a job. */
  who: string | null;
  email: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  /** The title stored with the row, else the item's current one. */
  item: string | null;
  /** Its admin screen, when the item is still there. */
  href: string | null;
  changedFields: string[] | null;
  ipAddress: string | null;
};

async function describe(rows: AuditRow[]): Promise<JournalEntry[]> {
  const live = await liveItems(rows);
  return rows.map((row) => {
    const item = live.get(`${row.entityType}:${row.entityId}`);
    return {
      id: row.id,
      createdAt: row.createdAt,
      who: row.actorName ?? row.actorEmail,
      email: row.actorEmail,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      item: row.label ?? item?.title ?? null,
      href: item?.href ?? null,
      changedFields: row.changedFields,
      ipAddress: row.ipAddress,
    };
  });
}

export type JournalPage = {
  entries: JournalEntry[];
  /** The cursors of 'Plus récentes' and 'Plus anciennes', null when there is nothing that way. */
  newer: string | null;
  older: string | null;
};

const cursorOf = (row: AuditRow) => formatCursor({ at: row.at, id: row.id });

/**
 * One page of the journal at `position`. Each read asks one row more than a page to know whether
 * another page follows; a 'Plus récentes' that reaches the newest rows shows the first page.
 */
export async function listJournal(query: JournalQuery, position: JournalPosition): Promise<JournalPage> {
  const where = await journalWhere(query);
  if (position.direction === "newer") {
    const rows = await readRows(and(where, beyond(position.cursor, "newer")), "newer", PAGE_SIZE + 1);
    if (rows.length > PAGE_SIZE) {
      const page = rows.slice(0, PAGE_SIZE).reverse();
      return { entries: await describe(page), newer: cursorOf(page[0]), older: cursorOf(page.at(-1)!) };
    }
  }
  const older = position.direction === "older";
  const rows = await readRows(
    older ? and(where, beyond(position.cursor, "older")) : where,
    "older",
    PAGE_SIZE + 1,
  );
  const page = rows.slice(0, PAGE_SIZE);
  return {
    entries: await describe(page),
    newer: older && page.length > 0 ? cursorOf(page[0]) : null,
    older: rows.length > PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
  };
}

/** The person filter's choices: every account, then the jobs. */
export async function listJournalPeople(): Promise<{ value: string; label: string }[]> {
  const accounts = await db()
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .orderBy(asc(users.name));
  return [
    ...accounts.map((account) => ({ value: account.id, label: `${account.name} (${account.email})` })),
    { value: SYSTEM_ACTOR, label: SYSTEM_ACTOR_LABEL },
  ];
}

const csvColumns = [
  { key: "date", header: "Date" },
  { key: "who", header: "Personne" },
  { key: "email", header: "E-mail" },
  { key: "action", header: "Action" },
  { key: "type", header: "Type" },
  { key: "item", header: "Élément" },
  { key: "itemId", header: "Identifiant" },
  { key: "fields", header: "Champs modifiés" },
  { key: "address", header: "Adresse IP" },
] as const;

async function* journalRecords(query: JournalQuery) {
  const where = await journalWhere(query);
  const batches = keysetBatches(
    (cursor: JournalCursor | null, size) =>
      readRows(cursor ? and(where, beyond(cursor, "older")) : where, "older", size),
    (last) => ({ at: last.at, id: last.id }),
  );
  for await (const rows of batches)
    for (const entry of await describe(rows))
      yield {
        date: formatDateTime(entry.createdAt),
        who: spreadsheetSafe(entry.who ?? SYSTEM_ACTOR_LABEL),
        email: spreadsheetSafe(entry.email),
        action: spreadsheetSafe(actionLabel(entry.action)),
        type: spreadsheetSafe(entityLabel(entry.entityType)),
        item: spreadsheetSafe(entry.item),
        itemId: spreadsheetSafe(entry.entityId),
        fields: spreadsheetSafe(entry.changedFields?.join(", ")),
        address: spreadsheetSafe(entry.ipAddress),
      };
}

/** The filtered journal as CSV for Excel, newest first, streamed a thousand rows at a time. */
export function journalCsv(query: JournalQuery): ReadableStream<Uint8Array> {
  return csvStream(csvColumns, journalRecords(query));
}
