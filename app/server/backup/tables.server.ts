import type pg from "pg";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getPool } from "~/server/db/client.server";
import { migrationsFolder } from "~/server/db/migrate.server";

/** The schema that holds the app's tables (pg-boss's job queues and Drizzle's journal are elsewhere). */
export const DATA_SCHEMA = "public";

export type TableInfo = { name: string; columns: string[] };

/** A table of the app's schema, always named with its schema: pg_catalog comes first on any search path. */
export const qualified = (client: pg.ClientBase, table: string) =>
  `${client.escapeIdentifier(DATA_SCHEMA)}.${client.escapeIdentifier(table)}`;

/**
 * The app's tables with their stored columns (generated columns are computed again on load), in
 * an order where every table comes after the tables it references, so a load in this order
 * satisfies the foreign keys as it goes.
 */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = $1 and c.relkind = 'r'
      group by c.relname
      order by c.relname`,
    [DATA_SCHEMA],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = $1::regnamespace and k.conrelid <> k.confrelid`,
    [DATA_SCHEMA],
  );
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);

  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && [...parents.get(table.name)!].every((name) => placed.has(name)),
    );
    if (ready.length === 0) throw new Error("The tables' foreign keys form a cycle: no load order exists.");
    for (const table of ready) {
      placed.add(table.name);
      ordered.push(table);
    }
  }
  return ordered;
}

/** A database no version of the app has prepared: it has nothing to back up. */
export class NotMigratedError extends Error {}

export type MigrationRef = { tag: string; createdAt: number; hash: string };
type Journal = { entries: { idx: number; when: number; tag: string }[] };

export async function readJournal(folder = migrationsFolder): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
}

/** The last migration Drizzle applied to this database, named by its journal entry. */
export async function lastMigration(client: pg.ClientBase): Promise<MigrationRef> {
  const { rows: journal } = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  const { rows } = journal[0]!.present
    ? await client.query<{ hash: string; created_at: string }>(
        "select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
      )
    : { rows: [] };
  const last = rows[0];
  if (!last) throw new NotMigratedError("The database has no migration applied: nothing to back up.");
  const createdAt = Number(last.created_at);
  const entry = (await readJournal()).entries.find((candidate) => candidate.when === createdAt);
  if (!entry) {
    throw new Error(
      `The database was migrated by a newer version of the application (migration of ${createdAt}).`,
    );
  }
  return { tag: entry.tag, createdAt, hash: last.hash };
}

/** `work` on one pooled connection between `begin` (its statement) and commit; rolled back on any error. */
export async function inTransaction<T>(
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
