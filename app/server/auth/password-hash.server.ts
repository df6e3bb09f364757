import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { accounts } from "~/server/db/schema";
import { scryptOnHashThread } from "./hash-threads.server";

/**
 * Password hashes for Better Auth (emailAndPassword.password). scrypt at OWASP's minimum
 * (N=2^17, r=8, p=1); the parameters are stored in the hash, so they can rise later. Hashes
 * Better Auth made with its own parameters (N=2^14, r=16: "salt:key") still verify, and are
 * replaced by a current one the first time their password is proven.
 */
type Parameters = { logN: number; r: number; p: number };
const CURRENT: Parameters = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const PREFIX = "scrypt";

/**
 * One hash holds a core for a few hundred milliseconds and 128 MiB (on a low-priority thread of
 * its own, hash-threads.server.ts): at most 2 hashes run at once, a few more wait their turn, and
 * beyond that a hash is refused (the caller answers 503 with Retry-After) rather than queued
 * behind a flood of sign-in tries.
 */
export const MAX_CONCURRENT_HASHES = 2;
export const MAX_WAITING_HASHES = 8;

/** Refused because MAX_CONCURRENT_HASHES run and MAX_WAITING_HASHES wait already. */
export class PasswordHashBusyError extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super("too many password hashes in progress");
    this.name = "PasswordHashBusyError";
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new PasswordHashBusyError();
    // The slot is handed over by the hash that ends (running is not decremented in between).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: string, parameters: Parameters): Promise<Buffer> {
  return withHashSlot(() => scryptKey(password, salt, parameters));
}

function scryptKey(password: string, salt: string, { logN, r, p }: Parameters): Promise<Buffer> {
  const N = 2 ** logN;
  return scryptOnHashThread(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: 2 * 128 * N * r * p,
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const key = await derive(password, salt, CURRENT);
  return [PREFIX, CURRENT.logN, CURRENT.r, CURRENT.p, salt, key.toString("hex")].join("$");
}

function parse(hash: string): { salt: string; key: Buffer; parameters: Parameters } | null {
  const parts = hash.split("$");
  if (parts.length === 6 && parts[0] === PREFIX) {
    const [, logN, r, p, salt, key] = parts;
    return { salt: salt!, key: Buffer.from(key!, "hex"), parameters: { logN: +logN!, r: +r!, p: +p! } };
  }
  // Better Auth's own format and parameters.
  const [salt, key] = hash.split(":");
  if (!salt || !key) return null;
  return { salt, key: Buffer.from(key, "hex"), parameters: { logN: 14, r: 16, p: 1 } };
}

export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return false;
  const { logN, r, p } = parsed.parameters;
  return logN < CURRENT.logN || r < CURRENT.r || p < CURRENT.p;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }) {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.parameters);
  const valid = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  if (valid && needsRehash(hash)) await upgradeHash(hash, password);
  return valid;
}

/**
 * Replaces an old hash with a current one. The row is found by its old hash (unique by its
 * random salt). The setting tells the trigger that ends a user's sessions on a password change
 * that this is the same password (migration 0003).
 */
async function upgradeHash(oldHash: string, password: string) {
  const newHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    await tx.execute(sql`select set_config('betic.password_rehash', 'on', true)`);
    await tx.update(accounts).set({ password: newHash }).where(eq(accounts.password, oldHash));
  });
}
