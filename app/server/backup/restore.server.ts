import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { db, getPool } from "~/server/db/client.server";
import { migrateDatabase, migrationsFolder } from "~/server/db/migrate.server";
import { contentTypeOf, storage } from "~/server/media/storage.server";
import {
  ArchiveError,
  archiveEntries,
  Digest,
  mediaEntry,
  readAll,
  tableEntry,
  type Decryption,
  type Manifest,
} from "./archive.server";
import { backupDirectory, createBackup, defaultBackupName } from "./create.server";
import { backupKeyFor, checkEntry, verifyArchive } from "./verify.server";
import { currentSecretsKey, keyFingerprint, secretsKeyLocation } from "./keys.server";
import {
  DATA_SCHEMA,
  inTransaction,
  NotMigratedError,
  qualified,
  readJournal,
  tablesInLoadOrder,
} from "./tables.server";

/** The target holds data and --replace was not given: nothing was changed. */
export class TargetNotEmptyError extends Error {}

export type RestoreOptions = {
  file: string;
  /** For an archive encrypted under a passphrase; any archive needs the backup key besides. */
  passphrase?: string;
  replace?: boolean;
};

export type RestoreResult = {
  manifest: Manifest;
  /** With --replace: the backup of what was there before. */
  previousBackup?: string;
  /** Whether the key the restored secrets need is the one in place. */
  secretsKey: { status: "same" | "different" | "missing"; location: string };
};

// Written by the migrations and the reference data of every installation, so they do not make
// a database "not empty" (db/seed/reference.server.ts).
const REFERENCE_TABLES = new Set([
  "site_settings",
  "gtm_settings",
  "robots_settings",
  "sitemap_settings",
  "email_templates",
  "cors_domains",
  "csp_config",
  "backup_settings",
]);

/**
 * Restores an archive into the configured database and media storage (the database must be
 * open). The archive is checked whole first; a target holding data is refused unless `replace`,
 * which backs it up first. Then: the schema at the archive's migration, every table loaded in
 * one transaction (triggers off, so derived tables and counters are taken as saved), row counts
 * checked, sequences moved past the loaded ids, media stored, and the newer migrations run.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const key = await backupKeyFor();
  const decryption = { identity: key.identity, passphrase: options.passphrase };
  const manifest = await verifyArchive(options.file, decryption, key);

  let previousBackup: string | undefined;
  const holding = await describeTarget();
  if (holding.length > 0) {
    if (!options.replace) {
      throw new TargetNotEmptyError(
        `The target is not empty (${holding.slice(0, 3).join(", ")}${holding.length > 3 ? ` and ${holding.length - 3} more` : ""}): restore into an empty database and data directory, or give --replace (which backs up what it replaces first).`,
      );
    }
    previousBackup = (
      await createBackup({
        out: path.join(backupDirectory(), `before-restore-${defaultBackupName(new Date())}`),
      }).catch((error: unknown) => {
        if (!(error instanceof NotMigratedError)) throw error;
        throw new TargetNotEmptyError(
          `The target holds ${holding.join(", ")}, which cannot be backed up before it is replaced: its database has no migration applied. Move them away, or restore into an empty data directory.`,
        );
      })
    ).file;
  }

  try {
    await clearTarget();
    await migrateTo(manifest.migration.createdAt);
    await load(options.file, decryption, manifest);
    await migrateDatabase();
  } catch (error) {
    // Past this point the target was cleared: not an "unchanged" refusal any more.
    throw new Error(
      `The restore failed after the target was cleared${previousBackup ? ` (its content is in ${previousBackup})` : ""}: ${(error as Error).message}`,
      { cause: error },
    );
  }

  const secretsKey = currentSecretsKey();
  return {
    manifest,
    previousBackup,
    secretsKey: {
      status:
        manifest.secretsKeyFingerprint === null ||
        (secretsKey && keyFingerprint(secretsKey) === manifest.secretsKeyFingerprint)
          ? "same"
          : secretsKey
            ? "different"
            : "missing",
      location: secretsKeyLocation(),
    },
  };
}

/** What the target already holds, as phrases for the refusal; empty when there is nothing. */
async function describeTarget(): Promise<string[]> {
  const holding: string[] = [];
  const client = await getPool().connect();
  try {
    for (const { name } of await tablesInLoadOrder(client)) {
      if (REFERENCE_TABLES.has(name)) continue;
      const { rows } = await client.query<{ filled: boolean }>(
        `select exists (select 1 from ${qualified(client, name)}) as filled`,
      );
      if (rows[0]!.filled) holding.push(`table ${name}`);
    }
  } finally {
    client.release();
  }
  for await (const _object of storage().list()) {
    holding.push("media files");
    break;
  }
  return holding;
}

