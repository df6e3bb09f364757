import { afterAll, inject } from "vitest";
import { closePool } from "~/server/db/client.server";
import { createDatabase, dropDatabase } from "./postgres";

// Each integration test file gets its own database, cloned from the migrated template, and
// DATABASE_URL points at it before the file's own imports run.
const adminUrl = inject("adminUrl");
const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
process.env.DATABASE_URL = await createDatabase(adminUrl, name, inject("templateDatabase"));

afterAll(async () => {
  await closePool();
  await dropDatabase(adminUrl, name);
});
