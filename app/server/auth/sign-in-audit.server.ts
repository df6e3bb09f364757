import { subDays } from "date-fns";
import { and, eq, inArray, lt } from "drizzle-orm";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { auditLog, siteSettings, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { throttleKeyOfAddress } from "~/server/security/client-ip.server";

/**
 * Sign-ins in the audit trail. Anyone can post the sign-in form, so what a stranger can make the
 * server write is bounded: tries the throttle refuses write one row per address and minute, a few
 * at a time; refusals are purged after the retention set in Paramètres.
 */

/** The audit actions of refused sign-ins, purged after SIGN_IN_AUDIT_RETENTION_DAYS. */
export const SIGN_IN_FAILURE_ACTIONS = ["sign_in_failed", "sign_in_throttled"] as const;

export async function accountOf(email: string) {
  const [user] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

export async function auditSignIn(
  { email, clientIp }: { email: string | null; clientIp: string },
  action: string,
  userId: string | null,
  details: Record<string, unknown> | null,
) {
  try {
    await recordAudit(db(), {
      actor: email === null ? null : { id: userId, email: email.trim().toLowerCase() },
      action,
      entityType: "users",
      entityId: userId,
      details,
      ipAddress: clientIp,
    });
  } catch (error) {
    logger.error({ err: error }, "sign-in audit row could not be written");
  }
}

/**
 * Tries refused unchecked come by the thousand in an attack, each with any e-mail it likes: the
 * first of a series (one address, the /64 for IPv6) gets its audit row, the others of the next
 * minute are counted and logged as one line when it ends. The rows of series from many addresses
 * at once are written MAX_THROTTLED_WRITES at a time, MAX_WAITING_WRITES more waiting; past that a
 * series is only logged. So a refused try writes nothing, and a minute writes at most one row per
 * address trying, never more than the database takes a few at a time.
 */
const THROTTLED_SERIES_MS = 60_000;
const MAX_THROTTLED_WRITES = 4;
const MAX_WAITING_WRITES = 1000;
/** Series kept in memory at most; a flood from more addresses than that starts the count again. */
const MAX_SERIES = 5000;
let throttledWrites = 0;
const waitingWrites: (() => void)[] = [];
const throttledSeries = new Map<string, { refused: number; emails: Set<string> }>();

/**
 * Counts a try the throttle refused; the first of its address's series resolves once its audit
 * row is written (the others at once).
 */
export function noteThrottledTry(
  attempt: { email: string | null; clientIp: string },
  retryAfterSeconds: number,
  reason?: string,
): Promise<void> {
  const key = throttleKeyOfAddress(attempt.clientIp);
  const email = attempt.email?.trim().toLowerCase() ?? null;
  const series = throttledSeries.get(key);
  if (series) {
    series.refused += 1;
    if (email && series.emails.size < 20) series.emails.add(email);
    return Promise.resolve();
  }
  if (throttledSeries.size >= MAX_SERIES) throttledSeries.clear();
  const started = { refused: 0, emails: new Set<string>() };
  throttledSeries.set(key, started);
  setTimeout(() => {
    if (throttledSeries.get(key) === started) throttledSeries.delete(key);
    if (started.refused > 0) {
      logger.warn(
        {
          ip: attempt.clientIp,
          refused: started.refused,
          emails: [...started.emails],
          seconds: THROTTLED_SERIES_MS / 1000,
        },
        "sign-in tries refused by the throttle after the audited one",
      );
    }
  }, THROTTLED_SERIES_MS).unref();
  const write = async () => {
    try {
      // Its row names the account when there is one; a failed look-up leaves it out.
      const account = email ? await accountOf(email).catch(() => null) : null;
      await auditSignIn({ email, clientIp: attempt.clientIp }, "sign_in_throttled", account?.id ?? null, {
        retryAfterSeconds,
        ...(reason ? { reason } : {}),
      });
    } finally {
      throttledWrites -= 1;
      waitingWrites.shift()?.();
    }
  };
  if (throttledWrites < MAX_THROTTLED_WRITES) {
    throttledWrites += 1;
    return write();
  }
  if (waitingWrites.length >= MAX_WAITING_WRITES) {
    started.refused += 1;
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    waitingWrites.push(() => {
      throttledWrites += 1;
      void write().then(resolve);
    });
  });
}

/**
 * The daily job: refused sign-ins older than the retention of Paramètres (days) leave the audit
 * trail; successful sign-ins and every other row stay.
 */
export async function purgeSignInFailures(now = new Date()): Promise<{ deleted: number; days: number }> {
  const [settings] = await db()
    .select({ days: siteSettings.signInAuditRetentionDays })
    .from(siteSettings)
    .limit(1);
  const days = settings?.days ?? 90;
  const result = await db()
    .delete(auditLog)
    .where(
      and(inArray(auditLog.action, [...SIGN_IN_FAILURE_ACTIONS]), lt(auditLog.createdAt, subDays(now, days))),
    );
  const deleted = result.rowCount ?? 0;
  if (deleted > 0) logger.info({ deleted, days }, "old sign-in failures purged");
  return { deleted, days };
}
