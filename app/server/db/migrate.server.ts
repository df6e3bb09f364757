import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { db } from "./client.server";
import { seedReferenceData } from "./seed/reference.server";

export const migrationsFolder = path.resolve("app/server/db/migrations");

// Any constant shared by every version of the app; "betic" in ASCII.
const STARTUP_LOCK = 0x6265746963;

/**
 * Runs `prepare` while holding a PostgreSQL advisory lock, on a connection of its own: instances
 * starting together on one database prepare it one after the other, so the migrations, the demo
 * content and the first administrator are applied once. The lock goes with the connection, so an
 * instance killed half-way releases it.
 */
export async function withStartupLock<T>(prepare: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await prepare();
  } finally {
    await client.end();
  }
}

/** Schema migrations, then the reference data; safe to run any number of times. Returns how many were applied. */
export async function applyMigrations() {
  const before = await appliedMigrations();
  await migrate(db(), { migrationsFolder });
  await seedReferenceData();
  const applied = (await appliedMigrations()) - before;
  logger.info({ applied }, applied ? "database migrations applied" : "database schema up to date");
  return applied;
}

/** applyMigrations under the startup lock (tools and tests; the server locks its whole preparation). */
export function migrateDatabase() {
  return withStartupLock(applyMigrations);
}

async function appliedMigrations() {
  const { rows } = await db().execute<{ journal: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as journal`,
  );
  if (!rows[0]?.journal) return 0;
  const count = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return count.rows[0]!.n;
}
