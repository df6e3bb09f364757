import { isAPIError } from "better-auth/api";
import { and, eq, like, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { recordAudit } from "~/server/audit/audit.server";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { twoFactors, users, verifications } from "~/server/db/schema";
import { withSetCookies } from "~/server/http/headers.server";
import { CLIENT_IP_HEADER, clientIpOf } from "~/server/security/client-ip.server";
import { throttledPasswordCheck } from "~/server/security/password-throttle.server";
import { auth } from "./auth.server";
import { type CredentialRefusal, verifyOwnPassword } from "./credentials.server";
import { claimTotpStep } from "./totp-steps.server";

/**
 * One's own second factor (profile) through Better Auth's two-factor plugin, and an admin's reset
 * of another account's. Every change is audited. The current password is checked first under the
 * sign-in throttle (verifyOwnPassword), then given to the plugin, which checks it again.
 */

type Actor = { id: string; email: string };

async function audit(request: Request, actor: Actor, action: string) {
  await recordAudit(db(), {
    actor,
    action,
    entityType: "users",
    entityId: actor.id,
    ipAddress: request.headers.get(CLIENT_IP_HEADER) || null,
  });
}

/** What the profile shows to enrol: the QR code (SVG), the secret to type instead, its URI. */
export type Enrolment = { qrSvg: string; secret: string; uri: string };

export async function enrolmentOf(uri: string): Promise<Enrolment | null> {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return null;
  }
  const secret = parsed.protocol === "otpauth:" ? parsed.searchParams.get("secret") : null;
  if (!secret) return null;
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  // Groups of four, as authenticator apps show them.
  return { qrSvg, secret: secret.match(/.{1,4}/g)!.join(" "), uri };
}

/** Starts an enrolment (a new secret, not active until a code confirms it). */
export async function startEnrolment(
  request: Request,
  user: Actor,
  password: string,
): Promise<{ status: "ok"; enrolment: Enrolment } | CredentialRefusal> {
  const checked = await verifyOwnPassword(request, user, password);
  if (checked.status !== "ok") return checked;
  const answer = await auth().api.enableTwoFactor({
    body: { password, method: "totp" },
    headers: request.headers,
  });
  if (answer.method !== "totp") throw new Error("the two-factor plugin gave no TOTP URI");
  return { status: "ok", enrolment: (await enrolmentOf(answer.totpURI))! };
}

/**
 * Confirms an enrolment with a code of the app: the second factor is then on, the session is
 * renewed (forward `headers`) and the 10 backup codes are returned, to be shown once. Only while
 * an enrolment is pending (started, second factor not yet on): once on, a code here would show the
 * backup codes again. Codes are throttled as at sign-in (the account's code counter).
 */
export async function confirmEnrolment(
  request: Request,
  user: Actor,
  code: string,
): Promise<
  { status: "ok"; headers: Headers; backupCodes: string[] } | CredentialRefusal | { status: "not_pending" }
> {
  const [pending] = await db()
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, user.id), sql`${users.twoFactorEnabled} is not true`));
  if (!pending) return { status: "not_pending" };
  const digits = code.replace(/\s/g, "");
  const outcome = await throttledPasswordCheck(
    { email: user.email, clientIp: clientIpOf(request), cookieHeader: request.headers.get("Cookie") },
    async () => {
      if ((await claimTotpStep(user.id, digits)) !== "claimed") return null;
      try {
        const { headers } = await auth().api.verifyTOTP({
          body: { code: digits },
          headers: request.headers,
          returnHeaders: true,
        });
        return headers;
      } catch (error) {
        if (isAPIError(error) && error.body?.code === "INVALID_CODE") return null;
        throw error;
      }
    },
    "code",
  );
  if (outcome.status !== "ok") return outcome;
  const { backupCodes } = await auth().api.viewBackupCodes({ body: { userId: user.id } });
  await audit(request, user, "two_factor_enable");
  return { status: "ok", headers: withSetCookies(outcome.value), backupCodes };
}

/** Turns one's own second factor off (current password required). */
export async function disableOwnSecondFactor(
  request: Request,
  user: Actor,
  password: string,
): Promise<{ status: "ok"; headers: Headers } | CredentialRefusal> {
  const checked = await verifyOwnPassword(request, user, password);
  if (checked.status !== "ok") return checked;
  const { headers } = await auth().api.disableTwoFactor({
    body: { password },
    headers: request.headers,
    returnHeaders: true,
  });
  await audit(request, user, "two_factor_disable");
  return { status: "ok", headers: withSetCookies(headers) };
}

/**
 * An admin removes another account's second factor (a lost phone): its secret, backup codes and
 * trusted browsers go; its sessions stay. The account enrols again from its profile.
 */
export async function resetSecondFactor(context: MutationContext, id: string) {
  await mutate(context, async (m) => {
    const updated = await m.tx
      .update(users)
      .set({ twoFactorEnabled: false })
      .where(eq(users.id, id))
      .returning({ email: users.email });
    if (updated.length === 0) throw new MissingRowError("users", id);
    await m.tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    await m.tx
      .delete(verifications)
      .where(and(eq(verifications.value, id), like(verifications.identifier, "trust-device-%")));
    await m.audit({
      action: "two_factor_reset",
      entityType: "users",
      entityId: id,
      details: { email: updated[0]!.email },
    });
  });
}
