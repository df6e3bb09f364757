import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { PasswordHashBusyError } from "~/server/auth/password-hash.server";
import { getPool } from "~/server/db/client.server";
import { throttleRefusals } from "~/server/metrics/registry.server";
import { throttleKeyOfAddress } from "./client-ip.server";
import { authSecret } from "~/server/secrets.server";
import { plural } from "~/lib/plural";

/**
 * Every server-side password check (sign-in, re-authentication, password change) goes through
 * throttledPasswordCheck. Counters live in PostgreSQL (rate_limits), shared by every instance.
 *
 * - Per account, across all addresses: 5 failures free, then each further try waits 1 s, 2 s,
 *   4 s... up to 60 s after the previous one. A try during the wait is refused unchecked (429)
 *   and does not lengthen it, so whoever knows the password gets in after at most 60 s.
 * - Per address, across accounts (password spraying): 20 failures free, then the same doubling
 *   waits up to 15 minutes.
 * - A browser that has signed in to the account before carries a device cookie: its tries wait
 *   on its own counter only, not the account's nor the address's, so an attack from elsewhere
 *   (or from the same office network) never slows the owner's usual browser (OWASP, "Slow down
 *   online guessing attacks with device cookies"). Its failures still count for the address.
 * A success clears the counter it was made under (not the address's: one valid account must not
 * wipe a sprayer's record). Each try is counted before its password is checked (reserve), so
 * tries sent in parallel cannot all slip through the free failures; addresses are keyed on
 * their /64 for IPv6 (throttleKeyOfAddress).
 */
type Scheme = { prefix: string; freeFailures: number; maxWaitSeconds: number };
const ACCOUNT: Scheme = { prefix: "pw-account", freeFailures: 5, maxWaitSeconds: 60 };
const DEVICE: Scheme = { prefix: "pw-device", freeFailures: 5, maxWaitSeconds: 60 };
const ADDRESS: Scheme = { prefix: "pw-address", freeFailures: 20, maxWaitSeconds: 15 * 60 };
/**
 * Codes of the second factor, per account: a counter of their own, which the right password (the
 * step before) never resets, and no device exemption (the code is what a stolen password lacks).
 */
const CODE: Scheme = { prefix: "code-account", freeFailures: 5, maxWaitSeconds: 60 };
/** Failures are forgotten a day after the first one of a series. */
const FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

export const DEVICE_COOKIE = "betic.device";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Seconds to wait before the next try once `failures` have been counted. */
export function waitAfter(failures: number, scheme: Pick<Scheme, "freeFailures" | "maxWaitSeconds">) {
  if (failures < scheme.freeFailures) return 0;
  return Math.min(scheme.maxWaitSeconds, 2 ** (failures - scheme.freeFailures));
}

