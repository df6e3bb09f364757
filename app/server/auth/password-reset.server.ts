import { isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import { isGuessablePassword } from "~/lib/schemas/password";
import { recordAudit } from "~/server/audit/audit.server";
import { db } from "~/server/db/client.server";
import { users, verifications } from "~/server/db/schema";
import { announceEnqueued } from "~/server/mail/outbox.server";
import { PasswordHashBusyError } from "./password-hash.server";
import { CLIENT_IP_HEADER, throttleKeyOfAddress } from "~/server/security/client-ip.server";
import { createRateLimiter } from "~/server/security/rate-limit.server";
import { auth } from "./auth.server";
import { markPasswordChosen } from "./users.server";
import { queuePasswordChangedMail, RESET_IDENTIFIER_PREFIX } from "./reset-mail.server";

/**
 * 'Mot de passe oublié ?' with Better Auth's reset flow: a request queues a single-use link by
 * mail (reset-mail.server.ts), valid 30 minutes; using it sets the new password, ends every
 * session of the account and every other link, is audited and confirmed by mail.
 */

/** Requests from one address (its /64 for IPv6), whatever the addresses typed. */
const requestsPerAddress = createRateLimiter({
  keyPrefix: "reset-address",
  points: 5,
  durationSeconds: 15 * 60,
});
/** Links mailed to one account: beyond these, requests are answered the same and mail nothing. */
const requestsPerAccount = createRateLimiter({
  keyPrefix: "reset-account",
  points: 3,
  durationSeconds: 60 * 60,
});

function clientIpOf(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/**
 * Asks for a reset link for `email`. The answer never says whether an account has that address:
 * "sent" for all, a link being mailed only to an existing, active account under its limit.
 */
export async function requestPasswordReset(
  request: Request,
  typedEmail: string,
): Promise<{ status: "sent" } | { status: "throttled"; retryAfterSeconds: number }> {
  const email = typedEmail.trim().toLowerCase();
  const clientIp = clientIpOf(request);
  const fromAddress = await requestsPerAddress.take(throttleKeyOfAddress(clientIp));
  if (!fromAddress.allowed) return { status: "throttled", retryAfterSeconds: fromAddress.retryAfterSeconds };

  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  const underLimit = await requestsPerAccount.consume(email);
  if (underLimit) await auth().api.requestPasswordReset({ body: { email }, headers: request.headers });
  await recordAudit(db(), {
    actor: { id: account?.id ?? null, email },
    action: "password_reset_requested",
    entityType: "users",
    entityId: account?.id ?? null,
    details: underLimit ? null : { throttled: true },
    ipAddress: clientIp,
  });
  return { status: "sent" };
}

/** The account a reset link's token is for, while the link is unused and unexpired. */
export async function resetLinkAccount(token: string): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const { internalAdapter } = await auth().$context;
  const verification = await internalAdapter.findVerificationValue(`${RESET_IDENTIFIER_PREFIX}${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const [account] = await db()
    .select({ id: users.id, email: users.email, banned: users.banned })
    .from(users)
    .where(eq(users.id, verification.value));
  return account && !account.banned ? { id: account.id, email: account.email } : null;
}

export type ResetOutcome =
  | { status: "ok" }
  /** Used, expired, unknown, or for a suspended account. */
  | { status: "invalid" }
  /** Common or guessable (WEAK_PASSWORD_MESSAGE): nothing was changed. */
  | { status: "weak" }
  /** Too many passwords are being hashed at this moment: nothing was changed. */
  | { status: "busy"; retryAfterSeconds: number };

/** Sets the new password of the account `token` was mailed to (Better Auth's resetPassword). */
export async function resetPassword(
  request: Request,
  token: string,
  newPassword: string,
): Promise<ResetOutcome> {
  const account = await resetLinkAccount(token);
  if (!account) return { status: "invalid" };
  if (await isGuessablePassword(newPassword, [account.email])) return { status: "weak" };
  try {
    await auth().api.resetPassword({ body: { newPassword, token }, headers: request.headers });
  } catch (error) {
    if (error instanceof PasswordHashBusyError) {
      return { status: "busy", retryAfterSeconds: error.retryAfterSeconds };
    }
    if (isAPIError(error) && error.body?.code === "INVALID_TOKEN") return { status: "invalid" };
    throw error;
  }
  // Better Auth consumed this link and ended the sessions; the account's other links end too, and
  // a generated password it had to change is replaced.
  await db().transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.value, account.id),
          like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
        ),
      );
    await markPasswordChosen(tx, account.id);
    await recordAudit(tx, {
      actor: account,
      action: "password_reset",
      entityType: "users",
      entityId: account.id,
      ipAddress: clientIpOf(request),
    });
    await queuePasswordChangedMail(tx, account);
  });
  announceEnqueued();
  return { status: "ok" };
}
