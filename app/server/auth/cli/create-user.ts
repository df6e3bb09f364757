import { parseArgs } from "node:util";
import { userRoles, type UserRole } from "~/lib/enums";
import { closeDatabase, openDatabase } from "~/server/db/database.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { AccountError, createAccount } from "../users.server";

const usage =
  "Usage : npm run user:create -- --email <email> --password <mot de passe> [--role admin|user] [--name <nom>]";

function fail(message: string): never {
  console.error(`Erreur : ${message}\n${usage}`);
  process.exit(1);
}

function readArguments() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string", default: "user" },
        name: { type: "string" },
      },
      strict: true,
    });
    return values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const { email, password, role, name } = readArguments();
if (!email) fail("--email est requis.");
if (!password) fail("--password est requis.");
if (!userRoles.includes(role as UserRole))
  fail(`--role doit valoir ${userRoles.join(" ou ")} (reçu : « ${role} »).`);

await openDatabase();
try {
  // A fresh data directory has no tables yet; migrating is idempotent.
  await migrateDatabase();
  const user = await createAccount({ email, password, role: role as UserRole, name });
  console.log(`Utilisateur créé : ${user.email} (rôle ${role}).`);
} catch (error) {
  if (!(error instanceof AccountError)) throw error;
  process.exitCode = 1;
  console.error(`Erreur : ${error.message}.`);
} finally {
  await closeDatabase();
}
