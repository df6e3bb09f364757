import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { customType } from "drizzle-orm/pg-core";
import { logger } from "~/server/logger.server";
import { secretsKey } from "~/server/secrets.server";

/*
 * Secrets kept in the database (mail keys, SMTP password, captcha secret) are stored encrypted
 * with AES-256-GCM under SECRETS_KEY: a copy of the database or a backup alone does not reveal
 * them. The column name is authenticated with each value, so a value moved to another column
 * does not decrypt. Values written before encryption (no prefix) are read as they are and
 * encrypted at the next start (encryptStoredSecrets).
 */

export const ENCRYPTED_PREFIX = "enc:v1:";

let key: { source: string; bytes: Buffer } | undefined;
function aesKey() {
  const source = secretsKey();
  if (key?.source !== source) {
    key = { source, bytes: Buffer.from(hkdfSync("sha256", source, "", "betic secrets at rest", 32)) };
  }
  return key.bytes;
}

export function encryptSecret(plain: string, column: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", aesKey(), iv).setAAD(Buffer.from(column));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ENCRYPTED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain value, or null when it cannot be decrypted (SECRETS_KEY changed): the secret reads as unset. */
export function decryptSecret(stored: string, column: string): string | null {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
  try {
    const raw = Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", aesKey(), raw.subarray(0, 12))
      .setAAD(Buffer.from(column))
      .setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    logger.error({ column }, "a stored secret cannot be decrypted (SECRETS_KEY changed?): read as unset");
    return null;
  }
}

/** A text column whose values are encrypted in the database and plain in the app. */
export const encryptedText = (name: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => encryptSecret(value, name),
    fromDriver: (value) => decryptSecret(value, name) as string,
  })(name);
