import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder } from "~/server/db/migrate.server";
import { createDatabase, dropDatabase } from "../support/postgres";

// Instances started together on one empty database (an upgrade restarting them all at once).
const adminUrl = inject("adminUrl");
const name = `test_migrations_once_${process.pid}`;
await dropDatabase(adminUrl, name);
const url = await createDatabase(adminUrl, name);
afterAll(() => dropDatabase(adminUrl, name));

function migrate() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, ["--import", "tsx", "app/server/db/cli/migrate.ts"], { env });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

describe("migrations at start-up", () => {
  it("are applied once when three processes migrate one empty database at the same time", async () => {
    const runs = await Promise.all([migrate(), migrate(), migrate()]);
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const applied = runs.map((run) => Number(/\((\d+) migrations applied\)/.exec(run.output)?.[1]));

    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    // One process applied them all; the others waited for the lock and found nothing to do.
    expect(applied.sort((a, b) => a - b)).toEqual([0, 0, journal.entries.length]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
      const settings = await client.query<{ n: number }>("select count(*)::int as n from site_settings");
      expect(settings.rows[0]!.n).toBe(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});
