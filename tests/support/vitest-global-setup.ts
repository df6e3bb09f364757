import type { TestProject } from "vitest/node";
import { createDatabase, dropDatabase, startTestPostgres } from "./postgres";

/**
 * Once per run: a PostgreSQL server and a template database holding the migrated schema and the
 * reference data. Each test file then clones the template (see vitest-database.ts).
 */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres(Number(process.env.TEST_PG_PORT ?? 55600));
  const template = `test_template_${process.pid}`;
  await dropDatabase(server.adminUrl, template);
  const templateUrl = await createDatabase(server.adminUrl, template);

  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = templateUrl;
  const { migrateDatabase } = await import("~/server/db/migrate.server");
  const { closePool } = await import("~/server/db/client.server");
  await migrateDatabase();
  await closePool();
  if (previousUrl) process.env.DATABASE_URL = previousUrl;
  else delete process.env.DATABASE_URL;

  project.provide("adminUrl", server.adminUrl);
  project.provide("templateDatabase", template);
  return async () => {
    await dropDatabase(server.adminUrl, template);
    await server.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}
