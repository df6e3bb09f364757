import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";
import { Decrypter, Encrypter } from "age-encryption";
import tar from "tar-stream";
import { z } from "zod";

/*
 * The backup archive: a gzipped tar, encrypted with age to the backup key (keys.server.ts), or
 * under a passphrase when one is given. Its first entry is manifest.json, then manifest.sig (the
 * manifest's HMAC under the backup key), then one `tables/<name>.copy` per table (PostgreSQL's
 * COPY text format, in load order), then one `media/<key>` per stored file. The manifest lists
 * everything else with its size and SHA-256, so a restore can check the whole archive before it
 * writes anything, and the signature makes the manifest, hence the whole archive, the key holder's.
 */

export const ARCHIVE_FORMAT = "betic-backup";
/** 2: signed (manifest.sig); version 1 archives were not, and are refused. */
export const ARCHIVE_FORMAT_VERSION = 2;
export const MANIFEST_ENTRY = "manifest.json";
export const SIGNATURE_ENTRY = "manifest.sig";
export const tableEntry = (table: string) => `tables/${table}.copy`;
export const mediaEntry = (key: string) => `media/${key}`;

const AGE_MAGIC = "age-encryption.org/v1";
const GZIP_MAGIC = [0x1f, 0x8b];
/** The stanza of an archive encrypted under a passphrase, in its age header. */
const PASSPHRASE_STANZA = "\n-> scrypt ";

/** Whether these first bytes of a file are an age header, i.e. an encrypted archive. */
export const isEncrypted = (head: Buffer) =>
  head.subarray(0, AGE_MAGIC.length).toString("latin1") === AGE_MAGIC;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  /** The last migration applied to the database when it was copied (Drizzle's journal). */
  migration: z.object({ tag: z.string(), createdAt: z.number().int(), hash: z.string() }),
  /** Which SECRETS_KEY the encrypted columns need (a hash of it, never the key); null: none existed. */
  secretsKeyFingerprint: z.string().nullable(),
  /** In load order: a table comes after every table it references. */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  media: z.array(z.object({ key: z.string(), size: z.number().int().nonnegative(), sha256 })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A damaged, foreign or unreadable archive: the message says which and why, for the operator. */
export class ArchiveError extends Error {}

/** SHA-256 and byte count of what passes through; rows are COPY text lines (one per row). */
export class Digest extends Transform {
  readonly hash = createHash("sha256");
  bytes = 0;
  lines = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines++;
    done(null, chunk);
  }
  hex() {
    return this.hash.digest("hex");
  }
}

/** What an archive is encrypted to: the backup key's public half, or a passphrase. */
export type Encryption = { recipient: string } | { passphrase: string };
/** What may decrypt one: the backup key's identity, and a passphrase when the operator gives one. */
export type Decryption = { identity: string; passphrase?: string };

export function encryptStream(plain: Readable, encryption: Encryption): Promise<Readable> {
  const encrypter = new Encrypter();
  if ("passphrase" in encryption) encrypter.setPassphrase(encryption.passphrase);
  else encrypter.addRecipient(encryption.recipient);
  return encrypter
    .encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>)
    .then((web) => Readable.fromWeb(web as unknown as WebReadableStream<Uint8Array>));
}

/**
 * The archive's tar bytes: decrypted when it is an age file, gunzipped. Anything else is refused
 * here, before a byte of it is interpreted.
 */
export async function openArchive(file: string, decryption: Decryption): Promise<Readable> {
  const head = Buffer.alloc(512);
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new ArchiveError(`Cannot read ${file}: ${error.code ?? error.message}`);
  });
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  let compressed: Readable;
  if (isEncrypted(head.subarray(0, bytesRead))) {
    const underPassphrase = head.subarray(0, bytesRead).toString("latin1").includes(PASSPHRASE_STANZA);
    if (underPassphrase && !decryption.passphrase)
      throw new ArchiveError("This archive is encrypted: give its passphrase (--passphrase-file).");
    const decrypter = new Decrypter();
    decrypter.addIdentity(decryption.identity);
    if (decryption.passphrase) decrypter.addPassphrase(decryption.passphrase);
    try {
      const web = await decrypter.decrypt(
        Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      );
      compressed = Readable.fromWeb(web as unknown as WebReadableStream<Uint8Array>);
    } catch (error) {
      throw new ArchiveError(
        `Cannot decrypt the archive (${underPassphrase ? "wrong passphrase?" : "made with another backup key?"}): ${(error as Error).message}`,
      );
    }
  } else if (bytesRead >= 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) {
    compressed = createReadStream(file);
  } else {
    throw new ArchiveError(`${file} is not a backup archive of this application.`);
  }
  const gunzip = createGunzip();
  compressed.on("error", (error) => gunzip.destroy(error));
  return compressed.pipe(gunzip);
}

export type ArchiveEntry = { name: string; size: number; body: Readable };

/**
 * The entries of an archive in order; stream errors (truncation, a failed authentication of
 * encrypted data, bad gzip) become ArchiveErrors. Each entry's body must be read before the next.
 */
export async function* archiveEntries(file: string, decryption: Decryption): AsyncGenerator<ArchiveEntry> {
  const source = await openArchive(file, decryption);
  const extract = tar.extract();
  source.on("error", (error) => extract.destroy(error));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file")
        throw new ArchiveError(`Unexpected entry in the archive: ${entry.header.name}`);
      // tar-stream's entries are streamx streams: wrapped for Node's stream utilities.
      yield { name: entry.header.name, size: entry.header.size ?? 0, body: Readable.from(entry) };
      entry.resume();
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`The archive is damaged or incomplete (${(error as Error).message}).`);
  } finally {
    source.destroy();
    extract.destroy();
  }
}

export async function readAll(stream: Readable, limit = 64 * 1024 * 1024) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ArchiveError("The manifest is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ArchiveError("The archive's manifest is not valid JSON.");
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (format !== ARCHIVE_FORMAT) throw new ArchiveError("This is not a backup archive of this application.");
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    throw new ArchiveError(`The archive's manifest is invalid: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
