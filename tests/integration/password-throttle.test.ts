import { desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeOwnPassword, signIn, verifyOwnPassword } from "~/server/auth/credentials.server";
import { createAccount } from "~/server/auth/users.server";
import { db } from "~/server/db/client.server";
import { auditLog, rateLimits, users } from "~/server/db/schema";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { purgeExpiredCounters, waitAfter } from "~/server/security/password-throttle.server";

const PASSWORD = "Tableau-Electrique-87";

function loginRequest(clientIp: string, cookie?: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: clientIp });
  if (cookie) headers.set("Cookie", cookie);
  return new Request("http://localhost/admin/login", { method: "POST", headers });
}

const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

describe("waits", () => {
  it("are free for five failures, then double from 1 s up to 60 s", () => {
    const account = { freeFailures: 5, maxWaitSeconds: 60 };
    expect([1, 2, 3, 4].map((n) => waitAfter(n, account))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 12, 50].map((n) => waitAfter(n, account))).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });
});

describe("sign-in throttling", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    for (const email of ["cible@betic.test", "autre@betic.test", "appareil@betic.test"])
      await createAccount({ email, password: PASSWORD, role: "user" });
  });

  it("slows 20 wrong passwords from 20 addresses; the owner then gets in within the wait", async () => {
    const email = "cible@betic.test";
    const outcomes = [];
    for (let i = 1; i <= 20; i++) {
      outcomes.push(await signIn(loginRequest(`203.0.113.${i}`), { email, password: `essai-${i}` }));
    }
    const statuses = outcomes.map((outcome) => outcome.status);
    // Five free failures; past them, one try per wait (a try takes as long as a hash, so one or
    // two more may fit), and the rest are refused unchecked.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill("wrong"));
    const wrong = statuses.filter((status) => status === "wrong").length;
    expect(wrong).toBeLessThanOrEqual(8);
    expect(statuses.filter((status) => status === "throttled")).toHaveLength(20 - wrong);
    const waits = outcomes.flatMap((outcome) =>
      outcome.status === "throttled" ? [outcome.retryAfterSeconds] : [],
    );
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);

    // Another failure after the wait makes the next wait longer: at least 2 s from that try, so
    // what remains of it is at least 2 s less the time the two tries took (hashing is slow on a
    // busy machine).
    await sleep(waits.at(-1)!);
    const tried = performance.now();
    expect((await signIn(loginRequest("203.0.113.50"), { email, password: "encore-faux" })).status).toBe(
      "wrong",
    );
    const longer = await signIn(loginRequest("203.0.113.51"), { email, password: "encore" });
    const elapsedSeconds = (performance.now() - tried) / 1000;
    expect(longer).toMatchObject({ status: "throttled" });
    const retryAfter = (longer as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThanOrEqual(2 - elapsedSeconds);

    // The right password from yet another address, once the announced wait is over.
    await sleep(retryAfter);
    const owner = await signIn(loginRequest("198.51.100.7"), { email, password: PASSWORD });
    expect(owner.status).toBe("ok");

    // Every outcome is in the audit trail, with the address; never a password.
    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, email))
      .orderBy(desc(auditLog.createdAt));
    expect(rows[0]).toMatchObject({ action: "sign_in", entityType: "users", ipAddress: "198.51.100.7" });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(rows[0]!.actorId).toBe(user!.id);
    expect(rows.filter((row) => row.action === "sign_in_failed")).toHaveLength(wrong + 1);
    expect(rows.filter((row) => row.action === "sign_in_throttled")).toHaveLength(20 - wrong + 1);
    expect(JSON.stringify(rows)).not.toMatch(/essai-|encore|Tableau-Electrique/);
  });

  it("slows one address trying many accounts (password spraying)", async () => {
    const spray = (i: number) =>
      signIn(loginRequest("192.0.2.99"), { email: `personne-${i}@betic.test`, password: "azerty123" });
    const outcomes = [];
    for (let i = 1; i <= 20; i++) outcomes.push(await spray(i));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(20).fill("wrong"));
    // Past the free failures, tries arriving together: at most one takes the turn, the others wait.
    const together = await Promise.all([21, 22, 23].map(spray));
    expect(together.filter((outcome) => outcome.status === "throttled").length).toBeGreaterThanOrEqual(2);
    // Another address is not concerned.
    expect(
      (await signIn(loginRequest("192.0.2.100"), { email: "autre@betic.test", password: PASSWORD })).status,
    ).toBe("ok");
  });

  it("lets the owner's usual browser in at once while the account is under attack", async () => {
    const email = "appareil@betic.test";
    const first = await signIn(loginRequest("198.51.100.20"), { email, password: PASSWORD });
    expect(first.status).toBe("ok");
    const browser = cookiesOf((first as { headers: Headers }).headers);
    expect(browser).toContain("betic.device=");

    for (let i = 0; i < 12; i++) await signIn(loginRequest(`203.0.113.${100 + i}`), { email, password: "x" });
    expect((await signIn(loginRequest("203.0.113.200"), { email, password: PASSWORD })).status).toBe(
      "throttled",
    );
    expect((await signIn(loginRequest("198.51.100.20", browser), { email, password: PASSWORD })).status).toBe(
      "ok",
    );
  });

  it("guards re-authentication and the password change with the same counters", async () => {
    const email = "autre@betic.test";
    const signedIn = await signIn(loginRequest("198.51.100.30"), { email, password: PASSWORD });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const session = cookiesOf((signedIn as { headers: Headers }).headers).replace(
      /betic\.device=[^;]+;?\s*/,
      "",
    );
    const request = () => loginRequest("198.51.100.30", session);

    expect((await verifyOwnPassword(request(), user!, PASSWORD)).status).toBe("ok");
    const statuses: string[] = [];
    while (statuses.length < 10 && statuses.at(-1) !== "throttled")
      statuses.push((await verifyOwnPassword(request(), user!, "mauvais")).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill("wrong"));
    expect(statuses.at(-1)).toBe("throttled");
    // The wait (a few seconds) may run out during a slow hash on a busy machine: hold it open, so
    // that the password change below surely comes during it.
    const held = await db()
      .update(rateLimits)
      .set({ expire: Date.now() + 60_000 })
      .where(like(rateLimits.key, `pw-account-gate:%${email}`))
      .returning({ key: rateLimits.key });
    expect(held).toHaveLength(1);
    expect(
      (
        await changeOwnPassword(request(), user!, {
          currentPassword: PASSWORD,
          newPassword: "Nouveau-Tableau-2026",
        })
      ).status,
    ).toBe("throttled");
    // A common password is refused before anything is checked (or counted).
    expect(
      (await changeOwnPassword(request(), user!, { currentPassword: PASSWORD, newPassword: "azerty123" }))
        .status,
    ).toBe("weak");
  });

  it("purges counters that expired long ago", async () => {
    await db()
      .insert(rateLimits)
      .values({ key: "old-counter", points: 3, expire: Date.now() - 2 * 3_600_000 });
    expect(await purgeExpiredCounters()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, "old-counter"))).toEqual([]);
  });
});
