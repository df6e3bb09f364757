import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { auditLog, sessions, users } from "~/server/db/schema";
import {
  createUser,
  deleteUser,
  LAST_ADMIN_DELETE_MESSAGE,
  LAST_ADMIN_DEMOTE_MESSAGE,
  LAST_ADMIN_SUSPEND_MESSAGE,
  listUsers,
  SELF_DELETE_MESSAGE,
  SELF_SUSPEND_MESSAGE,
  setSuspended,
  updateUser,
} from "~/server/auth/manage-users.server";
import { auth } from "~/server/auth/auth.server";
import { action as usersAction } from "~/routes/admin/users/index";
import { signedInAs } from "../support/signed-in";

beforeEach(async () => {
  await db().execute(sql`truncate users, audit_log cascade`);
});

const context = (user: { id: string; email: string }) => ({ actor: user, ip: "203.0.113.9" });
const sessionCount = async (userId: string) => db().$count(sessions, eq(sessions.userId, userId));

describe("users management", () => {
  it("creates an account (audited, no password in the trail) and lists it", async () => {
    const admin = await signedInAs("admin");
    const created = await createUser(context(admin.user), {
      email: "nouvelle@betic.test",
      password: "Tournevis-Cuivre-42",
      role: "user",
    });
    const listed = await listUsers();
    expect(listed.find((user) => user.id === created.id)).toMatchObject({
      email: "nouvelle@betic.test",
      role: "user",
      lastSignInAt: null,
    });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(row).toMatchObject({ action: "create", actorEmail: admin.user.email });
    expect(JSON.stringify(row)).not.toContain("Tournevis");
  });

  it("refuses to demote or delete the last admin, and one's own deletion", async () => {
    const admin = await signedInAs("admin");
    await expect(updateUser(context(admin.user), { id: admin.user.id, role: "user" })).rejects.toThrow(
      LAST_ADMIN_DEMOTE_MESSAGE,
    );
    await expect(deleteUser(context(admin.user), admin.user.id)).rejects.toThrow(SELF_DELETE_MESSAGE);
    // Another admin, then demoted: the first is the last again and may not be deleted by it.
    const other = await signedInAs("admin");
    await updateUser(context(admin.user), { id: other.user.id, role: "user" });
    await expect(deleteUser(context(other.user), admin.user.id)).rejects.toThrow(LAST_ADMIN_DELETE_MESSAGE);
    const [stillAdmin] = await db()
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, admin.user.id));
    expect(stillAdmin!.role).toBe("admin");
  });

  it("two admins demoting each other at once: one of them stays admin", async () => {
    const first = await signedInAs("admin");
    const second = await signedInAs("admin");
    const results = await Promise.allSettled([
      updateUser(context(first.user), { id: second.user.id, role: "user" }),
      updateUser(context(second.user), { id: first.user.id, role: "user" }),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    expect(await db().$count(users, eq(users.role, "admin"))).toBe(1);
  });

  it("a role or password change ends that user's sessions; the new password works, the old not", async () => {
    const admin = await signedInAs("admin");
    const member = await signedInAs("user");
    expect(await sessionCount(member.user.id)).toBe(1);

    await updateUser(context(admin.user), { id: member.user.id, role: "admin" });
    expect(await sessionCount(member.user.id)).toBe(0);

    await auth().api.signInEmail({ body: { email: member.user.email, password: "secret-password-1" } });
    expect(await sessionCount(member.user.id)).toBe(1);
    await updateUser(context(admin.user), {
      id: member.user.id,
      role: "admin",
      password: "Disjoncteur-Bleu-77",
    });
    expect(await sessionCount(member.user.id)).toBe(0);
    await expect(
      auth().api.signInEmail({ body: { email: member.user.email, password: "secret-password-1" } }),
    ).rejects.toThrow();
    await auth().api.signInEmail({ body: { email: member.user.email, password: "Disjoncteur-Bleu-77" } });
    // The admin who made the changes is still signed in.
    expect(await sessionCount(admin.user.id)).toBe(1);

    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id));
    expect(audits.map((row) => row.changedFields)).toEqual([["role"], ["password"]]);
  });

  it("deletes an account with its sessions", async () => {
    const admin = await signedInAs("admin");
    const member = await signedInAs("user");
    await deleteUser(context(admin.user), member.user.id);
    expect(await db().$count(users, eq(users.id, member.user.id))).toBe(0);
    expect(await sessionCount(member.user.id)).toBe(0);
  });

  it("suspends an account: its sessions end at once, it cannot sign in until reactivated (audited)", async () => {
    const admin = await signedInAs("admin");
    const member = await signedInAs("user");
    await setSuspended(context(admin.user), member.user.id, true);
    expect(await sessionCount(member.user.id)).toBe(0);
    expect(await auth().api.getSession({ headers: new Headers({ cookie: member.cookie }) })).toBeNull();
    expect((await listUsers()).find((user) => user.id === member.user.id)?.suspended).toBe(true);
    const signIn = () =>
      auth().api.signInEmail({ body: { email: member.user.email, password: "secret-password-1" } });
    await expect(signIn()).rejects.toMatchObject({ body: { code: "BANNED_USER" } });

    await setSuspended(context(admin.user), member.user.id, false);
    expect((await signIn()).user.id).toBe(member.user.id);
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityId, member.user.id));
    expect(rows.map((row) => [row.action, row.actorEmail, row.ipAddress])).toEqual([
      ["suspend", admin.user.email, "203.0.113.9"],
      ["reactivate", admin.user.email, "203.0.113.9"],
    ]);
  });

  it("keeps one active admin: neither oneself nor the last active admin can be suspended", async () => {
    const admin = await signedInAs("admin");
    const other = await signedInAs("admin");
    await expect(setSuspended(context(admin.user), admin.user.id, true)).rejects.toThrow(
      SELF_SUSPEND_MESSAGE,
    );
    await setSuspended(context(admin.user), other.user.id, true);
    // The suspended admin no longer counts: the remaining one is the last active admin.
    await expect(setSuspended(context(other.user), admin.user.id, true)).rejects.toThrow(
      LAST_ADMIN_SUSPEND_MESSAGE,
    );
    await expect(updateUser(context(other.user), { id: admin.user.id, role: "user" })).rejects.toThrow(
      LAST_ADMIN_DEMOTE_MESSAGE,
    );
  });
});

describe("users screen answers", () => {
  const typed = "Mot-De-Passe-Tape-1987";
  async function post(admin: Awaited<ReturnType<typeof signedInAs>>, fields: Record<string, string>) {
    return (await usersAction({
      request: admin.request("/admin/users", { method: "POST", body: new URLSearchParams(fields) }),
      params: {},
      context: { clientIp: "203.0.113.9" },
    } as never)) as unknown as { init: ResponseInit | null; data: unknown };
  }

  it("never send the typed password back with a refused create or edit", async () => {
    const admin = await signedInAs("admin");
    const refusals: Record<string, string>[] = [
      // Refused by the schema, by the server (the address is taken), and an edit of no account.
      { intent: "create", email: "pas-un-email", password: typed, role: "user" },
      { intent: "create", email: admin.user.email, password: typed, role: "user" },
      { intent: "update", id: "pas-un-id", password: typed, role: "user" },
    ];
    for (const fields of refusals) {
      const answer = await post(admin, fields);
      expect(answer.init?.status).toBe(400);
      expect(JSON.stringify(answer.data)).not.toContain(typed);
      expect(JSON.stringify(answer.data)).toContain("user");
    }
  });
});
