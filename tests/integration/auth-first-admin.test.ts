import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from "~/server/auth/users.server";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

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

  it("generates a strong password, shows it once in a box, and does nothing on the next start", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureFirstAdmin();

    expect(log).toHaveBeenCalledTimes(1);
    const box = String(log.mock.calls[0][0]);
    expect(box).toContain(DEFAULT_ADMIN_EMAIL);
    expect(box).toContain("/admin/login");
    const password = /Mot de passe\s+: (\S+)/.exec(box)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);
    expect(await canSignIn(DEFAULT_ADMIN_EMAIL, password!)).toBe(DEFAULT_ADMIN_EMAIL);

    const [row] = await db().select().from(users);
    expect(row.role).toBe("admin");

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
