import pg from "pg";
import { e2e, expect, sql } from "../support/e2e";

/**
 * Every row of the configuration tables a test changes, kept whole and put back after it, so tests
 * may change anything through the screens. The triggers on these tables tell the app.
 */
export async function snapshotTables(tables: string[]) {
  const saved = new Map<string, Record<string, unknown>[]>();
  for (const table of tables) saved.set(table, await sql(`select * from ${table}`));
  return async function restore() {
    const client = new pg.Client({ connectionString: e2e.databaseUrl });
    await client.connect();
    try {
      // One transaction: the site never sees a table half restored.
      await client.query("begin");
      for (const [table, rows] of saved) {
        await client.query(`delete from ${table}`);
        await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
          JSON.stringify(rows),
        ]);
      }
      await client.query("commit");
    } finally {
      await client.end();
    }
  };
}

/** Retries a check against the public site until it holds (changes travel by NOTIFY, < 1 s). */
export async function until(check: () => Promise<void>) {
  await expect(check).toPass({ timeout: 10_000 });
}
