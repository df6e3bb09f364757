import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "~/server/db/embedded.server";

/**
 * The PostgreSQL server a test run uses: DATABASE_URL when given (an external server whose role
 * may create databases), else an embedded one in a throwaway directory on `port`.
 */
export async function startTestPostgres(port: number) {
  if (process.env.DATABASE_URL) {
    return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "betic-test-pg-"));
  process.env.EMBEDDED_PG_PORT = String(port);
  const server = await startEmbeddedPostgres(dataDir);
  return {
    adminUrl: server.superuserUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** `run` on one connection to `adminUrl` (or any database URL), closed after it. */
export async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(adminUrl: string, name: string, template?: string) {
  await withAdmin(adminUrl, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)}` +
        (template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ""),
    ),
  );
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string) {
  await withAdmin(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
