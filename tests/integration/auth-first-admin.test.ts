import { readFile, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { changeOwnPassword } from "~/server/auth/credentials.server";
import { requireUser } from "~/server/auth/session.server";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, firstAdminPasswordFile } from "~/server/auth/users.server";
import { db } from "~/server/db/client.server";
import { auditLog, users } from "~/server/db/schema";

/** Signs in; builds requests to a path carrying the session cookie. */
async function signedInRequest(email: string, password: string) {
  const { headers } = await auth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (path: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
}

async function canSignIn(email: string, password: string) {
  const result = await auth().api.signInEmail({ body: { email, password } });
  return result.user.email;
}

describe("first admin on an empty database", () => {
  beforeEach(async () => {
    await db().delete(users);
    delete process.env.ADMIN_EMAIL;
    delete process.env.ADMIN_PASSWORD;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.ADMIN_EMAIL;
    delete process.env.ADMIN_PASSWORD;
  });

  it("uses ADMIN_EMAIL / ADMIN_PASSWORD and prints no password", async () => {
    process.env.ADMIN_EMAIL = "Patron@Betic.test";
    process.env.ADMIN_PASSWORD = "mot-de-passe-fort";
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureFirstAdmin();

    const rows = await db().select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "patron@betic.test", role: "admin" });
    expect(await canSignIn("patron@betic.test", "mot-de-passe-fort")).toBe("patron@betic.test");
    expect(log.mock.calls.flat().join("\n")).not.toContain("mot-de-passe-fort");
  });

  it("writes a generated password once to a 0600 file of DATA_DIR, prints where, and requires a change", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureFirstAdmin();

    const file = firstAdminPasswordFile();
    const password = (await readFile(file, "utf8")).trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(log).toHaveBeenCalledTimes(1);
    const box = String(log.mock.calls[0][0]);
    expect(box).toContain(DEFAULT_ADMIN_EMAIL);
    expect(box).toContain(file);
    expect(box).toContain("/admin/login");
    expect(box).not.toContain(password);

    const [row] = await db().select().from(users);
    expect(row).toMatchObject({ role: "admin", mustChangePassword: true });
    // Signed in, the account reaches its profile only, until it has chosen its own password.
    const session = await signedInRequest(DEFAULT_ADMIN_EMAIL, password);
    const refused = await requireUser(session("/admin/blog")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/admin/profile");
    const user = await requireUser(session("/admin/profile"));
    const changed = await changeOwnPassword(session("/admin/profile"), user, {
      currentPassword: password,
      newPassword: "Tableau-Differentiel-2027",
    });
    expect(changed.status).toBe("ok");
    expect((await db().select().from(users))[0]).toMatchObject({ mustChangePassword: false });
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    const renewed = await signedInRequest(DEFAULT_ADMIN_EMAIL, "Tableau-Differentiel-2027");
    expect((await requireUser(renewed("/admin/blog"))).email).toBe(DEFAULT_ADMIN_EMAIL);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "password_change"));
    expect(audit).toMatchObject([{ actorId: row!.id, entityId: row!.id }]);

    await ensureFirstAdmin();
    expect(log).toHaveBeenCalledTimes(1);
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it("leaves existing accounts alone", async () => {
    process.env.ADMIN_PASSWORD = "premier-mot-de-passe";
    await ensureFirstAdmin();
    process.env.ADMIN_EMAIL = "autre@betic.test";
    process.env.ADMIN_PASSWORD = "second-mot-de-passe";
    await ensureFirstAdmin();
    const rows = await db().select().from(users);
    expect(rows.map((u) => u.email)).toEqual([DEFAULT_ADMIN_EMAIL]);
  });

  it("refuses a too short ADMIN_PASSWORD with a clear message", async () => {
    process.env.ADMIN_PASSWORD = "abc";
    await expect(ensureFirstAdmin()).rejects.toThrow("au moins 6 caractères");
    expect(await db().select().from(users)).toHaveLength(0);
  });
});
