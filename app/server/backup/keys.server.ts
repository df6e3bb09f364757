import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";

/*
 * The key that decrypts the secrets stored in the database (SECRETS_KEY or DATA_DIR/.secrets-key)
 * is never put in a backup: whoever holds an archive must not hold the mail and captcha secrets
 * too. The operator keeps it apart; these helpers say where it is and whether a restore has it.
 */

const KEY_FILE = ".secrets-key";

/** Where the key that the backup's encrypted secrets need lives, for the operator. */
export function secretsKeyLocation(): string {
  return config.secretsKey ? "the SECRETS_KEY environment variable" : path.join(config.dataDir, KEY_FILE);
}

/** The key in use now without creating one (a restore must not invent a key), or null. */
export function currentSecretsKey(): string | null {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, KEY_FILE);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : null;
}

/** Tells keys apart without revealing them. */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(`betic secrets key fingerprint\0${key}`).digest("hex").slice(0, 16);
}

/*
 * The backup key (BACKUP_KEY_FILE): an age X25519 identity that every archive is encrypted to, and
 * from which the key that signs each archive's manifest is derived, so that an archive made or
 * altered without it is refused on restore. It lives outside DATA_DIR and the bucket: whoever
 * takes the archives does not take it too. Losing it makes every archive unreadable.
 */

export type BackupKey = { file: string; identity: string; recipient: string; signingKey: Buffer };

const IDENTITY_LINE = /^AGE-SECRET-KEY-1[0-9A-Z]+$/m;

/** The backup key, created (mode 0600) when missing: the server's start and every backup call it. */
export async function ensureBackupKey(): Promise<BackupKey> {
  const file = config.backupKeyFile;
  if (!existsSync(file)) {
    const identity = await generateX25519Identity();
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const text =
      "# BETIC backup key: decrypts and authenticates the site's backup archives.\n" +
      "# Keep a copy apart from the archives: without it they cannot be read or restored.\n" +
      `# public key: ${await identityToRecipient(identity)}\n${identity}\n`;
    try {
      await writeFile(file, text, { mode: 0o600, flag: "wx" });
      logger.info({ file }, "backup key created: keep a copy of this file apart from the archives");
    } catch (error) {
      // Another instance sharing the file wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readBackupKey();
}

/** The backup key as it is, never created (a restore must not invent one). */
export async function readBackupKey(): Promise<BackupKey> {
  const file = config.backupKeyFile;
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
    throw new MissingBackupKeyError(
      `No backup key at ${file}: copy there the key of the installation that made the archive (or set BACKUP_KEY_FILE to it).`,
    );
  });
  const identity = IDENTITY_LINE.exec(text)?.[0];
  if (!identity) throw new MissingBackupKeyError(`${file} holds no backup key (an AGE-SECRET-KEY-1… line).`);
  const signingKey = Buffer.from(hkdfSync("sha256", identity, "", "betic backup manifest signature", 32));
  return { file, identity, recipient: await identityToRecipient(identity), signingKey };
}

export class MissingBackupKeyError extends Error {}

/** HMAC-SHA256 of the manifest's exact bytes: only the backup key's holder can make it. */
export function signManifest(key: BackupKey, manifest: Buffer): string {
  return createHmac("sha256", key.signingKey).update(manifest).digest("hex");
}

export function manifestSignatureMatches(key: BackupKey, manifest: Buffer, signature: Buffer): boolean {
  const expected = Buffer.from(signManifest(key, manifest));
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
