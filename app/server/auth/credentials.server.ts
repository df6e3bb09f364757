import { isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { isGuessablePassword } from "~/lib/schemas/password";
import { recordAudit } from "~/server/audit/audit.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { withSetCookies } from "~/server/http/headers.server";
import { accounts, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { deviceCookie, throttledPasswordCheck } from "~/server/security/password-throttle.server";
import { auth } from "./auth.server";
import { verifyPassword } from "./password-hash.server";

/**
 * Every place the server checks a password: signing in, confirming one's own password, changing
 * it. All go through the throttle (password-throttle.server.ts); sign-ins are audited.
 */

export type CredentialRefusal =
  | { status: "wrong" }
  | { status: "throttled"; retryAfterSeconds: number }
  /** Too many passwords are being hashed at this moment: nothing was checked (503). */
  | { status: "busy"; retryAfterSeconds: number }
  /** Better Auth refused for another reason than the password (banned account...). */
  | { status: "refused"; code: string | undefined; httpStatus: number };

const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

function clientIpOf(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

async function accountOf(email: string) {
  const [user] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

/**
 * Signs in with e-mail and password. On success, the headers carry the session cookie and the
 * device cookie that exempts this browser from the account-wide throttle next time.
 */
export async function signIn(
  request: Request,
  { email, password }: { email: string; password: string },
): Promise<{ status: "ok"; headers: Headers; userId: string } | CredentialRefusal> {
  const clientIp = clientIpOf(request);
  const audit = async (action: string, userId: string | null, details: Record<string, unknown> | null) => {
    try {
      await recordAudit(db(), {
        actor: { id: userId, email: email.trim().toLowerCase() },
        action,
        entityType: "users",
        entityId: userId,
        details,
        ipAddress: clientIp,
      });
    } catch (error) {
      logger.error({ err: error }, "sign-in audit row could not be written");
    }
  };

  let refusal: CredentialRefusal | undefined;
  const outcome = await throttledPasswordCheck(
    { email, clientIp, cookieHeader: request.headers.get("Cookie") },
    async () => {
      try {
        const { headers, response } = await auth().api.signInEmail({
          body: { email, password },
          headers: request.headers,
          returnHeaders: true,
        });
        return { headers, userId: response.user.id };
      } catch (error) {
        if (!isAPIError(error)) throw error;
        if (WRONG_PASSWORD_CODES.has(error.body?.code ?? "")) return null;
        refusal = { status: "refused", code: error.body?.code, httpStatus: error.statusCode };
        return undefined;
      }
    },
  );

  if (outcome.status === "ok" && outcome.value) {
    const headers = withSetCookies(outcome.value.headers);
    headers.append("Set-Cookie", deviceCookie(email, config.secureCookies));
    await audit("sign_in", outcome.value.userId, null);
    return { status: "ok", headers, userId: outcome.value.userId };
  }
  if (outcome.status === "busy") return outcome;
  const account = await accountOf(email);
  if (outcome.status === "throttled") {
    await audit("sign_in_throttled", account?.id ?? null, { retryAfterSeconds: outcome.retryAfterSeconds });
    return outcome;
  }
  const result = refusal ?? { status: "wrong" as const };
  await audit("sign_in_failed", account?.id ?? null, {
    reason: result.status === "refused" ? result.code : "wrong_password",
  });
  return result;
}

/** Re-authentication: whether `password` is the signed-in user's current password. */
export async function verifyOwnPassword(
  request: Request,
  user: { id: string; email: string },
  password: string,
): Promise<{ status: "ok" } | CredentialRefusal> {
  const outcome = await throttledPasswordCheck(
    { email: user.email, clientIp: clientIpOf(request), cookieHeader: request.headers.get("Cookie") },
    async () => {
      const [account] = await db()
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
      return account?.hash && (await verifyPassword({ hash: account.hash, password })) ? true : null;
    },
  );
  return outcome.status === "ok" ? { status: "ok" } : outcome;
}

/**
 * Changes the signed-in user's own password after checking the current one. Every session of
 * the account ends, and a new one opens for this browser: forward `headers` (Set-Cookie).
 */
export async function changeOwnPassword(
  request: Request,
  user: { id: string; email: string },
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<
  | { status: "ok"; headers: Headers }
  | CredentialRefusal
  /** The new password is common or guessable (WEAK_PASSWORD_MESSAGE): nothing was checked. */
  | { status: "weak" }
> {
  if (await isGuessablePassword(newPassword, [user.email])) return { status: "weak" };
  let refusal: CredentialRefusal | undefined;
  const outcome = await throttledPasswordCheck(
    { email: user.email, clientIp: clientIpOf(request), cookieHeader: request.headers.get("Cookie") },
    async () => {
      try {
        const { headers } = await auth().api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: request.headers,
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        if (!isAPIError(error)) throw error;
        if (WRONG_PASSWORD_CODES.has(error.body?.code ?? "")) return null;
        refusal = { status: "refused", code: error.body?.code, httpStatus: error.statusCode };
        return undefined;
      }
    },
  );
  if (outcome.status === "ok" && outcome.value) {
    return { status: "ok", headers: withSetCookies(outcome.value) };
  }
  if (outcome.status === "ok") return refusal!;
  return outcome;
}
