import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { startApp } from "./e2e-app";
import { E2E_ADMIN, E2E_USER } from "./e2e-constants";
import { createDatabase, dropDatabase, startTestPostgres } from "./postgres";

/**
 * Once per run: a PostgreSQL server and a template the workers clone (see e2e.ts). The template is
 * what the app makes of an empty database on its first start (schema, demo content and its media,
 * the known admin), plus a `user`-role account for role tests.
 */
export default async function globalSetup() {
  const port = Number((process.env.E2E_PORT ??= "3300"));
  process.env.E2E_STUB_PORT ??= String(port + 50);
  const runId = `e2e_${process.pid}`;
  const pgServer = await startTestPostgres(Number(process.env.E2E_PG_PORT ?? 55500));
  const templateDataDir = await mkdtemp(path.join(tmpdir(), "betic-e2e-template-"));
  const teardown = async () => {
    // Workers drop their own databases; a worker that crashed leaves its clone behind.
    for (const name of await databasesNamed(pgServer.adminUrl, `${runId}_%`))
      await dropDatabase(pgServer.adminUrl, name);
    await pgServer.stop();
    await rm(templateDataDir, { recursive: true, force: true });
  };
  try {
    await prepareTemplate(pgServer.adminUrl, `${runId}_template`, templateDataDir, port);
  } catch (error) {
    // Playwright runs no teardown after a failed setup: leave no server behind.
    await teardown();
    throw error;
  }
  Object.assign(process.env, {
    E2E_RUN_ID: runId,
    E2E_PG_ADMIN_URL: pgServer.adminUrl,
    E2E_TEMPLATE_DATABASE: `${runId}_template`,
    E2E_TEMPLATE_DATA_DIR: templateDataDir,
  });
  return teardown;
}

async function prepareTemplate(adminUrl: string, template: string, dataDir: string, port: number) {
  const templateUrl = await createDatabase(adminUrl, template);
  const app = await startApp({
    port,
    databaseUrl: templateUrl,
    dataDir,
    stubPort: Number(process.env.E2E_STUB_PORT),
    env: { SEED_DEMO: "1", ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
    startTimeoutMs: 600_000,
  });
  await app.stop();
  await promisify(execFile)(
    path.resolve("node_modules/.bin/tsx"),
    ["app/server/auth/cli/create-user.ts", "--email", E2E_USER.email, "--password", E2E_USER.password],
    { env: { ...process.env, DATABASE_URL: templateUrl, DATA_DIR: dataDir, LOG_LEVEL: "error" } },
  );
}

async function databasesNamed(adminUrl: string, pattern: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [pattern],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}
