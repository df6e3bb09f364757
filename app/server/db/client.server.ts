import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "~/server/logger.server";
import * as schema from "./schema";
import { config } from "~/server/config.server";

export type Database = NodePgDatabase<typeof schema>;

let pool: pg.Pool | undefined;
let database: Database | undefined;
/**
 * Set by closeDatabase: a late caller (a job or a write still running at shutdown) gets an error
 * rather than a new pool, whose connections the stopping server would then break.
 */
let closedForGood = false;

/** The pool for DATABASE_URL, made on first use (the embedded server sets the URL at start). */
export function getPool(): pg.Pool {
  if (!pool) {
    if (closedForGood) throw new Error("The database is closed: the process is stopping.");
    const connectionString = config.databaseUrl;
    if (!connectionString) throw new Error("DATABASE_URL is not set and no database was started.");
    const created = new pg.Pool({ connectionString, max: config.databasePoolSize });
    // An idle client losing its connection must not crash the process. Once the pool is ending,
    // its clients are still closing when end() resolves (pg-pool does not wait for their sockets):
    // the database stopping then is the shutdown, not an incident.
    created.on("error", (error) => {
      if (!created.ending) logger.error({ err: error }, "idle database client error");
    });
    pool = created;
  }
  return pool;
}

export function db(): Database {
  database ??= drizzle({ client: getPool(), schema });
  return database;
}

/** Ends the pool; `forGood` (shutdown) until openDatabase runs again, otherwise the next use opens a new one. */
export async function closePool({ forGood = false } = {}) {
  closedForGood = forGood;
  const closing = pool;
  pool = undefined;
  database = undefined;
  await closing?.end();
}

export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The pool or an open transaction: functions taking one work inside a caller's transaction. */
export type Executor = Database | DatabaseTransaction;
