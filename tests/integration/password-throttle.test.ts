import type { AddressInfo } from "node:net";
import { desc, eq, like } from "drizzle-orm";
import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/admin/login";
import { changeOwnPassword, signIn, verifyOwnPassword } from "~/server/auth/credentials.server";
import {
  hashPassword,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  PasswordHashBusyError,
} from "~/server/auth/password-hash.server";
import { createAccount } from "~/server/auth/users.server";
import { db, getPool } from "~/server/db/client.server";
import { auditLog, rateLimits, users } from "~/server/db/schema";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { limitRequestBodies } from "~/server/security/http-guards.server";
import { purgeExpiredCounters, waitAfter } from "~/server/security/password-throttle.server";
import { earlySignInRefusals } from "../../server/sign-in-flood";
import { SIGN_IN_INTENT } from "~/lib/schemas/users";

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
    for (const email of [
      "cible@betic.test",
      "autre@betic.test",
      "appareil@betic.test",
      "rafale@betic.test",
      "surcharge@betic.test",
    ])
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

    // Another failure after the wait makes the next wait longer: at least 2 s from that try, so a
    // try right after it is refused, with what remains of the wait. On a machine so busy that a
    // try's hash outlasts that wait, the next try is checked too: that is right only once 2 s have
    // passed since the last checked try, and then the one after must be refused.
    await sleep(waits.at(-1)!);
    let checkedAt = performance.now();
    expect((await signIn(loginRequest("203.0.113.50"), { email, password: "encore-faux" })).status).toBe(
      "wrong",
    );
    let extraWrong = 1;
    let longer = await signIn(loginRequest("203.0.113.51"), { email, password: "encore" });
    for (let i = 52; longer.status === "wrong" && i < 55; i++) {
      expect((performance.now() - checkedAt) / 1000).toBeGreaterThanOrEqual(2);
      extraWrong += 1;
      checkedAt = performance.now();
      longer = await signIn(loginRequest(`203.0.113.${i}`), { email, password: "encore" });
    }
    const elapsedSeconds = (performance.now() - checkedAt) / 1000;
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
    expect(rows.filter((row) => row.action === "sign_in_failed")).toHaveLength(wrong + extraWrong);
    expect(rows.filter((row) => row.action === "sign_in_throttled")).toHaveLength(20 - wrong + 1);
    expect(JSON.stringify(rows)).not.toMatch(/essai-|encore|Tableau-Electrique/);
  });

  it("counts tries sent at once: of 50 parallel wrong ones, at most the free window is checked", async () => {
    const email = "rafale@betic.test";
    const post = (i: number) =>
      loginAction({
        request: new Request("http://localhost/admin/login", {
          method: "POST",
          headers: { [CLIENT_IP_HEADER]: `198.18.0.${i}` },
          body: new URLSearchParams({ intent: SIGN_IN_INTENT, email, password: `rafale-${i}` }),
        }),
      } as Parameters<typeof loginAction>[0]);
    const answers = (await Promise.all(Array.from({ length: 50 }, (_, i) => post(i + 1)))) as unknown as {
      init: { status: number } | null;
      data: { problem?: { description: string } };
    }[];
    const checked = answers.filter((answer) => answer.init?.status === 401);
    const refused = answers.filter((answer) => answer.init?.status === 429);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(refused).toHaveLength(50 - checked.length);
    for (const answer of refused)
      expect(answer.data.problem?.description).toMatch(
        /^Trop de tentatives de connexion\. Réessayez dans \d+ secondes?\.$/,
      );
    // Only the checked tries are failures: the refused ones gave their reservation back.
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorEmail, email));
    expect(rows.filter((row) => row.action === "sign_in_failed")).toHaveLength(checked.length);
    const [counter] = await db()
      .select({ points: rateLimits.points })
      .from(rateLimits)
      .where(eq(rateLimits.key, `pw-account-failures:${email}`));
    expect(counter?.points).toBe(checked.length);
  });

  it("hashes at most a few passwords at once, queues a few more and refuses the rest unchecked", async () => {
    const hashes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => hashPassword(`mot-${i}`)));
    const admitted = MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES;
    expect(hashes.slice(0, admitted).every((hash) => hash.status === "fulfilled")).toBe(true);
    for (const hash of hashes.slice(admitted))
      expect(hash).toMatchObject({ status: "rejected", reason: expect.any(PasswordHashBusyError) });

    // A sign-in arriving then is answered "busy" and leaves the account's counter as it was.
    const email = "surcharge@betic.test";
    const flood = Promise.allSettled(Array.from({ length: admitted }, (_, i) => hashPassword(`flot-${i}`)));
    const busy = await signIn(loginRequest("198.18.1.1"), { email, password: PASSWORD });
    await flood;
    expect(busy).toEqual({ status: "busy", retryAfterSeconds: 1 });
    const counters = await db()
      .select({ points: rateLimits.points })
      .from(rateLimits)
      .where(like(rateLimits.key, `%${email}`));
    expect(counters.every((counter) => counter.points === 0)).toBe(true);
    expect((await signIn(loginRequest("198.18.1.1"), { email, password: PASSWORD })).status).toBe("ok");
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

  it("refuses a flood's tries the throttle holds before React Router, audited once per series, writing nothing", async () => {
    const email = "deluge@betic.test";
    // Ten failures on record, then one checked try: the account's gate is held for the longest
    // wait (60 s), however slow the machine.
    await db()
      .insert(rateLimits)
      .values({ key: `pw-account-failures:${email}`, points: 10, expire: Date.now() + 3_600_000 });
    expect((await signIn(loginRequest("198.18.2.1"), { email, password: "faux" })).status).toBe("wrong");

    const app = express();
    app.use(limitRequestBodies());
    app.post("/admin/login", earlySignInRefusals());
    let reachedReactRouter = 0;
    app.use((_req, res) => {
      reachedReactRouter += 1;
      res.status(200).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const counters = () => db().select().from(rateLimits).orderBy(rateLimits.key);
    const before = await counters();
    try {
      const post = (who: string) =>
        fetch(`${base}/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: SIGN_IN_INTENT, email: who, password: "toujours-faux" }),
        });
      const answers = await Promise.all(Array.from({ length: 30 }, () => post(email.toUpperCase())));
      for (const answer of answers) {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
        expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
        // Answered ahead of the security headers middleware (server.js): it sets its own.
        expect(answer.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
        expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(await answer.text()).toMatch(
          /Trop de tentatives de connexion\. Réessayez dans (\d+ secondes|1 minute)\./,
        );
      }
      expect(reachedReactRouter).toBe(0);
      // Another account, not held: the full way.
      expect((await post("libre@betic.test")).status).toBe(200);
      expect(reachedReactRouter).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The same refusals through the action's path, from one address: one series as well.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(loginRequest("198.18.2.2"), { email, password: "x" })).status).toBe("throttled");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await counters()).toEqual(before);
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorEmail, email));
    const throttled = rows.filter((row) => row.action === "sign_in_throttled");
    const addresses = throttled.map((row) => row.ipAddress);
    expect(addresses).toEqual(expect.arrayContaining(["127.0.0.1", "198.18.2.2"]));
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("when a known wait ends, lets one try take the gate and refuses the tries racing it from memory", async () => {
    const email = "relais@betic.test";
    await db()
      .insert(rateLimits)
      .values({ key: `pw-account-failures:${email}`, points: 5, expire: Date.now() + 3_600_000 });
    // The sixth failure is checked, then a 2-second wait is known here.
    expect((await signIn(loginRequest("198.18.3.1"), { email, password: "faux" })).status).toBe("wrong");
    await sleep(2.2);
    let queries = 0;
    const count = () => (queries += 1);
    getPool().on("acquire", count);
    let outcomes: Awaited<ReturnType<typeof signIn>>[];
    try {
      outcomes = await Promise.all(
        Array.from({ length: 20 }, () => signIn(loginRequest("198.18.3.2"), { email, password: "faux" })),
      );
    } finally {
      getPool().off("acquire", count);
    }
    expect(outcomes.filter((outcome) => outcome.status === "wrong")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "throttled")).toHaveLength(19);
    // Each racing try used to take three round trips to be refused by the gate: 57 at least.
    expect(queries).toBeLessThan(20);
  });

  it("purges counters that expired long ago", async () => {
    await db()
      .insert(rateLimits)
      .values({ key: "old-counter", points: 3, expire: Date.now() - 2 * 3_600_000 });
    expect(await purgeExpiredCounters()).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, "old-counter"))).toEqual([]);
  });
});