const limiters = new Map<string, RateLimiterPostgres>();
function limiter(keyPrefix: string, points: number, duration: number) {
  let found = limiters.get(keyPrefix);
  if (!found) {
    found = new RateLimiterPostgres({
      storeClient: getPool(),
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
    limiters.set(keyPrefix, found);
  }
  return found;
}
const failures = (scheme: Scheme) => limiter(`${scheme.prefix}-failures`, 1e9, FAILURE_MEMORY_SECONDS);
/** One try at a time once waits apply: the first try takes the gate for the wait that follows it. */
const gate = (scheme: Scheme) => limiter(`${scheme.prefix}-gate`, 1, 1);

type Counter = { scheme: Scheme; key: string };

/**
 * Reserves a try under `counter` before the password is checked: the failure is counted at once
 * (an atomic increment in PostgreSQL), so tries arriving together each see their own rank and N
 * parallel tries count N. Past the free failures a try must also take the gate for the wait that
 * follows it. A refused try gives its point back: it was never checked, and must not lengthen the
 * wait. Resolves to the reservation, or to the seconds that remain to wait.
 */
async function reserve({
  scheme,
  key,
}: Counter): Promise<{ gated: boolean } | { retryAfterSeconds: number }> {
  const held = heldGates.secondsLeft({ scheme, key });
  if (held !== undefined) return { retryAfterSeconds: held };
  const done = heldGates.reserving({ scheme, key });
  try {
    const rank = (await failures(scheme).consume(key, 1)).consumedPoints;
    const wait = waitAfter(rank, scheme);
    if (wait === 0) return { gated: false };
    try {
      await gate(scheme).consume(key, 1, { customDuration: wait });
      heldGates.note({ scheme, key }, wait * 1000);
      return { gated: true };
    } catch (error) {
      await failures(scheme).reward(key, 1);
      if (!(error instanceof RateLimiterRes)) throw error;
      heldGates.note({ scheme, key }, error.msBeforeNext);
      return { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
  } finally {
    done();
  }
}

/**
 * Gates this instance knows to be held, and until when: a flood of tries during a wait is then
 * refused without a database round trip (each would otherwise cost three). Only a success opens a
 * gate early; one on another instance is not seen here, which at worst keeps the owner, already
 * signed in there, waiting here until the wait ends. A few thousand keys at most.
 *
 * Tries being counted in the database are known too: of those in flight together under one key,
 * at most the free failures and one more (the gate has one point) can pass, so beyond that a try
 * is refused here without a round trip, as the database would refuse it; once a wait is known,
 * only one try at a time goes to take the gate when it ends. Without that, every try of a flood
 * arriving during those round trips went the whole way (three round trips, and React Router's
 * action and the sign-in page rendered for a 429), and under load they queued for the pool long
 * enough to let the next ones in too (bench:signin: p99 in seconds).
 */
const reserving = new Map<string, number>();
const heldGates = Object.assign(new Map<string, number>(), {
  note({ scheme, key }: Counter, ms: number) {
    if (heldGates.size >= 5000) heldGates.clear();
    heldGates.set(`${scheme.prefix}:${key}`, Date.now() + ms);
  },
  forget({ scheme, key }: Counter) {
    heldGates.delete(`${scheme.prefix}:${key}`);
  },
  /**
   * Whole seconds (at least 1) until a held gate opens, or 1 while as many tries as could pass are
   * being counted; undefined when neither.
   */
  secondsLeft({ scheme, key }: Counter) {
    const name = `${scheme.prefix}:${key}`;
    const left = (heldGates.get(name) ?? 0) - Date.now();
    if (left > 0) return Math.max(1, Math.ceil(left / 1000));
    const passable = heldGates.has(name) ? 1 : scheme.freeFailures + 1;
    return (reserving.get(name) ?? 0) >= passable ? 1 : undefined;
  },
  /** Counts a try in flight under this key; returns the call that ends it. */
  reserving({ scheme, key }: Counter): () => void {
    const name = `${scheme.prefix}:${key}`;
    reserving.set(name, (reserving.get(name) ?? 0) + 1);
    return () => {
      const left = (reserving.get(name) ?? 1) - 1;
      if (left > 0) reserving.set(name, left);
      else reserving.delete(name);
    };
  },
});

/**
 * The seconds a try must still wait when this instance already knows (a held gate in memory) that
 * throttledPasswordCheck would refuse it unchecked: the sign-in form's early answer
 * (server/sign-in-flood.ts) asks before anything else runs. Undefined: the try goes the full way.
 */
export function knownWait(attempt: { email: string | null; clientIp: string; cookieHeader: string | null }) {
  const email = attempt.email?.trim().toLowerCase();
  const device = email && deviceOf(attempt.cookieHeader, email);
  const address: Counter = { scheme: ADDRESS, key: throttleKeyOfAddress(attempt.clientIp) };
  // No e-mail (one no account can have): the address's wait only.
  const counters: Counter[] = device
    ? [{ scheme: DEVICE, key: device }]
    : email
      ? [{ scheme: ACCOUNT, key: email }, address]
      : [address];
  for (const counter of counters) {
    const held = heldGates.secondsLeft(counter);
    if (held === undefined) continue;
    throttleRefusals.inc({ limiter: counter.scheme.prefix });
    return held;
  }
  return undefined;
}

/** Undoes a reservation whose try was not checked after all. */
async function release({ scheme, key }: Counter, reservation: { gated: boolean }) {
  if (reservation.gated) heldGates.forget({ scheme, key });
  await Promise.all([
    failures(scheme).reward(key, 1),
    ...(reservation.gated ? [gate(scheme).delete(key)] : []),
  ]);
}

export type PasswordCheck<T> =
  | { status: "ok"; value: T }
  | { status: "wrong" }
  | { status: "throttled"; retryAfterSeconds: number }
  /** Too many passwords are being hashed at this moment (password-hash.server.ts): try again soon. */
  | { status: "busy"; retryAfterSeconds: number };

/**
 * Runs `check` (which resolves to null for a wrong password) unless the account, the device or
 * the address must wait first. `cookieHeader` (the request's Cookie) may carry a device cookie.
 * `secret` "code": a second-factor code, on the account's code counter (CODE).
 */
export async function throttledPasswordCheck<T>(
  attempt: { email: string; clientIp: string; cookieHeader: string | null },
  check: () => Promise<T | null>,
  secret: "password" | "code" = "password",
): Promise<PasswordCheck<T>> {
  const email = attempt.email.trim().toLowerCase();
  const device = secret === "password" ? deviceOf(attempt.cookieHeader, email) : null;
  const identity: Counter = device
    ? { scheme: DEVICE, key: device }
    : { scheme: secret === "code" ? CODE : ACCOUNT, key: email };
  const address: Counter = { scheme: ADDRESS, key: throttleKeyOfAddress(attempt.clientIp) };

  const reserved: [Counter, { gated: boolean }][] = [];
  // The owner's usual browser does not wait on the address (an office network under attack), but
  // its failures count there too: its reservation is taken without a gate.
  for (const counter of device ? [identity] : [identity, address]) {
    const reservation = await reserve(counter);
    if ("retryAfterSeconds" in reservation) {
      await Promise.all(reserved.map(([held, how]) => release(held, how)));
      throttleRefusals.inc({ limiter: counter.scheme.prefix });
      return { status: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };
    }
    reserved.push([counter, reservation]);
  }
  if (device) {
    await failures(address.scheme).consume(address.key, 1);
    reserved.push([address, { gated: false }]);
  }

  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    await Promise.all(reserved.map(([held, how]) => release(held, how)));
    if (error instanceof PasswordHashBusyError) {
      return { status: "busy", retryAfterSeconds: error.retryAfterSeconds };
    }
    throw error;
  }
  if (value === null) return { status: "wrong" };
  // A success clears the identity's record and is not a failure of the address.
  heldGates.forget(identity);
  await Promise.all([
    failures(identity.scheme).delete(identity.key),
    gate(identity.scheme).delete(identity.key),
    failures(address.scheme).reward(address.key, 1),
  ]);
  return { status: "ok", value };
}

/** "Réessayez dans 45 secondes." / "... dans 2 minutes." */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return plural(seconds, "seconde");
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, "minute");
}

// ---------------------------------------------------------------- device cookies

function sign(value: string) {
  return createHmac("sha256", authSecret()).update(`device|${value}`).digest("base64url");
}

/** The device id of a valid cookie issued for `email`, if the request carries one. */
function deviceOf(cookieHeader: string | null, email: string): string | null {
  const raw = cookieHeader
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!raw) return null;
  const [id, signature] = decodeURIComponent(raw).split(".");
  if (!id || !signature) return null;
  const expected = Buffer.from(sign(`${id}|${email}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The Set-Cookie value that marks this browser as one `email` signs in from. */
export function deviceCookie(email: string, secure: boolean): string {
  const id = randomBytes(16).toString("base64url");
  const value = `${id}.${sign(`${id}|${email.trim().toLowerCase()}`)}`;
  return [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/admin",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

// ---------------------------------------------------------------- housekeeping

/** Deletes every rate-limit counter that expired more than an hour ago (all limiters). */
export async function purgeExpiredCounters(): Promise<number> {
  const result = await getPool().query("delete from rate_limits where expire < $1", [Date.now() - 3_600_000]);
  return result.rowCount ?? 0;
}
