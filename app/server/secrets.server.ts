import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "~/server/config.server";

let cached: string | undefined;

/**
 * BETTER_AUTH_SECRET signs sessions and cookies. Without it, one is generated once and kept in
 * DATA_DIR, so restarts keep sessions; several instances must share BETTER_AUTH_SECRET.
 */
export function authSecret(): string {
  if (cached) return cached;
  if (config.authSecret) return (cached = config.authSecret);
  const file = path.join(config.dataDir, ".auth-secret");
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url") + "\n", { mode: 0o600 });
  }
  return (cached = readFileSync(file, "utf8").trim());
}
