import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { analyticsSalts } from "~/server/db/schema";

/** Days of the analytics start and end at midnight in the company's time zone. */
export const ANALYTICS_TIME_ZONE = "Europe/Paris";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: ANALYTICS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD, Europe/Paris) that `moment` falls in. */
export function analyticsDay(moment: Date): string {
  return dayFormat.format(moment);
}

let cached: { day: string; salt: string } | undefined;

/**
 * The secret salt of `day`, made by whichever instance needs it first. Every earlier salt is
 * deleted at the same time: once its day is over, no hash of that day can be recomputed from an
 * address, nor matched with another day's.
 */
async function saltOf(day: string): Promise<string> {
  if (cached?.day === day) return cached.salt;
  const salt = await db().transaction(async (tx) => {
    await tx
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("base64") })
      .onConflictDoNothing();
    await tx.delete(analyticsSalts).where(sql`${analyticsSalts.day} < ${day}`);
    const [row] = await tx
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${day}`);
    return row!.salt;
  });
  cached = { day, salt };
  return salt;
}

/**
 * A visitor of one day, without a cookie (as Plausible and Umami count): a hash of the day's
 * secret salt, the address and the user agent. The address and user agent are never stored.
 */
export async function visitorHash(clientIp: string, userAgent: string, now = new Date()): Promise<string> {
  const salt = await saltOf(analyticsDay(now));
  return createHash("sha256").update(`${salt}\0${clientIp}\0${userAgent}`).digest("base64url").slice(0, 22);
}
