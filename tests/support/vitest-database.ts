import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closePool } from "~/server/db/client.server";
import { createDatabase, dropDatabase } from "./postgres";

// Each integration test file gets its own database, cloned from the migrated template, and
// DATABASE_URL points at it before the file's own imports run.
const adminUrl = inject("adminUrl");
const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
process.env.DATABASE_URL = await createDatabase(adminUrl, name, inject("templateDatabase"));
// The backup key of the file's installation: its own, never the operator's (~/.config/betic).
process.env.BACKUP_KEY_FILE = path.join(tmpdir(), `${name}.backup-key`);

afterAll(async () => {
  await closePool();
  await dropDatabase(adminUrl, name);
  await rm(process.env.BACKUP_KEY_FILE!, { force: true });
});
