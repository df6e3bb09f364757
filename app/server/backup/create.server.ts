import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import { version as appVersion } from "../../../package.json";
import { config } from "~/server/config.server";
import { storage } from "~/server/media/storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  Digest,
  encryptStream,
  MANIFEST_ENTRY,
  mediaEntry,
  SIGNATURE_ENTRY,
  tableEntry,
  type Manifest,
} from "./archive.server";
import {
  currentSecretsKey,
  ensureBackupKey,
  keyFingerprint,
  secretsKeyLocation,
  signManifest,
} from "./keys.server";
import { inTransaction, lastMigration, qualified, tablesInLoadOrder } from "./tables.server";

export type BackupProgress = { done: number; total: number };

export type BackupOptions = {
  /** The archive's path; DATA_DIR/backups/betic-<date>.tar.gz.age by default. */
  out?: string;
  /** Encrypts the archive under this passphrase rather than to the backup key (it is signed with the key all the same). */
  passphrase?: string;
  onProgress?: (progress: BackupProgress) => void;
};

export type BackupResult = {
  file: string;
  bytes: number;
  manifest: Manifest;
  secretsKeyLocation: string;
  backupKeyFile: string;
};

export const backupDirectory = () => path.join(config.dataDir, "backups");

/** Down to the millisecond: two backups started in the same second must not share a file. */
export function defaultBackupName(date: Date) {
  const stamp = date.toISOString().replaceAll(":", "");
  return `betic-${stamp}.tar.gz.age`;
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * One archive of every table (one REPEATABLE READ snapshot, COPY text format) and every media
 * file, with its manifest. Written under `<file>.partial` and renamed once complete and synced,
 * so an interrupted backup never leaves a file that looks finished.
 */
export async function createBackup(options: BackupOptions = {}): Promise<BackupResult> {
  const createdAt = new Date();
  const file = path.resolve(options.out ?? path.join(backupDirectory(), defaultBackupName(createdAt)));
  const key = await ensureBackupKey();
  const partial = `${file}.partial`;
  await mkdir(path.dirname(file), { recursive: true });
  // Opened first: from now on an interruption leaves only this visibly partial file.
  const output = createWriteStream(partial, { mode: 0o600 });
  const staging = await mkdtemp(path.join(tmpdir(), "betic-backup-"));
  try {
    const { tables, migration } = await copyTables(staging);
    const keys = await mediaKeys();
    const total = tables.length + keys.length * 2;
    let done = tables.length;
    const progress = () => options.onProgress?.({ done: ++done, total });
    const media = [];
    for (const key of keys) {
      media.push(await hashMedia(key));
      progress();
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion,
      createdAt: createdAt.toISOString(),
      migration,
      secretsKeyFingerprint: keyFingerprintOrNull(),
      tables: tables.map(({ name, columns, rows, bytes, sha256 }) => ({
        name,
        columns,
        rows,
        bytes,
        sha256,
      })),
      media,
    };

    const pack = tar.pack();
    const gzip = createGzip();
    const compressed = pack.pipe(gzip);
    const writing = pipeline(
      await encryptStream(
        compressed,
        options.passphrase ? { passphrase: options.passphrase } : { recipient: key.recipient },
      ),
      output,
    );
    // A failed write (disk full) must stop the packing rather than leave it waiting on a full pipe.
    writing.catch((error: Error) => pack.destroy(error));

    const entry = (name: string, size: number, body: Readable) =>
      pipeline(body, pack.entry({ name, size, mode: 0o600, mtime: createdAt }));
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o600, mtime: createdAt }, manifestBytes);
    pack.entry({ name: SIGNATURE_ENTRY, mode: 0o600, mtime: createdAt }, signManifest(key, manifestBytes));
    for (const table of tables)
      await entry(tableEntry(table.name), table.bytes, createReadStream(table.file));
    for (const item of media) {
      const object = await storage().get(item.key);
      if (!object) throw new Error(`The media file ${item.key} disappeared during the backup.`);
      await entry(mediaEntry(item.key), item.size, object.body);
      progress();
    }
    pack.finalize();
    await writing;

    const handle = await open(partial, "r+");
    await handle.sync().finally(() => handle.close());
    await rename(partial, file);
    return {
      file,
      bytes: (await stat(file)).size,
      manifest,
      secretsKeyLocation: secretsKeyLocation(),
      backupKeyFile: key.file,
    };
  } catch (error) {
    output.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Every table, copied into files of `staging` inside one snapshot. */
async function copyTables(staging: string) {
  return inTransaction("begin isolation level repeatable read read only", async (client) => {
    const migration = await lastMigration(client);
    const tables = [];
    for (const table of await tablesInLoadOrder(client)) {
      const file = path.join(staging, `${table.name}.copy`);
      const digest = new Digest();
      const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(", ");
      await pipeline(
        client.query(copyTo(`copy ${qualified(client, table.name)} (${columns}) to stdout`)),
        digest,
        createWriteStream(file),
      );
      tables.push({ ...table, file, rows: digest.lines, bytes: digest.bytes, sha256: digest.hex() });
    }
    return { tables, migration };
  });
}

// Never creates a key: an installation that has none has no encrypted secrets yet.
function keyFingerprintOrNull() {
  const key = currentSecretsKey();
  return key ? keyFingerprint(key) : null;
}

async function mediaKeys() {
  const keys = [];
  for await (const object of storage().list()) keys.push(object.key);
  return keys.sort();
}

async function hashMedia(key: string) {
  const object = await storage().get(key);
  if (!object) throw new Error(`The media file ${key} disappeared during the backup.`);
  const digest = new Digest();
  await pipeline(object.body, digest, discard());
  return { key, size: digest.bytes, sha256: digest.hex() };
}
