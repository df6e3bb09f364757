import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { sql } from "drizzle-orm";
import { closePool, db } from "./client.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded.server";

let embedded: EmbeddedDatabase | undefined;

/** With DATABASE_URL: that server. Without: the embedded one in DATA_DIR/postgres. */
export async function openDatabase() {
  await closePool();
  if (config.databaseUrl) return warnIfSuperuser();
  embedded = await startEmbeddedPostgres(config.dataDir);
  process.env.DATABASE_URL = embedded.url;
  logger.info("embedded PostgreSQL started");
}

export async function closeDatabase() {
  await closePool({ forGood: true });
  if (embedded) {
    await embedded.stop();
    delete process.env.DATABASE_URL;
    embedded = undefined;
    logger.info("embedded PostgreSQL stopped");
  }
}

/** The app's everyday role should own its schema and no more (README, "Database"). */
async function warnIfSuperuser() {
  const { rows } = await db().execute<{ rolsuper: boolean }>(
    sql`select rolsuper from pg_roles where rolname = current_user`,
  );
  if (rows[0]?.rolsuper) {
    logger.warn(
      "DATABASE_URL connects as a PostgreSQL superuser: give the app a role that owns its schema and nothing more",
    );
  }
}
