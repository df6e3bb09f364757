import { and, asc, eq, sql } from "drizzle-orm";
import type { UserRole } from "~/lib/enums";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { isGuessablePassword, WEAK_PASSWORD_MESSAGE } from "~/lib/schemas/password";
import { recordAudit } from "~/server/audit/audit.server";
import { db, type DatabaseTransaction } from "~/server/db/client.server";
import { accounts, sessions, users } from "~/server/db/schema";
import { endStaffEventStreams } from "~/server/staff-events.server";
import { auth } from "./auth.server";
import { createAccount } from "./users.server";

/** A refusal the users screen shows as is (back-office.md §8: the server's message first). */
export class UserManagementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserManagementError";
  }
}

export const LAST_ADMIN_DEMOTE_MESSAGE =
  "Impossible de retirer le rôle administrateur : c'est le dernier administrateur.";
export const LAST_ADMIN_DELETE_MESSAGE = "Impossible de supprimer le dernier administrateur.";
export const SELF_DELETE_MESSAGE = "Vous ne pouvez pas supprimer votre propre compte.";
export const LAST_ADMIN_SUSPEND_MESSAGE = "Impossible de suspendre le dernier administrateur actif.";
export const SELF_SUSPEND_MESSAGE = "Vous ne pouvez pas suspendre votre propre compte.";

export type UserListItem = {
  id: string;
  email: string;
  role: UserRole;
  createdAt: Date;
  lastSignInAt: Date | null;
  suspended: boolean;
  twoFactorEnabled: boolean;
};

export async function listUsers(): Promise<UserListItem[]> {
  return (await db()
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      suspended: sql<boolean>`coalesce(${users.banned}, false)`,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .orderBy(asc(users.email))) as UserListItem[];
}

/** The profile's 'Compte' tab. */
export async function getAccount(id: string) {
  const [user] = await db()
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id));
  return user ?? null;
}

/**
 * The admins who are not suspended, locked with the suspended ones until the transaction ends: two
 * admins demoting, suspending or deleting each other at the same moment are served one after the
 * other, and the second sees the first's change. A suspended admin cannot sign in, so only the
 * active ones keep the back office administered.
 */
async function lockedAdminIds(tx: DatabaseTransaction): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id, banned: users.banned })
    .from(users)
    .where(eq(users.role, "admin"))
    .for("update");
  return rows.filter((row) => !row.banned).map((row) => row.id);
}

export async function createUser(
  context: MutationContext,
  input: { email: string; password: string; role: UserRole },
) {
  // Better Auth creates the account (its password hashing, its rows); the audit row follows it.
  const user = await createAccount(input);
  await recordAudit(db(), {
    actor: context.actor,
    action: "create",
    entityType: "users",
    entityId: user.id,
    changedFields: ["email", "role", "password"],
    ipAddress: context.ip ?? null,
  });
  return user;
}

/**
 * Changes a user's role and, when given, password. The last admin keeps the role. A changed role
 * or password ends every session of that user (a database trigger does it, whoever writes).
 */
export async function updateUser(
  context: MutationContext,
  input: { id: string; role: UserRole; password?: string | undefined },
) {
  if (input.password && (await isGuessablePassword(input.password))) {
    throw new UserManagementError(WEAK_PASSWORD_MESSAGE);
  }
  const passwordHash = input.password ? await (await auth().$context).password.hash(input.password) : null;
  await mutate(context, async (m) => {
    const admins = await lockedAdminIds(m.tx);
    const [current] = await m.tx.select({ role: users.role }).from(users).where(eq(users.id, input.id));
    if (!current) throw new MissingRowError("users", input.id);
    if (admins.includes(input.id) && input.role !== "admin" && admins.length <= 1) {
      throw new UserManagementError(LAST_ADMIN_DEMOTE_MESSAGE);
    }
    const changed: string[] = [];
    if (current.role !== input.role) {
      await m.tx.update(users).set({ role: input.role }).where(eq(users.id, input.id));
      changed.push("role");
    }
    if (passwordHash) {
      const updated = await m.tx
        .update(accounts)
        .set({ password: passwordHash })
        .where(and(eq(accounts.userId, input.id), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        await m.tx.insert(accounts).values({
          userId: input.id,
          accountId: input.id,
          providerId: "credential",
          password: passwordHash,
        });
      }
      changed.push("password");
    }
    if (changed.length > 0) {
      await m.audit({ action: "update", entityType: "users", entityId: input.id, changedFields: changed });
    }
  });
}

/** Deletes an account (its sessions go with it). Not one's own, not the last admin. */
export async function deleteUser(context: MutationContext, id: string) {
  if (id === context.actor.id) throw new UserManagementError(SELF_DELETE_MESSAGE);
  await mutate(context, async (m) => {
    const admins = await lockedAdminIds(m.tx);
    if (admins.includes(id) && admins.length <= 1) throw new UserManagementError(LAST_ADMIN_DELETE_MESSAGE);
    const deleted = await m.tx.delete(users).where(eq(users.id, id)).returning({ email: users.email });
    if (deleted.length === 0) throw new MissingRowError("users", id);
    await m.audit({
      action: "delete",
      entityType: "users",
      entityId: id,
      details: { email: deleted[0]!.email },
    });
  });
}

/**
 * Suspends an account (Better Auth's ban: no new session, 'Ce compte est suspendu.' at sign-in)
 * and ends its sessions at once, or lifts the suspension. Not one's own account, not the last
 * active admin.
 */
export async function setSuspended(context: MutationContext, id: string, suspended: boolean) {
  if (suspended && id === context.actor.id) throw new UserManagementError(SELF_SUSPEND_MESSAGE);
  await mutate(context, async (m) => {
    const activeAdmins = await lockedAdminIds(m.tx);
    if (suspended && activeAdmins.includes(id) && activeAdmins.length <= 1) {
      throw new UserManagementError(LAST_ADMIN_SUSPEND_MESSAGE);
    }
    const updated = await m.tx
      .update(users)
      .set({ banned: suspended, banReason: null, banExpires: null })
      .where(eq(users.id, id))
      .returning({ email: users.email });
    if (updated.length === 0) throw new MissingRowError("users", id);
    if (suspended) await m.tx.delete(sessions).where(eq(sessions.userId, id));
    await m.audit({
      action: suspended ? "suspend" : "reactivate",
      entityType: "users",
      entityId: id,
      details: { email: updated[0]!.email },
    });
  });
  // Its open pages hear nothing more (their event streams on this instance end now).
  if (suspended) endStaffEventStreams(id);
}
