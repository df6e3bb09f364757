import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { isAPIError } from "better-auth/api";
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { userRoles, type UserRole } from "~/lib/enums";
import { config } from "~/server/config.server";
import { db, type Executor } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { isGuessablePassword, WEAK_PASSWORD_MESSAGE } from "~/lib/schemas/password";
import { MIN_PASSWORD_LENGTH } from "~/lib/schemas/users";
import { auth } from "./auth.server";

/** A refusal to show the person who asked (French, ready for a toast or a terminal). */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly code: "invalid_email" | "short_password" | "weak_password" | "invalid_role" | "duplicate_email",
  ) {
    super(message);
    this.name = "AccountError";
  }
}

export const DEFAULT_ADMIN_EMAIL = "admin@betic-electricite.fr";

type NewAccount = { email: string; password: string; role: UserRole; name?: string };

/** Creates a back-office account with a password (Better Auth hashes it). */
export async function createAccount({ email, password, role, name }: NewAccount) {
  const address = email.trim().toLowerCase();
  if (!z.email().safeParse(address).success)
    throw new AccountError(`Email invalide : « ${email} »`, "invalid_email");
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError(
      `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères`,
      "short_password",
    );
  }
  if (await isGuessablePassword(password, [address, name ?? ""])) {
    throw new AccountError(WEAK_PASSWORD_MESSAGE, "weak_password");
  }
  if (!userRoles.includes(role)) {
    throw new AccountError(
      `Rôle inconnu : « ${role} » (attendu : ${userRoles.join(" ou ")})`,
      "invalid_role",
    );
  }
  try {
    const { user } = await auth().api.createUser({
      body: { email: address, password, role, name: name?.trim() || address.split("@")[0] },
    });
    return user;
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      throw new AccountError(`Un utilisateur existe déjà avec l'email ${address}`, "duplicate_email");
    }
    throw error;
  }
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/** Where the generated first admin's password is written, once, readable by its owner only. */
export function firstAdminPasswordFile(): string {
  return path.join(config.dataDir, "first-admin-password.txt");
}

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. Without a
 * password, one is generated and written once to a file of DATA_DIR readable by its owner only
 * (never to the console: container logs are kept and shared); the account must change it at its
 * first sign-in (users.must_change_password, requireUser). The database keeps only its hash.
 */
export async function ensureFirstAdmin(): Promise<void> {
  const [{ total }] = await db().select({ total: count() }).from(users);
  if (total > 0) return;

  const email = config.firstAdmin.email || DEFAULT_ADMIN_EMAIL;
  const given = config.firstAdmin.password;
  const password = given || generatePassword();
  let created: { id: string };
  try {
    created = await createAccount({ email, password, role: "admin", name: "Administrateur" });
  } catch (error) {
    // Another instance starting at the same moment made it first.
    if (error instanceof AccountError && error.code === "duplicate_email") return;
    throw error;
  }

  if (given) {
    logger.info({ email }, "first admin account created from ADMIN_EMAIL / ADMIN_PASSWORD");
    return;
  }
  await db().update(users).set({ mustChangePassword: true }).where(eq(users.id, created.id));
  const file = firstAdminPasswordFile();
  mkdirSync(path.dirname(file), { recursive: true });
  // Made anew with its mode: a file left by an earlier installation could have wider rights.
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  printCredentials(email, file, `${config.publicUrl}/admin/login`);
}

/**
 * The account chose its own password (a change or a reset): if it had to replace a generated one,
 * nothing more is required of it and the generated password's file goes (it opens nothing now).
 */
export async function markPasswordChosen(executor: Executor, userId: string): Promise<void> {
  const [replaced] = await executor
    .update(users)
    .set({ mustChangePassword: false })
    .where(and(eq(users.id, userId), eq(users.mustChangePassword, true)))
    .returning({ id: users.id });
  if (replaced) await rm(firstAdminPasswordFile(), { force: true });
}

function printCredentials(email: string, file: string, loginUrl: string) {
  const lines = [
    "Compte administrateur créé :",
    "",
    `  E-mail        : ${email}`,
    `  Mot de passe  : dans ${file}`,
    `  Connexion     : ${loginUrl}`,
    "",
    "Ce mot de passe devra être changé à la première connexion ; le fichier sera alors supprimé.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = "═".repeat(width + 2);
  console.log([`╔${border}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${border}╝`].join("\n"));
}
