import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { eq } from "drizzle-orm";
import { BRAND_NAME } from "~/lib/site-defaults";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { accounts, sessions, users, verifications } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { authSecret } from "~/server/secrets.server";

/** Shortest password accepted anywhere (back-office.md §9). */
export const MIN_PASSWORD_LENGTH = 6;

function createAuth() {
  return betterAuth({
    appName: BRAND_NAME,
    baseURL: config.publicUrl,
    secret: authSecret(),
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an admin (users screen, CLI, first start), never by visitors.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    databaseHooks: {
      session: {
        create: {
          // Every new session is a sign-in: the profile screen shows this date.
          async after(session) {
            await db().update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    advanced: {
      // Our ids are uuid columns with a database default; Better Auth lets Postgres fill them.
      database: { generateId: "uuid" },
      cookiePrefix: "betic",
      useSecureCookies: config.publicUrl.startsWith("https:"),
    },
    telemetry: { enabled: false },
    logger: {
      log(level, message, ...args) {
        logger[level === "debug" ? "debug" : level]({ args }, `auth: ${message}`);
      },
    },
  });
}

let instance: ReturnType<typeof createAuth> | undefined;

/** The Better Auth instance, made on first use: the database URL is only known after start-up. */
export function auth() {
  return (instance ??= createAuth());
}

export type AuthUser = ReturnType<typeof createAuth>["$Infer"]["Session"]["user"];
