import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { twoFactors } from "~/server/db/schema";
import { authSecret } from "~/server/secrets.server";

/** Better Auth's TOTP: 30-second steps, a code of the step before or after accepted too. */
const PERIOD_MS = 30_000;
const WINDOW = 1;

/**
 * A code of the authenticator app is good for about 90 seconds: whoever sees one used (over a
 * shoulder, in a proxy's log) could use it again meanwhile. Each account keeps the step of the
 * last code accepted; a code is taken here first, and only a step later than that one is: the
 * claim is one atomic update, so two tries racing with one code cannot both have it.
 * "no_match": the code is of none of the steps now accepted (the plugin then counts it wrong).
 */
export async function claimTotpStep(
  userId: string,
  code: string,
): Promise<"claimed" | "replayed" | "no_match"> {
  const [row] = await db()
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return "no_match";
  const otp = createOTP(await symmetricDecrypt({ key: authSecret(), data: row.secret }));
  const now = Math.floor(Date.now() / PERIOD_MS);
  let step: number | undefined;
  for (let candidate = now - WINDOW; candidate <= now + WINDOW; candidate++) {
    if ((await otp.hotp(candidate)) === code) step = candidate;
  }
  if (step === undefined) return "no_match";
  const claimed = await db()
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return claimed.length > 0 ? "claimed" : "replayed";
}
