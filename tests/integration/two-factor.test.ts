import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn, verifySecondFactor } from "~/server/auth/credentials.server";
import { confirmEnrolment, startEnrolment } from "~/server/auth/two-factor.server";
import { db } from "~/server/db/client.server";
import { auditLog, rateLimits } from "~/server/db/schema";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { signedInAs } from "../support/signed-in";

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

function requestFrom(clientIp: string, cookie = "") {
  return new Request("http://localhost/admin/login/code", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: clientIp, cookie },
  });
}

describe("second factor at sign-in", { timeout: 120_000 }, () => {
  it("asks the code after the password, and throttles wrong codes like passwords", async () => {
    const member = await signedInAs("user");
    const user = { id: member.user.id, email: member.user.email };
    const started = await startEnrolment(member.request("/admin/profile"), user, "secret-password-1");
    if (started.status !== "ok") throw new Error(`enrolment refused: ${started.status}`);
    const secret = base32.decode(started.enrolment.secret.replace(/\s/g, ""));
    const confirmed = await confirmEnrolment(
      member.request("/admin/profile"),
      user,
      await createOTP(secret).totp(),
    );
    expect(confirmed).toMatchObject({ status: "ok" });
    expect((confirmed as { backupCodes: string[] }).backupCodes).toHaveLength(10);

    const password = await signIn(requestFrom("198.51.100.61"), {
      email: user.email,
      password: "secret-password-1",
    });
    expect(password.status).toBe("second_factor");
    const challenge = cookiesOf((password as { headers: Headers }).headers);
    expect(challenge).toContain("betic.two_factor=");
    expect(challenge).toContain("betic.2fa-pending=");
    // Without the challenge cookies the code step has nothing to check.
    expect(
      await verifySecondFactor(requestFrom("198.51.100.61"), { code: "123456", trustDevice: false }),
    ).toEqual({
      status: "expired",
    });

    const tryCode = (n: number) =>
      verifySecondFactor(requestFrom(`198.51.100.${70 + n}`, challenge), {
        code: "000000",
        trustDevice: false,
      });
    const statuses: string[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await tryCode(n)).status);
    expect(statuses).toEqual(Array(5).fill("wrong"));
    // The fifth failure started a wait (1 s): held open here, since a slow machine could let it end.
    await db()
      .update(rateLimits)
      .set({ expire: Date.now() + 60_000 })
      .where(eq(rateLimits.key, `code-account-gate:${user.email}`));
    expect(await tryCode(5)).toMatchObject({ status: "throttled" });
    const [counter] = await db()
      .select({ points: rateLimits.points })
      .from(rateLimits)
      .where(eq(rateLimits.key, `code-account-failures:${user.email}`));
    expect(counter?.points).toBe(5);
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorEmail, user.email));
    expect(rows.filter((row) => row.action === "sign_in_failed")).toHaveLength(5);
    expect(rows.filter((row) => row.action === "sign_in_throttled")).toHaveLength(1);
  });
});
