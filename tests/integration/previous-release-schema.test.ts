import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getPool } from "~/server/db/client.server";
import { migrationsFolder } from "~/server/db/migrate.server";

// During a rolling upgrade the previous release runs against the database the new one migrated
// (docs/deploy.md §2). The previous release's schema is Drizzle's snapshot before the newest
// migration: every column its queries can name (Drizzle names each column, never `select *`) and
// every column its inserts leave out. This checks that contract against the migrated database.
type Snapshot = {
  tables: Record<
    string,
    {
      name: string;
      schema: string;
      columns: Record<string, { type: string; notNull: boolean; default?: unknown }>;
    }
  >;
};

async function snapshots() {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const read = async (idx: number) =>
    JSON.parse(
      await readFile(
        path.join(migrationsFolder, `meta/${String(idx).padStart(4, "0")}_snapshot.json`),
        "utf8",
      ),
    ) as Snapshot;
  const newest = journal.entries.at(-1)!;
  return { newest: newest.tag, previous: await read(newest.idx - 1), current: await read(newest.idx) };
}

async function databaseColumns() {
  const { rows } = await getPool().query<{
    table: string;
    column: string;
    nullable: boolean;
    defaulted: boolean;
  }>(
    `select c.table_schema || '.' || c.table_name as table, c.column_name as column,
            c.is_nullable = 'YES' as nullable,
            c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS' as defaulted
     from information_schema.columns c
     join information_schema.tables t using (table_schema, table_name)
     where t.table_type = 'BASE TABLE' and c.table_schema = 'public'`,
  );
  return rows;
}

describe("the previous release against the migrated database", () => {
  it("finds every table and column it names, with their types, and may insert without the new ones", async () => {
    const { newest, previous, current } = await snapshots();
    const columns = await databaseColumns();
    const problems: string[] = [];
    for (const [key, table] of Object.entries(previous.tables)) {
      const qualified = `${table.schema || "public"}.${table.name}`;
      const names = Object.keys(table.columns);
      // The previous release's select, as Drizzle writes it.
      await getPool()
        .query(`select ${names.map((name) => `"${name}"`).join(", ")} from "${table.name}" limit 0`)
        .catch((error: Error) => problems.push(`${qualified}: ${error.message}`));
      for (const [name, column] of Object.entries(table.columns)) {
        const now = current.tables[key]?.columns[name];
        if (now && now.type !== column.type)
          problems.push(`${qualified}.${name}: ${column.type} → ${now.type}`);
        const row = columns.find((c) => c.table === qualified && c.column === name);
        if (row && !column.notNull && !row.nullable && !row.defaulted)
          problems.push(
            `${qualified}.${name}: NOT NULL without a default (the previous release may leave it out)`,
          );
      }
      // Columns it does not know: its inserts leave them out.
      for (const row of columns.filter((c) => c.table === qualified && !names.includes(c.column)))
        if (!row.nullable && !row.defaulted)
          problems.push(`${qualified}.${row.column}: new, NOT NULL without a default`);
    }
    expect(problems, `since ${newest}`).toEqual([]);
  });
});
