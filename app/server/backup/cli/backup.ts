import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { closeDatabase, openDatabase } from "~/server/db/database.server";
import { createBackup } from "../create.server";
import { NotMigratedError } from "../tables.server";

// `npm run backup [-- --out FILE] [--passphrase-file F]`: one archive of the database and the media.
const { values } = parseArgs({
  options: { out: { type: "string" }, "passphrase-file": { type: "string" } },
});
const passphraseFile = values["passphrase-file"];
const passphrase = passphraseFile
  ? (await readFile(passphraseFile, "utf8")).replace(/\r?\n$/, "")
  : undefined;
if (passphraseFile && !passphrase)
  throw new Error(`${passphraseFile} is empty: no passphrase to encrypt with.`);

await openDatabase();
try {
  const { file, bytes, manifest, secretsKeyLocation, backupKeyFile } = await createBackup({
    out: values.out,
    passphrase,
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, encrypted ${passphrase ? "under the passphrase" : "to the backup key"}, signed): ` +
      `${manifest.tables.length} tables, ${rows} rows, ${manifest.media.length} media files, migration ${manifest.migration.tag}.`,
  );
  console.log(
    `Restoring it needs the backup key ${backupKeyFile}: keep a copy of it apart from the archives; without it they cannot be read.`,
  );
  console.log(
    `The key that decrypts the secrets stored in the database (mail and captcha keys) is NOT in this archive: ` +
      `keep a copy of ${secretsKeyLocation} apart from it. Without it a restored site reads those secrets as unset.`,
  );
} catch (error) {
  if (!(error instanceof NotMigratedError)) throw error;
  console.error(`Backup refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
