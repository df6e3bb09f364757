import { createHmac, timingSafeEqual } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { isGuessablePassword } from "~/lib/schemas/password";
import { isEmailAddress } from "~/lib/schemas/users";
import { recordAudit } from "~/server/audit/audit.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { withSetCookies } from "~/server/http/headers.server";
import { accounts } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { authSecret } from "~/server/secrets.server";
import { clientIpOf } from "~/server/security/client-ip.server";
import { deviceCookie, knownWait, throttledPasswordCheck } from "~/server/security/password-throttle.server";
import { auth } from "./auth.server";
import { verifyPassword } from "./password-hash.server";
import { accountOf, auditSignIn, noteThrottledTry } from "./sign-in-audit.server";
import { claimTotpStep } from "./totp-steps.server";
import { markPasswordChosen } from "./users.server";

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

/**
 * Signs in with e-mail and password. On success, the headers carry the session cookie and the
 * device cookie that exempts this browser from the account-wide throttle next time.
 */
export async function signIn(
  request: Request,
  { email, password }: { email: string; password: string },
): Promise<
  | { status: "ok"; headers: Headers; userId: string }
  /** The password is right and the account has a second factor: the code step follows. */
  | { status: "second_factor"; headers: Headers }
  | CredentialRefusal
> {
  // No account has such an address: refused before it is looked up, counted or written.
  if (!isEmailAddress(email)) return { status: "wrong" };
  const clientIp = clientIpOf(request);
  const audit = (action: string, userId: string | null, details: Record<string, unknown> | null) =>
    auditSignIn({ email, clientIp }, action, userId, details);

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
        // The two-factor plugin answers this instead, with its challenge cookie.
        if ("twoFactorRedirect" in response) return { headers, userId: null };
        return { headers, userId: response.user.id };
      } catch (error) {
        if (!isAPIError(error)) throw error;
        if (WRONG_PASSWORD_CODES.has(error.body?.code ?? "")) return null;
        refusal = { status: "refused", code: error.body?.code, httpStatus: error.statusCode };
        return undefined;
      }
    },
  );

  const passed = outcome.status === "ok" ? outcome.value : undefined;
  if (passed) {
    const headers = withSetCookies(passed.headers);
    if (passed.userId === null) {
      headers.append("Set-Cookie", pendingSecondFactorCookie(email, config.secureCookies));
      await audit("sign_in_password_ok", (await accountOf(email))?.id ?? null, null);
      return { status: "second_factor", headers };
    }
    headers.append("Set-Cookie", deviceCookie(email, config.secureCookies));
    await audit("sign_in", passed.userId, null);
    return { status: "ok", headers, userId: passed.userId };
  }
  if (outcome.status === "busy") return outcome;
  if (outcome.status === "throttled") {
    await noteThrottledTry({ email, clientIp }, outcome.retryAfterSeconds);
    return outcome;
  }
  const account = await accountOf(email);
  const result = refusal ?? { status: "wrong" as const };
  await audit("sign_in_failed", account?.id ?? null, {
    reason: result.status === "refused" ? result.code : "wrong_password",
  });
  return result;
}

/**
 * A sign-in refused unchecked because this instance knows the throttle holds it (knownWait): the
 * seconds to wait, counted like any refused try; undefined when the try must go the full way.
 * Asked by the sign-in form's early answer (server/sign-in-flood.ts), before React Router runs.
 * An e-mail no account can have is only checked against the address's wait, and never written.
 */
export function refuseKnownThrottled(attempt: {
  email: string;
  clientIp: string;
  cookieHeader: string | null;
}) {
  const email = isEmailAddress(attempt.email) ? attempt.email : null;
  const wait = knownWait({ ...attempt, email });
  if (wait !== undefined) void noteThrottledTry({ email, clientIp: attempt.clientIp }, wait);
  return wait;
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
    await markPasswordChosen(db(), user.id);
    await recordAudit(db(), {
      actor: user,
      action: "password_change",
      entityType: "users",
      entityId: user.id,
      ipAddress: clientIpOf(request),
    });
    return { status: "ok", headers: withSetCookies(outcome.value) };
  }
  if (outcome.status === "ok") return refusal!;
  return outcome;
}

// ---------------------------------------------------------------- second factor at sign-in

const PENDING_COOKIE = "betic.2fa-pending";
/** Better Auth's challenge (its two_factor cookie) lives 10 minutes; ours the same. */
const PENDING_MAX_AGE_SECONDS = 10 * 60;

