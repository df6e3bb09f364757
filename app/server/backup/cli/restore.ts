import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { closeDatabase, openDatabase } from "~/server/db/database.server";
import { ArchiveError } from "../archive.server";
import { restoreBackup, TargetNotEmptyError } from "../restore.server";

// `npm run restore -- FILE [--replace] [--passphrase-file F]`: into the configured database and
// DATA_DIR (or bucket), which must be empty unless --replace.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: "boolean" }, "passphrase-file": { type: "string" } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error("Usage: npm run restore -- FILE [--replace] [--passphrase-file F]");
  process.exit(2);
}
const passphraseFile = values["passphrase-file"];
const passphrase = passphraseFile
  ? (await readFile(passphraseFile, "utf8")).replace(/\r?\n$/, "")
  : undefined;

await openDatabase();
try {
  const { manifest, previousBackup, secretsKey } = await restoreBackup({
    file,
    passphrase,
    replace: values.replace,
  });
  if (previousBackup) console.log(`What was there before is saved in ${previousBackup}.`);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${manifest.tables.length} tables, ${rows} rows, ` +
      `${manifest.media.length} media files; schema migrated from ${manifest.migration.tag} to the current version.`,
  );
  if (secretsKey.status !== "same") {
    console.log(
      `The secrets stored in the database need the key of the backed-up installation, ` +
        `${secretsKey.status === "missing" ? "and there is none yet" : "which is not the one in place"}: ` +
        `put it in ${secretsKey.location} before starting, or type the mail and captcha secrets again in the back office.`,
    );
  }
} catch (error) {
  if (!(error instanceof ArchiveError || error instanceof TargetNotEmptyError)) throw error;
  console.error(`Restore refused, nothing was changed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
