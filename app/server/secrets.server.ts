import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "~/server/config.server";

const cached = new Map<string, string>();

/**
 * `fromEnvironment` when set; otherwise a random value generated once and kept in DATA_DIR under
 * `fileName`, so restarts keep it. Several instances must share the environment variable.
 */
function instanceSecret(fileName: string, fromEnvironment: string | undefined): string {
  if (fromEnvironment) return fromEnvironment;
  const known = cached.get(fileName);
  if (known) return known;
  const file = path.join(config.dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url") + "\n", { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process of this DATA_DIR wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const value = readFileSync(file, "utf8").trim();
  cached.set(fileName, value);
  return value;
}

/** BETTER_AUTH_SECRET: signs sessions and cookies. */
export function authSecret(): string {
  return instanceSecret(".auth-secret", config.authSecret);
}

/** SECRETS_KEY: encrypts the mail and captcha secrets stored in the database (db/encrypted-text.server.ts). */
export function secretsKey(): string {
  return instanceSecret(".secrets-key", config.secretsKey);
}
