import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { changeOwnPassword } from "~/server/auth/credentials.server";
import { getOptionalUser, requireRole, requireUser, safeRedirectTo } from "~/server/auth/session.server";
import { createAccount } from "~/server/auth/users.server";
import { db } from "~/server/db/client.server";
import { sessions, users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";

/** Signs in through Better Auth and returns a request carrying the session cookie. */
async function signedInRequest(email: string, password: string, path = "/admin/settings") {
  const { headers } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

describe("session guards and roles", () => {
  beforeAll(async () => {
    await createAccount({ email: "chef@betic.test", password: "secret-admin", role: "admin" });
    await createAccount({ email: "redac@betic.test", password: "secret-user", role: "user" });
  });

  it("creates accounts with uuid ids, roles and hashed passwords", async () => {
    const rows = await db().select().from(users);
    expect(rows.map((u) => [u.email, u.role]).sort()).toEqual([
      ["chef@betic.test", "admin"],
      ["redac@betic.test", "user"],
    ]);
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a signed-out visitor to the sign-in page, remembering where they were going", async () => {
    const error = await thrown(requireUser(new Request("http://localhost/admin/blog?status=draft")));
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/blog?status=draft")}`,
    );
    expect(await getOptionalUser(new Request("http://localhost/admin"))).toBeNull();
  });

  it("lets an admin through every role", async () => {
    const request = await signedInRequest("chef@betic.test", "secret-admin");
    expect((await requireRole(request, "admin")).email).toBe("chef@betic.test");
    expect((await requireRole(request, "user")).email).toBe("chef@betic.test");
  });

  it("lets a user manage content but answers 403 on admin-only screens", async () => {
    const request = await signedInRequest("redac@betic.test", "secret-user");
    expect((await requireUser(request)).role).toBe("user");
    expect((await requireRole(request, "user")).email).toBe("redac@betic.test");
    const error = await thrown(requireRole(request, "admin"));
    expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
  });

  it("logs each 403 refusal: who, their role, what they asked for and from where", async () => {
    const signedIn = await signedInRequest("redac@betic.test", "secret-user", "/admin/users?page=2");
    const request = new Request(signedIn.url, {
      method: "POST",
      headers: { cookie: signedIn.headers.get("cookie")!, [CLIENT_IP_HEADER]: "203.0.113.5" },
    });
    const warn = vi.spyOn(logger, "warn");
    try {
      await thrown(requireRole(request, "admin"));
      const [user] = await db().select().from(users).where(eq(users.email, "redac@betic.test"));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        {
          userId: user!.id,
          role: "user",
          required: "admin",
          method: "POST",
          path: "/admin/users?page=2",
          ip: "203.0.113.5",
        },
        "access refused (403)",
      ]);
      // An allowed request logs nothing.
      await requireRole(request, "user");
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("records the sign-in time and stores the session in PostgreSQL", async () => {
    const before = new Date(Date.now() - 1000);
    await signedInRequest("redac@betic.test", "secret-user");
    const [user] = await db().select().from(users).where(eq(users.email, "redac@betic.test"));
    expect(user.lastSignInAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
  });

  it("refuses a wrong password and a revoked session", async () => {
    await expect(signedInRequest("redac@betic.test", "wrong-password")).rejects.toMatchObject({
      body: { code: "INVALID_EMAIL_OR_PASSWORD" },
    });
    const request = await signedInRequest("redac@betic.test", "secret-user", "/admin");
    await auth().api.signOut({ headers: request.headers });
    const again = new Request("http://localhost/admin", { headers: request.headers });
    expect(await getOptionalUser(again)).toBeNull();
  });

  it("only sends people back to back-office paths after sign-in", () => {
    expect(safeRedirectTo("/admin/blog?x=1")).toBe("/admin/blog?x=1");
    expect(safeRedirectTo("https://evil.example/admin")).toBe("/admin");
    expect(safeRedirectTo("//evil.example/admin")).toBe("/admin");
    expect(safeRedirectTo("/admin/login")).toBe("/admin");
    expect(safeRedirectTo(null)).toBe("/admin");
  });
});

describe("session lifetime", () => {
  beforeAll(async () => {
    await createAccount({ email: "duree@betic.test", password: "secret-duree-17", role: "user" });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const again = (request: Request) => new Request(request.url, { headers: request.headers });

  it("ends a session left idle 13 hours (clock moved), not one used within 12", async () => {
    const request = await signedInRequest("duree@betic.test", "secret-duree-17", "/admin");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60 * 60 * 1000 });
    expect((await requireUser(again(request))).email).toBe("duree@betic.test");

    const idle = await signedInRequest("duree@betic.test", "secret-duree-17", "/admin/blog");
    vi.setSystemTime(Date.now() + 13 * 60 * 60 * 1000);
    const error = (await thrown(requireUser(again(idle)))) as Response;
    expect(error.status).toBe(302);
    expect(error.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("ends any session 7 days after sign-in, however often it is used", async () => {
    const request = await signedInRequest("duree@betic.test", "secret-duree-17", "/admin");
    const [user] = await db().select().from(users).where(eq(users.email, "duree@betic.test"));
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(sessions.userId, user!.id));
    expect(await getOptionalUser(again(request))).toBeNull();
  });

  it("ends the other browsers' sessions when the password changes", async () => {
    const here = await signedInRequest("duree@betic.test", "secret-duree-17", "/admin");
    const elsewhere = await signedInRequest("duree@betic.test", "secret-duree-17", "/admin");
    const user = await requireUser(again(here));
    const changed = await changeOwnPassword(again(here), user, {
      currentPassword: "secret-duree-17",
      newPassword: "Nouveau-Compteur-2027",
    });
    expect(changed.status).toBe("ok");
    expect(await getOptionalUser(again(elsewhere))).toBeNull();
  });
});
