import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { closePool } from "./client.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded.server";

let embedded: EmbeddedDatabase | undefined;

/** With DATABASE_URL: that server. Without: the embedded one in DATA_DIR/postgres. */
export async function openDatabase() {
  if (config.databaseUrl) return;
  embedded = await startEmbeddedPostgres(config.dataDir);
  process.env.DATABASE_URL = embedded.url;
  logger.info("embedded PostgreSQL started");
}

export async function closeDatabase() {
  await closePool();
  if (embedded) {
    await embedded.stop();
    delete process.env.DATABASE_URL;
    embedded = undefined;
    logger.info("embedded PostgreSQL stopped");
  }
}
