import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signIn, verifySecondFactor } from "~/server/auth/credentials.server";
import { confirmEnrolment, startEnrolment } from "~/server/auth/two-factor.server";
import { db } from "~/server/db/client.server";
import { rateLimits } from "~/server/db/schema";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { signedInAs } from "../support/signed-in";

// Issue 36, point 5.
const PASSWORD = "secret-password-1";
const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
const request = (path: string, clientIp: string, cookie = "") =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: clientIp, cookie },
  });

/** An account with its second factor on; `code()` is its app's current code. */
async function enrolled() {
  const member = await signedInAs("user");
  const user = { id: member.user.id, email: member.user.email };
  const started = await startEnrolment(member.request("/admin/profile"), user, PASSWORD);
  if (started.status !== "ok") throw new Error(`enrolment refused: ${started.status}`);
  const otp = createOTP(base32.decode(started.enrolment.secret.replace(/\s/g, "")));
  const confirmed = await confirmEnrolment(member.request("/admin/profile"), user, await otp.totp());
  expect(confirmed.status).toBe("ok");
  return { member, user, code: () => otp.totp(), otp };
}

/** The password step from `clientIp`: the challenge cookies of the code step. */
async function passwordStep(email: string, clientIp: string) {
  const outcome = await signIn(request("/admin/login", clientIp), { email, password: PASSWORD });
  expect(outcome.status).toBe("second_factor");
  return cookiesOf((outcome as { headers: Headers }).headers);
}

describe("two-factor gaps", { timeout: 120_000 }, () => {
  it("refuses a code already used, within its window", async () => {
    const { user, code, otp } = await enrolled();
    // The enrolment used the current step's code: the sign-in takes the next one.
    const next = await otp.hotp(Math.floor(Date.now() / 30_000) + 1);
    const first = await passwordStep(user.email, "198.51.100.21");
    const used = await verifySecondFactor(request("/admin/login/code", "198.51.100.21", first), {
      code: next,
      trustDevice: false,
    });
    expect(used.status).toBe("ok");
    const again = await passwordStep(user.email, "198.51.100.22");
    for (const replay of [next, await code()]) {
      const replayed = await verifySecondFactor(request("/admin/login/code", "198.51.100.22", again), {
        code: replay,
        trustDevice: false,
      });
      expect(replayed.status).toBe("wrong");
    }
  });

  it("counts wrong codes on their own counter, which the right password does not reset", async () => {
    const { user } = await enrolled();
    const challenge = await passwordStep(user.email, "198.51.100.31");
    for (let n = 0; n < 5; n++) {
      const outcome = await verifySecondFactor(
        request("/admin/login/code", `198.51.100.${40 + n}`, challenge),
        {
          code: "000000",
          trustDevice: false,
        },
      );
      expect(outcome.status).toBe("wrong");
    }
    // The fifth failure started a wait: held open here, however slow the machine.
    await db()
      .update(rateLimits)
      .set({ expire: Date.now() + 60_000 })
      .where(like(rateLimits.key, `%-gate:${user.email}`));
    // The password is right: its step passes, and leaves the codes' wait as it is.
    const fresh = await passwordStep(user.email, "198.51.100.50");
    const outcome = await verifySecondFactor(request("/admin/login/code", "198.51.100.51", fresh), {
      code: "000000",
      trustDevice: false,
    });
    expect(outcome.status).toBe("throttled");
  });

  it("confirms only a pending enrolment, under the throttle", async () => {
    const { member, user, code } = await enrolled();
    // Two-factor on already: confirming again gives no backup codes.
    const again = await confirmEnrolment(member.request("/admin/profile"), user, await code());
    expect(again.status).not.toBe("ok");
    expect(again).not.toHaveProperty("backupCodes");

    const pending = await signedInAs("user");
    const account = { id: pending.user.id, email: pending.user.email };
    expect((await startEnrolment(pending.request("/admin/profile"), account, PASSWORD)).status).toBe("ok");
    const statuses: string[] = [];
    for (let n = 0; n < 8; n++)
      statuses.push((await confirmEnrolment(pending.request("/admin/profile"), account, "000000")).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill("wrong"));
    expect(statuses).toContain("throttled");
  });
});
