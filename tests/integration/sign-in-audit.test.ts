import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import express from "express";
import { describe, expect, it } from "vitest";
import { refuseKnownThrottled, signIn } from "~/server/auth/credentials.server";
import { purgeSignInFailures } from "~/server/auth/sign-in-audit.server";
import { createAccount } from "~/server/auth/users.server";
import { db, getPool } from "~/server/db/client.server";
import { auditLog, rateLimits, siteSettings } from "~/server/db/schema";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { limitRequestBodies } from "~/server/security/http-guards.server";
import { earlySignInRefusals } from "../../server/sign-in-flood";
import { SIGN_IN_INTENT } from "~/lib/schemas/users";

function loginRequest(clientIp: string) {
  return new Request("http://localhost/admin/login", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: clientIp },
  });
}

/** Every connection taken from the pool while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>) {
  let queries = 0;
  const count = () => (queries += 1);
  getPool().on("acquire", count);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    getPool().off("acquire", count);
  }
  return queries;
}

const throttledRows = (ip: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "sign_in_throttled"), eq(auditLog.ipAddress, ip)));

describe("sign-in audit rows from strangers", () => {
  it("refuses a malformed e-mail before any look-up, counter or audit row", async () => {
    const long = `${"a".repeat(60 * 1024)}@betic.test`;
    for (const email of [long, "pas-une-adresse", "a@b"]) {
      const queries = await queriesDuring(async () => {
        expect((await signIn(loginRequest("198.18.9.1"), { email, password: "faux" })).status).toBe("wrong");
        expect(refuseKnownThrottled({ email, clientIp: "198.18.9.1", cookieHeader: null })).toBeUndefined();
      });
      expect(queries, email.slice(0, 20)).toBe(0);
    }
  });

  it("answers a form posted with a malformed e-mail before React Router, with the form's message", async () => {
    const app = express();
    app.post("/admin/login", limitRequestBodies(), earlySignInRefusals());
    let reachedReactRouter = 0;
    app.use((_req, res) => {
      reachedReactRouter += 1;
      res.status(200).end();
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const queries = await queriesDuring(async () => {
        const answer = await fetch(`${base}/admin/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            intent: SIGN_IN_INTENT,
            email: `${"b".repeat(60 * 1024)}@betic.test`,
            password: "faux",
          }),
        });
        expect(answer.status).toBe(400);
        expect(await answer.text()).toContain("Email invalide");
      });
      expect(queries).toBe(0);
      expect(reachedReactRouter).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("writes one row per address and window while the throttle holds it, whatever the e-mails", async () => {
    const ip = "198.18.9.2";
    // Forty failures on record for the address: the next checked try holds it 15 minutes.
    await db()
      .insert(rateLimits)
      .values({ key: `pw-address-failures:${ip}`, points: 40, expire: Date.now() + 3_600_000 });
    await createAccount({ email: "vise@betic.test", password: "Tableau-Electrique-87", role: "user" });
    expect((await signIn(loginRequest(ip), { email: "vise@betic.test", password: "x" })).status).toBe(
      "wrong",
    );
    // The early refusal (server/sign-in-flood.ts) and the action's path, each try another address.
    for (let i = 0; i < 30; i++) {
      const wait = refuseKnownThrottled({
        email: `inconnu-${i}@betic.test`,
        clientIp: ip,
        cookieHeader: null,
      });
      expect(wait).toBeGreaterThan(0);
    }
    for (let i = 0; i < 10; i++) {
      const outcome = await signIn(loginRequest(ip), { email: `autre-${i}@betic.test`, password: "x" });
      expect(outcome.status).toBe("throttled");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await throttledRows(ip)).toHaveLength(1);
  });

  it("purges sign-in failures past the retention set in the settings, nothing else", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const rows = await db()
      .insert(auditLog)
      .values([
        {
          action: "sign_in_failed",
          entityType: "users",
          actorEmail: "a@betic.test",
          createdAt: daysAgo(100),
        },
        {
          action: "sign_in_throttled",
          entityType: "users",
          actorEmail: "b@betic.test",
          createdAt: daysAgo(91),
        },
        { action: "sign_in_failed", entityType: "users", actorEmail: "c@betic.test", createdAt: daysAgo(20) },
        { action: "sign_in", entityType: "users", actorEmail: "d@betic.test", createdAt: daysAgo(400) },
        {
          action: "update",
          entityType: "blog_articles",
          actorEmail: "e@betic.test",
          createdAt: daysAgo(400),
        },
      ])
      .returning({ id: auditLog.id, email: auditLog.actorEmail });
    const left = async () =>
      (
        await db()
          .select({ email: auditLog.actorEmail })
          .from(auditLog)
          .where(
            inArray(
              auditLog.id,
              rows.map((row) => row.id),
            ),
          )
      )
        .map((row) => row.email)
        .sort();

    const [settings] = await db().select({ days: siteSettings.signInAuditRetentionDays }).from(siteSettings);
    expect(settings!.days).toBe(90);
    expect((await purgeSignInFailures()).deleted).toBe(2);
    expect(await left()).toEqual(["c@betic.test", "d@betic.test", "e@betic.test"]);

    await db().update(siteSettings).set({ signInAuditRetentionDays: 10 });
    expect((await purgeSignInFailures()).deleted).toBe(1);
    expect(await left()).toEqual(["d@betic.test", "e@betic.test"]);
  });
});
