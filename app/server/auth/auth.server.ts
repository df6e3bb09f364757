import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { MIN_PASSWORD_LENGTH, RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { BRAND_NAME } from "~/lib/site-defaults";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { authSecret } from "~/server/secrets.server";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { RESET_IDENTIFIER_PREFIX, sendResetLink } from "./reset-mail.server";

/** A session unused for this long ends: Better Auth slides its expiry as it is used. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** A browser trusted at the code step skips the second factor for this long. */
export const TRUSTED_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** No session lives longer than this, used or not (checked in requireUser). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function createAuth() {
  return betterAuth({
    appName: BRAND_NAME,
    baseURL: config.publicUrl,
    secret: authSecret(),
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an admin (users screen, CLI, first start), never by visitors.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // 'Mot de passe oublié ?' (password-reset.server.ts): a single-use link by mail, valid 30
      // minutes; using it ends every session of the account.
      sendResetPassword: sendResetLink,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
    },
    // A reset token is kept as its SHA-256 only (whoever reads the table cannot use it), under a
    // prefix left readable so that every link of an account can be ended at once.
    verification: {
      storeIdentifier: {
        default: "plain",
        overrides: {
          [RESET_IDENTIFIER_PREFIX]: {
            hash: async (identifier) =>
              `${RESET_IDENTIFIER_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`,
          },
        },
      },
    },
    // The expiry moves forward at most every five minutes of use: idle means idle for 12 h.
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: 5 * 60 },
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
        mustChangePassword: { type: "boolean", required: false, input: false, defaultValue: false },
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      // TOTP only (no codes by e-mail: a phished mailbox would then open both factors). A trusted
      // browser skips the code for 30 days ('Se souvenir de cet appareil').
      twoFactor({
        issuer: BRAND_NAME,
        trustDeviceMaxAge: TRUSTED_DEVICE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
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
      // The address Express established (req.ip), never X-Forwarded-For as the client wrote it.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.secureCookies,
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
