import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { config } from "~/server/config.server";

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
