import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isValidKey } from "~/server/media/storage.server";
import {
  ArchiveError,
  archiveEntries,
  Digest,
  MANIFEST_ENTRY,
  mediaEntry,
  parseManifest,
  readAll,
  SIGNATURE_ENTRY,
  tableEntry,
  type Decryption,
  type Manifest,
} from "./archive.server";
import {
  manifestSignatureMatches,
  MissingBackupKeyError,
  readBackupKey,
  type BackupKey,
} from "./keys.server";
import { readJournal } from "./tables.server";

// The check of an archive before anything of it is believed: its signature, then every entry
// against the manifest (restore.server.ts restores only what passed).

type Expected = { size: number; sha256: string; rows?: number };

const NOT_SIGNED =
  "This archive is not signed (forged, or made by a version older than signed archives): refused.";

/** The backup key a restore needs; its absence is a refusal, with where to put it. */
export async function backupKeyFor(): Promise<BackupKey> {
  try {
    return await readBackupKey();
  } catch (error) {
    if (error instanceof MissingBackupKeyError) throw new ArchiveError(error.message);
    throw error;
  }
}

/**
 * Reads the whole archive once and checks it against its manifest, whose signature must be the
 * backup key's: every table and media file present once, with its size, SHA-256 and (tables) row
 * count; a migration this version knows. Throws an ArchiveError saying what is wrong; writes nothing.
 */
export async function verifyArchive(file: string, decryption: Decryption, key: BackupKey): Promise<Manifest> {
  let manifest: Manifest | undefined;
  let manifestBytes: Buffer | undefined;
  const expected = new Map<string, Expected>();
  try {
    for await (const entry of archiveEntries(file, decryption)) {
      if (!manifestBytes) {
        if (entry.name !== MANIFEST_ENTRY)
          throw new ArchiveError("This is not a backup archive of this application.");
        manifestBytes = await readAll(entry.body);
        continue;
      }
      if (!manifest) {
        // Nothing of the manifest is believed before its signature is checked.
        const signature = entry.name === SIGNATURE_ENTRY ? await readAll(entry.body) : null;
        if (!signature) throw new ArchiveError(NOT_SIGNED);
        if (!manifestSignatureMatches(key, manifestBytes, signature)) {
          throw new ArchiveError(
            `The archive's signature does not match the backup key (${key.file}): it was made with another key, or forged.`,
          );
        }
        manifest = parseManifest(manifestBytes);
        for (const table of manifest.tables) {
          expected.set(tableEntry(table.name), { size: table.bytes, sha256: table.sha256, rows: table.rows });
        }
        for (const item of manifest.media) {
          if (!isValidKey(item.key))
            throw new ArchiveError(`Invalid media name in the manifest: ${item.key}`);
          expected.set(mediaEntry(item.key), { size: item.size, sha256: item.sha256 });
        }
        continue;
      }
      const want = expected.get(entry.name);
      if (!want) throw new ArchiveError(`Unexpected or repeated entry in the archive: ${entry.name}`);
      expected.delete(entry.name);
      const digest = new Digest();
      await pipeline(entry.body, digest, discard());
      checkEntry(entry.name, digest, want);
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`The archive is damaged or incomplete (${(error as Error).message}).`);
  }
  if (!manifest) throw new ArchiveError(manifestBytes ? NOT_SIGNED : "The archive is empty.");
  if (expected.size > 0) {
    throw new ArchiveError(
      `The archive is incomplete: ${[...expected.keys()].slice(0, 3).join(", ")} missing.`,
    );
  }
  const known = (await readJournal()).entries.find((entry) => entry.when === manifest!.migration.createdAt);
  if (!known || known.tag !== manifest.migration.tag) {
    throw new ArchiveError(
      `The archive comes from a newer version of the application (migration ${manifest.migration.tag}): update the application first.`,
    );
  }
  return manifest;
}

export function checkEntry(name: string, digest: Digest, want: Expected) {
  const sha256 = digest.hex();
  if (
    digest.bytes !== want.size ||
    sha256 !== want.sha256 ||
    (want.rows !== undefined && digest.lines !== want.rows)
  ) {
    throw new ArchiveError(`${name} does not match the manifest: the archive is damaged or was altered.`);
  }
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