function signPending(value: string) {
  return createHmac("sha256", authSecret()).update(`2fa-pending|${value}`).digest("base64url");
}

/**
 * Names the account whose code is awaited, signed: the code step throttles tries on that
 * account's counters (like passwords), and the visitor cannot name another to get a fresh budget.
 */
function pendingSecondFactorCookie(email: string, secure: boolean): string {
  const value = `${email.trim().toLowerCase()}|${Date.now() + PENDING_MAX_AGE_SECONDS * 1000}`;
  return [
    `${PENDING_COOKIE}=${encodeURIComponent(`${value}|${signPending(value)}`)}`,
    "Path=/admin/login",
    `Max-Age=${PENDING_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The e-mail of the account awaiting its code in this browser, or null. */
export function pendingSecondFactorEmail(request: Request): string | null {
  const raw = request.headers
    .get("Cookie")
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${PENDING_COOKIE}=`))
    ?.slice(PENDING_COOKIE.length + 1);
  if (!raw) return null;
  const [email, expires, signature] = decodeURIComponent(raw).split("|");
  if (!email || !expires || !signature || Number(expires) < Date.now()) return null;
  const expected = Buffer.from(signPending(`${email}|${expires}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}

const WRONG_CODE_CODES = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/**
 * The code step of a sign-in: a 6-digit code of the authenticator app or one of the backup codes,
 * checked by Better Auth's two-factor plugin under the throttle (the account's code counter, the
 * address's), each app code accepted once (claimTotpStep). `trustDevice`: this browser skips the code for 30 days.
 */
export async function verifySecondFactor(
  request: Request,
  { code, trustDevice }: { code: string; trustDevice: boolean },
): Promise<{ status: "ok"; headers: Headers } | CredentialRefusal | { status: "expired" }> {
  const email = pendingSecondFactorEmail(request);
  if (!email) return { status: "expired" };
  const clientIp = clientIpOf(request);
  const account = await accountOf(email);
  let refusal: CredentialRefusal | { status: "expired" } | undefined;
  const outcome = await throttledPasswordCheck(
    { email, clientIp, cookieHeader: request.headers.get("Cookie") },
    async () => {
      const digits = code.replace(/\s/g, "");
      // A code already used (its step or an earlier one) is refused as wrong, never checked again.
      if (/^\d{6}$/.test(digits) && account && (await claimTotpStep(account.id, digits)) === "replayed")
        return null;
      try {
        const { headers } = /^\d{6}$/.test(digits)
          ? await auth().api.verifyTOTP({
              body: { code: digits, trustDevice },
              headers: request.headers,
              returnHeaders: true,
            })
          : await auth().api.verifyBackupCode({
              body: { code: code.trim(), trustDevice },
              headers: request.headers,
              returnHeaders: true,
            });
        return headers;
      } catch (error) {
        if (!isAPIError(error)) throw error;
        const reason = error.body?.code ?? "";
        if (WRONG_CODE_CODES.has(reason)) return null;
        refusal =
          reason === "INVALID_TWO_FACTOR_COOKIE" || reason === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"
            ? { status: "expired" }
            : { status: "refused", code: reason, httpStatus: error.statusCode };
        return undefined;
      }
    },
    "code",
  );
  const record = (action: string, details: Record<string, unknown> | null) =>
    recordAudit(db(), {
      actor: { id: account?.id ?? null, email },
      action,
      entityType: "users",
      entityId: account?.id ?? null,
      details,
      ipAddress: clientIp,
    }).catch((error: unknown) => logger.error({ err: error }, "sign-in audit row could not be written"));
  if (outcome.status === "ok" && outcome.value) {
    const headers = withSetCookies(outcome.value);
    headers.append("Set-Cookie", deviceCookie(email, config.secureCookies));
    headers.append("Set-Cookie", `${PENDING_COOKIE}=; Path=/admin/login; Max-Age=0; HttpOnly; SameSite=Lax`);
    await record("sign_in", {
      secondFactor: /^\d{6}$/.test(code.replace(/\s/g, "")) ? "totp" : "backup_code",
    });
    return { status: "ok", headers };
  }
  if (outcome.status === "ok") return refusal!;
  if (outcome.status === "busy") return outcome;
  if (outcome.status === "throttled")
    await noteThrottledTry({ email, clientIp }, outcome.retryAfterSeconds, "second_factor");
  else await record("sign_in_failed", { reason: "wrong_code" });
  return outcome;
}
