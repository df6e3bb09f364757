import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { db } from "~/server/db/client.server";
import { users } from "~/server/db/schema";

const run = promisify(execFile);

/** Runs `npm run user:create -- ...args` (the same script) against this file's database. */
async function createUser(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      "node_modules/.bin/tsx",
      ["app/server/auth/cli/create-user.ts", ...args],
      {
        env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: "warn" },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run user:create", { timeout: 60_000 }, () => {
  it("creates an account that can sign in, with the role asked for", async () => {
    const result = await createUser(
      "--email",
      "Marie@Betic.test",
      "--password",
      "marie-2026",
      "--role",
      "admin",
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Utilisateur créé : marie@betic.test");
    const [row] = await db().select().from(users).where(eq(users.email, "marie@betic.test"));
    expect(row.role).toBe("admin");
    const signedIn = await auth().api.signInEmail({
      body: { email: "marie@betic.test", password: "marie-2026" },
    });
    expect(signedIn.user.id).toBe(row.id);
  });

  it("defaults to the user role", async () => {
    const result = await createUser("--email", "paul@betic.test", "--password", "paul-2026");
    expect(result.code).toBe(0);
    const [row] = await db().select().from(users).where(eq(users.email, "paul@betic.test"));
    expect(row.role).toBe("user");
  });

  it("refuses a duplicate e-mail", async () => {
    const result = await createUser("--email", "marie@betic.test", "--password", "autre-2026");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Un utilisateur existe déjà avec l'email marie@betic.test");
  });

  it("refuses a password shorter than 6 characters", async () => {
    const result = await createUser("--email", "court@betic.test", "--password", "12345");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Le mot de passe doit contenir au moins 6 caractères");
    expect(await db().select().from(users).where(eq(users.email, "court@betic.test"))).toHaveLength(0);
  });

  it("explains a missing e-mail", async () => {
    const missing = await createUser("--password", "secret-2026");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--email est requis");
    expect(missing.stderr).toContain("Usage");
  });

  it("explains an unknown role", async () => {
    const role = await createUser("--email", "x@betic.test", "--password", "secret-2026", "--role", "root");
    expect(role.code).toBe(1);
    expect(role.stderr).toContain("--role doit valoir admin ou user");
  });

  it("explains an unknown option", async () => {
    const unknown = await createUser("--email", "x@betic.test", "--password", "secret-2026", "--admin");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Erreur");
  });

  it("explains an invalid e-mail", async () => {
    const email = await createUser("--email", "pas-un-email", "--password", "secret-2026");
    expect(email.code).toBe(1);
    expect(email.stderr).toContain("Email invalide");
    expect(await db().select().from(users).where(eq(users.email, "x@betic.test"))).toHaveLength(0);
  });
});
