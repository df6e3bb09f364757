import { randomBytes } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { count } from "drizzle-orm";
import { z } from "zod";
import { userRoles, type UserRole } from "~/lib/enums";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
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

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. Without a
 * password, one is generated and shown once on the console: it is stored only as a hash.
 */
export async function ensureFirstAdmin(): Promise<void> {
  const [{ total }] = await db().select({ total: count() }).from(users);
  if (total > 0) return;

  const email = config.firstAdmin.email || DEFAULT_ADMIN_EMAIL;
  const given = config.firstAdmin.password;
  const password = given || generatePassword();
  try {
    await createAccount({ email, password, role: "admin", name: "Administrateur" });
  } catch (error) {
    // Another instance starting at the same moment made it first.
    if (error instanceof AccountError && error.code === "duplicate_email") return;
    throw error;
  }

  if (given) {
    logger.info({ email }, "first admin account created from ADMIN_EMAIL / ADMIN_PASSWORD");
    return;
  }
  printCredentials(email, password, `${config.publicUrl}/admin/login`);
}

function printCredentials(email: string, password: string, loginUrl: string) {
  const lines = [
    "Compte administrateur créé (ce mot de passe ne sera plus affiché) :",
    "",
    `  E-mail        : ${email}`,
    `  Mot de passe  : ${password}`,
    `  Connexion     : ${loginUrl}`,
    "",
    "Changez-le depuis la page Profil après la première connexion.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = "═".repeat(width + 2);
  console.log([`╔${border}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${border}╝`].join("\n"));
}
