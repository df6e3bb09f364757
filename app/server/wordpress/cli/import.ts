import { parseArgs } from "node:util";
import { and, asc, eq, or, isNull } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { closeDatabase, openDatabase } from "~/server/db/database.server";
import { users } from "~/server/db/schema";
import { importWordPress } from "../import.server";
import { formatImportReport } from "../report.server";

// `npm run import:wordpress -- FILE.xml [--uploads DIR|ZIP] [--dry-run] [--no-fetch] [--as EMAIL]`
const usage =
  "Usage : npm run import:wordpress -- export.xml [--uploads wp-content/uploads | uploads.zip] [--dry-run] [--no-fetch] [--as email-d-un-admin]";

function fail(message: string): never {
  console.error(`Erreur : ${message}\n${usage}`);
  process.exit(1);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        uploads: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        "no-fetch": { type: "boolean", default: false },
        as: { type: "string" },
      },
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const { values, positionals } = readArguments();
const [file] = positionals;
if (!file || positionals.length > 1) fail("un seul fichier d'export WordPress (.xml) est attendu.");

await openDatabase();
try {
  // The import is audited under an administrator's name: the one named, else the oldest active one.
  const [actor] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, "admin"),
        or(eq(users.banned, false), isNull(users.banned)),
        values.as ? eq(users.email, values.as) : undefined,
      ),
    )
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!actor)
    fail(values.as ? `aucun administrateur actif n'a l'adresse ${values.as}.` : "aucun administrateur.");
  const dryRun = values["dry-run"];
  console.log(
    `${dryRun ? "Simulation (rien n'est écrit)" : "Import"} de ${file}${values.uploads ? ` avec ${values.uploads}` : ""}, au nom de ${actor.email}.`,
  );
  let shown = -10;
  const report = await importWordPress({
    file,
    uploads: values.uploads,
    dryRun,
    fetchMissing: !values["no-fetch"],
    context: { actor },
    onProgress: (percent) => {
      if (percent - shown < 10 && percent !== 100) return;
      shown = percent;
      process.stdout.write(`${percent} %\n`);
    },
  });
  console.log(formatImportReport(report));
} finally {
  await closeDatabase();
}