/** An empty schema in place of whatever the (empty or replaced) database had, and no media. */
async function clearTarget() {
  await inTransaction("begin", async (client) => {
    await client.query("drop schema if exists drizzle cascade");
    await client.query(`drop schema if exists ${DATA_SCHEMA} cascade`);
    await client.query(`create schema ${DATA_SCHEMA}`);
  });
  const keys = [];
  for await (const object of storage().list()) keys.push(object.key);
  for (const key of keys) await storage().delete(key);
}

/** The schema as it was when the archive was made: the migrations up to its own, no further. */
async function migrateTo(createdAt: number) {
  const journal = await readJournal();
  const entries = journal.entries.filter((entry) => entry.when <= createdAt);
  const folder = await mkdtemp(path.join(tmpdir(), "betic-migrations-"));
  try {
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    }
    await migrate(db(), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Tables and media from the archive, checked again as they are read, in one transaction. Only
 * the app's own tables, as the migrations made them, take rows: any other name is refused before
 * a row is written.
 */
async function load(file: string, decryption: Decryption, manifest: Manifest) {
  const tables = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
  const media = new Map(manifest.media.map((item) => [mediaEntry(item.key), item]));
  await inTransaction("begin", async (client) => {
    const known = new Map((await tablesInLoadOrder(client)).map((table) => [table.name, table.columns]));
    for (const table of manifest.tables) {
      const columns = known.get(table.name);
      if (!columns) throw new ArchiveError(`${table.name} is not a table of this application: refused.`);
      const unknown = table.columns.find((column) => !columns.includes(column));
      if (unknown) throw new ArchiveError(`Table ${table.name} has no column ${unknown}: refused.`);
    }
    const name = (table: string) => qualified(client, table);
    const column = (identifier: string) => client.escapeIdentifier(identifier);
    for (const table of manifest.tables)
      await client.query(`alter table ${name(table.name)} disable trigger user`);
    // Rows the migrations themselves wrote (none today, but a table they fill must not double).
    await client.query(`truncate ${manifest.tables.map((table) => name(table.name)).join(", ")}`);
    // Secondary indexes are built once after the load rather than row by row during it (the
    // contacts' trigram indexes most of all); those behind keys stay, the foreign keys use them.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [DATA_SCHEMA],
    );
    for (const index of indexes) await client.query(`drop index ${name(index.name)}`);

    for await (const entry of archiveEntries(file, decryption)) {
      const table = tables.get(entry.name);
      const item = media.get(entry.name);
      const digest = new Digest();
      if (table) {
        const columns = table.columns.map(column).join(", ");
        await pipeline(
          entry.body,
          digest,
          client.query(copyFrom(`copy ${name(table.name)} (${columns}) from stdin`)),
        );
        checkEntry(entry.name, digest, { size: table.bytes, sha256: table.sha256, rows: table.rows });
      } else if (item) {
        const body = await readAll(entry.body.pipe(digest), Number.MAX_SAFE_INTEGER);
        checkEntry(entry.name, digest, item);
        await storage().put(item.key, body, contentTypeOf(item.key));
      }
    }

    await client.query("set local maintenance_work_mem = '256MB'");
    for (const index of indexes) await client.query(index.definition);
    for (const table of manifest.tables) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from ${name(table.name)}`);
      if (Number(rows[0]!.count) !== table.rows) {
        throw new ArchiveError(`Table ${table.name}: ${rows[0]!.count} rows loaded, ${table.rows} expected.`);
      }
      await client.query(`alter table ${name(table.name)} enable trigger user`);
    }
    await advanceSequences(client);
  });
}

/** Loaded ids do not move sequences: each is set past its column's highest value. */
async function advanceSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = $1
        and pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) is not null`,
    [DATA_SCHEMA],
  );
  for (const row of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${client.escapeIdentifier(row.column_name)}) from ${qualified(client, row.table_name)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
}
