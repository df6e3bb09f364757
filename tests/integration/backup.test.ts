import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { Decrypter, Encrypter } from "age-encryption";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ArchiveError, SIGNATURE_ENTRY } from "~/server/backup/archive.server";
import { readBackupKey, signManifest } from "~/server/backup/keys.server";
import { createBackup } from "~/server/backup/create.server";
import { restoreBackup, TargetNotEmptyError } from "~/server/backup/restore.server";
import { rollUpPageViews } from "~/server/analytics/rollup.server";
import { mutate } from "~/server/audit/mutation.server";
import { createAccount } from "~/server/auth/users.server";
import { closePool, db } from "~/server/db/client.server";
import { blogArticles, contactNotes, contacts, pageViews, siteSettings } from "~/server/db/schema";
import { seedDemoContent } from "~/server/db/seed/demo.server";
import {
  contentTypeOf,
  localDriver,
  s3Driver,
  setStorageDriver,
  storage,
} from "~/server/media/storage.server";
import { SIGN_IN_INTENT } from "~/lib/schemas/users";
import { freePort, startApp } from "../support/e2e-app";
import { createDatabase, dropDatabase, withAdmin } from "../support/postgres";

/*
 * Backup → restore into a new database and data directory, checked table by table and file by
 * file, then by the production build serving both. The target databases are created empty on the
 * run's PostgreSQL server (an external one when the run has DATABASE_URL, as in CI).
 */

const adminUrl = inject("adminUrl");
const sourceUrl = process.env.DATABASE_URL!;
const ADMIN = { email: "gerant@betic.test", password: "Sauvegarde-2026-solide" };
const SMTP_PASSWORD = "mot-de-passe-smtp-très-secret";
let work: string;
let sourceDir: string;
let archive: string;
const databases: string[] = [];

async function newDatabase() {
  const name = `backup_target_${process.pid}_${databases.length}`;
  databases.push(name);
  return createDatabase(adminUrl, name);
}

/** Points the app's pool, DATA_DIR and media storage at another installation. */
async function use(databaseUrl: string, dataDir: string, media = localDriver(path.join(dataDir, "media"))) {
  await closePool();
  process.env.DATABASE_URL = databaseUrl;
  process.env.DATA_DIR = dataDir;
  setStorageDriver(media);
}

/** Every table of the app's schema: its row count and a hash of its rows in a fixed order; its indexes. */
function tableFingerprints(url: string) {
  return withAdmin(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ count: string; hash: string }>(
        `select count(*) as count, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${client.escapeIdentifier(name)} t`,
      );
      result[name] = `${rows[0]!.count} ${rows[0]!.hash}`;
    }
    // The restore rebuilds the secondary indexes after loading: the same set must come back.
    const { rows: indexes } = await client.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where schemaname = 'public' order by indexname",
    );
    result["(indexes)"] = indexes.map((row) => row.indexdef).join("\n");
    return result;
  });
}

async function publicTableCount(url: string) {
  return withAdmin(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from pg_tables where schemaname = 'public'",
    );
    return Number(rows[0]!.count);
  });
}

/** Every stored media file and the SHA-256 of its bytes. */
async function mediaFingerprints() {
  const result: Record<string, string> = {};
  for await (const { key } of storage().list()) {
    const object = await storage().get(key);
    const hash = createHash("sha256");
    for await (const chunk of object!.body) hash.update(chunk as Buffer);
    result[key] = hash.digest("hex");
  }
  return result;
}

/** The public pages as the production build serves them for one installation, and a sign-in. */
async function servePages(
  databaseUrl: string,
  dataDir: string,
  paths: string[],
  ports: { port: number; stubPort: number },
) {
  // The same address for both: the pages hold absolute URLs.
  const app = await startApp({ ...ports, databaseUrl, dataDir });
  try {
    const pages: Record<string, string> = {};
    for (const pathname of paths) {
      const response = await fetch(app.baseUrl + pathname);
      expect(response.status, pathname).toBe(200);
      pages[pathname] = (await response.text()).replace(/ nonce="[^"]*"/g, "");
    }
    const signIn = await fetch(`${app.baseUrl}/admin/login`, {
      method: "POST",
      body: new URLSearchParams({ intent: SIGN_IN_INTENT, ...ADMIN }),
      headers: { Origin: app.baseUrl },
      redirect: "manual",
    });
    return { pages, signInStatus: signIn.status, sessionCookie: signIn.headers.getSetCookie().length > 0 };
  } finally {
    await app.stop();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "betic-backup-test-"));
  sourceDir = path.join(work, "source");
  archive = path.join(work, "archives", "site.tar.gz.age");
  await use(sourceUrl, sourceDir);

  await seedDemoContent();
  const admin = await createAccount({ ...ADMIN, role: "admin" });
  const [contact] = await db()
    .insert(contacts)
    .values([
      {
        name: "Hélène Dupré",
        email: "helene@example.fr",
        message: "Devis pour un tableau électrique « neuf ».",
      },
      {
        name: "Jérôme Çelik",
        email: "jerome@example.fr",
        message: "Dépannage\nurgent",
        status: "in_progress",
      },
    ])
    .returning();
  await db()
    .insert(contactNotes)
    .values({ contactId: contact!.id, authorId: admin.id, body: "Rappeler lundi." });
  const [article] = await db().select().from(blogArticles).limit(1);
  await mutate({ actor: admin, ip: "203.0.113.7" }, (m) =>
    m.update(blogArticles, article!.id, { title: `${article!.title} (mis à jour)` }),
  );
  const yesterday = new Date(Date.now() - 86_400_000);
  await db()
    .insert(pageViews)
    .values([
      { path: "/", visitorHash: "a", createdAt: yesterday },
      { path: "/blog", visitorHash: "b", deviceType: "mobile", createdAt: yesterday },
      { path: "/contact", visitorHash: "a" },
    ]);
  await rollUpPageViews();
  await db().update(siteSettings).set({ smtpPassword: SMTP_PASSWORD });
}, 300_000);

afterAll(async () => {
  await closePool();
  process.env.DATABASE_URL = sourceUrl;
  delete process.env.DATA_DIR;
  setStorageDriver();
  for (const name of databases) await dropDatabase(adminUrl, name);
  await rm(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  let target: { url: string; dir: string };

  it("restores every row and every media file into a new database and data directory", async () => {
    const backup = await createBackup({ out: archive });
    expect(backup.file).toBe(archive);
    expect(backup.secretsKeyLocation).toBe(path.join(sourceDir, ".secrets-key"));
    const source = await tableFingerprints(sourceUrl);
    const sourceMedia = await mediaFingerprints();
    expect(Object.keys(sourceMedia).length).toBeGreaterThan(50);
    for (const table of [
      "contacts",
      "contact_notes",
      "content_revisions",
      "audit_log",
      "page_views",
      "analytics_daily",
      "users",
      "accounts",
      "media_assets",
    ]) {
      expect(backup.manifest.tables.find((entry) => entry.name === table)?.rows, table).toBeGreaterThan(0);
    }
    // Encrypted to the backup key, created for it outside DATA_DIR, readable by its owner only.
    expect((await readFile(archive)).subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    expect(backup.backupKeyFile).toBe(process.env.BACKUP_KEY_FILE);
    expect((await stat(backup.backupKeyFile)).mode & 0o777).toBe(0o600);
    // The secrets stay encrypted and their key stays out.
    const plain = gunzipSync(await decrypt(archive));
    expect(plain.includes(SMTP_PASSWORD)).toBe(false);
    expect(plain.includes((await readFile(path.join(sourceDir, ".secrets-key"), "utf8")).trim())).toBe(false);

    target = { url: await newDatabase(), dir: path.join(work, "target") };
    await use(target.url, target.dir);
    const result = await restoreBackup({ file: archive });
    expect(result.secretsKey).toEqual({ status: "missing", location: path.join(target.dir, ".secrets-key") });

    expect(await tableFingerprints(target.url)).toEqual(source);
    expect(await mediaFingerprints()).toEqual(sourceMedia);
    // Sequences continue after the loaded ids.
    await db().insert(pageViews).values({ path: "/après" });
  }, 120_000);

  it("serves the same public pages from the restored installation, where sign-in works", async () => {
    await copyFile(path.join(sourceDir, ".secrets-key"), path.join(target.dir, ".secrets-key"));
    const [article] = await db()
      .select({ slug: blogArticles.slug })
      .from(blogArticles)
      .where(eq(blogArticles.status, "published"))
      .limit(1);
    const { rows } = await db().execute<{ slug: string }>(
      sql`select slug from projects where status = 'published' limit 1`,
    );
    const paths = [
      "/",
      "/blog",
      `/blog/${article!.slug}`,
      "/projects",
      `/projects/${rows[0]!.slug}`,
      "/contact",
    ];
    await closePool();
    execFileSync(process.execPath, ["scripts/ensure-build.js"], { stdio: "inherit" });
    const ports = { port: await freePort(), stubPort: await freePort() };
    const before = await servePages(sourceUrl, sourceDir, paths, ports);
    const after = await servePages(target.url, target.dir, paths, ports);
    for (const pathname of paths) expect(after.pages[pathname], pathname).toBe(before.pages[pathname]);
    expect(after).toMatchObject({ signInStatus: 302, sessionCookie: true });
  }, 400_000);

  it("refuses a target that holds data unless told to replace it, and backs it up first", async () => {
    await use(target.url, target.dir);
    const restored = await tableFingerprints(target.url);
    await expect(restoreBackup({ file: archive })).rejects.toThrow(TargetNotEmptyError);
    expect(await tableFingerprints(target.url)).toEqual(restored);

    const result = await restoreBackup({ file: archive, replace: true });
    expect(path.dirname(result.previousBackup!)).toBe(path.join(target.dir, "backups"));
    expect(existsSync(result.previousBackup!)).toBe(true);
    expect((await tableFingerprints(target.url)).contacts).toBe(
      (await tableFingerprints(sourceUrl)).contacts,
    );
  }, 120_000);

  it("refuses a truncated, a tampered or a foreign archive and leaves the target untouched", async () => {
    const dir = path.join(work, "untouched");
    await use(await newDatabase(), dir);
    const url = process.env.DATABASE_URL!;

    const truncated = path.join(work, "truncated.tar.gz");
    await copyFile(archive, truncated);
    await truncate(truncated, Math.floor((await readFile(archive)).length * 0.6));
    await expect(restoreBackup({ file: truncated })).rejects.toThrow(/damaged or incomplete/);

    // One character of one row changed, the manifest left as it was.
    const tampered = path.join(work, "tampered.tar.gz.age");
    const entries = await readEntries(archive);
    await writeArchive(
      tampered,
      withText(entries, "tables/contacts.copy", (text) => text.replace("Hélène", "Hélèna")),
    );
    await expect(restoreBackup({ file: tampered })).rejects.toThrow(
      /tables\/contacts\.copy does not match the manifest/,
    );

    // The same change with the manifest's hash and size made to match, but no key to sign it.
    const forged = path.join(work, "forged.tar.gz.age");
    const changed = withText(entries, "tables/contacts.copy", (text) => text.replace("Hélène", "Hélèna"));
    const body = changed.find((entry) => entry.name === "tables/contacts.copy")!.body;
    await writeArchive(
      forged,
      withText(changed, "manifest.json", (text) => {
        const manifest = JSON.parse(text) as { tables: { name: string; bytes: number; sha256: string }[] };
        const contacts = manifest.tables.find((table) => table.name === "contacts")!;
        contacts.bytes = body.length;
        contacts.sha256 = createHash("sha256").update(body).digest("hex");
        return JSON.stringify(manifest, null, 1);
      }),
    );
    await expect(restoreBackup({ file: forged })).rejects.toThrow(/signature does not match the backup key/);
    const unsigned = path.join(work, "unsigned.tar.gz.age");
    await writeArchive(
      unsigned,
      entries.filter((entry) => entry.name !== SIGNATURE_ENTRY),
    );
    await expect(restoreBackup({ file: unsigned })).rejects.toThrow(/not signed/);

    // Without the backup key, nothing can be checked: refused, saying where the key is expected.
    const keyFile = process.env.BACKUP_KEY_FILE!;
    process.env.BACKUP_KEY_FILE = path.join(work, "no-key-here");
    await expect(restoreBackup({ file: archive })).rejects.toThrow(/No backup key at .*no-key-here/);
    process.env.BACKUP_KEY_FILE = keyFile;

    const foreign = path.join(work, "foreign.tar.gz");
    await writeFile(foreign, "<html>not an archive</html>");
    await expect(restoreBackup({ file: foreign })).rejects.toThrow(ArchiveError);

    expect(await publicTableCount(url)).toBe(0);
    expect(existsSync(path.join(dir, "media"))).toBe(false);
  }, 120_000);

  it("loads rows only into the application's own tables, even from an archive signed with the key", async () => {
    await use(await newDatabase(), path.join(work, "system-table"));
    const row = Buffer.from("1\t1259\t0\tforged\n");
    const entries = withText(await readEntries(archive), "manifest.json", (text) => {
      const manifest = JSON.parse(text) as { tables: object[] };
      manifest.tables.push({
        name: "pg_description",
        columns: ["objoid", "classoid", "objsubid", "description"],
        rows: 1,
        bytes: row.length,
        sha256: createHash("sha256").update(row).digest("hex"),
      });
      return JSON.stringify(manifest, null, 1);
    });
    const file = path.join(work, "system-table.tar.gz.age");
    await writeArchive(file, [
      ...(await signedAgain(entries)),
      { name: "tables/pg_description.copy", body: row },
    ]);
    await expect(restoreBackup({ file })).rejects.toThrow(
      /pg_description is not a table of this application/,
    );
    const { rows } = await db().execute(
      sql`select 1 from pg_catalog.pg_description where description = 'forged'`,
    );
    expect(rows).toHaveLength(0);
  }, 120_000);

  it("answers `restore --replace` into an empty, never-migrated database in one line", async () => {
    const url = await newDatabase();
    const dir = path.join(work, "never-migrated");
    // Media files left in its data directory: something to replace, which cannot be backed up first.
    await localDriver(path.join(dir, "media")).put("images/left-behind.webp", Buffer.from("x"), "image/webp");
    const result = await runCli(["app/server/backup/cli/restore.ts", archive, "--replace"], {
      DATABASE_URL: url,
      DATA_DIR: dir,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^Restore refused, nothing was changed: The target holds media files.*no migration applied/,
      ),
    ]);
    expect(result.code).toBe(1);
  }, 120_000);

  it("leaves no complete-looking archive when the backup process is killed", async () => {
    await use(sourceUrl, sourceDir);
    const out = path.join(work, "killed", "site.tar.gz");
    const child = spawn(
      path.resolve("node_modules/.bin/tsx"),
      ["app/server/backup/cli/backup.ts", "--out", out],
      {
        env: { ...process.env, DATABASE_URL: sourceUrl, DATA_DIR: sourceDir },
        stdio: "ignore",
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );
    while (!existsSync(`${out}.partial`)) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    expect(await readdir(path.dirname(out))).toEqual(["site.tar.gz.partial"]);
    await expect(restoreBackup({ file: `${out}.partial` })).rejects.toThrow(ArchiveError);
  }, 60_000);
});

describe("with the media in an S3-compatible bucket", () => {
  let s3: S3rver;
  let endpoint: string;
  const bucket = (name: string) =>
    s3Driver({
      bucket: name,
      endpoint,
      region: "fr-par",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });

  beforeAll(async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(work, "s3"),
      configureBuckets: [{ name: "source" }, { name: "target" }],
    });
    endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  });

  afterAll(async () => {
    await s3.close();
  });

  it("restores the bucket's objects and the tables, encrypted with a passphrase", async () => {
    await use(sourceUrl, sourceDir, bucket("source"));
    const local = localDriver(path.join(sourceDir, "media"));
    for await (const { key } of local.list()) {
      const object = await local.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      await storage().put(key, Buffer.concat(chunks), contentTypeOf(key));
    }
    const sourceMedia = await mediaFingerprints();
    const file = path.join(work, "archives", "s3.tar.gz.age");
    await createBackup({ out: file, passphrase: "cheval correct agrafe pile" });
    const source = await tableFingerprints(sourceUrl);

    await use(await newDatabase(), path.join(work, "s3-target"), bucket("target"));
    await expect(restoreBackup({ file })).rejects.toThrow(/encrypted: give its passphrase/);
    await expect(restoreBackup({ file, passphrase: "mauvaise" })).rejects.toThrow(ArchiveError);
    await restoreBackup({ file, passphrase: "cheval correct agrafe pile" });

    expect(await tableFingerprints(process.env.DATABASE_URL!)).toEqual(source);
    expect(await mediaFingerprints()).toEqual(sourceMedia);
  }, 180_000);
});

/** One run of a backup command-line tool against another installation. */
function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

/** An archive's bytes decrypted with the backup key (gzipped tar). */
async function decrypt(file: string) {
  const decrypter = new Decrypter();
  decrypter.addIdentity((await readBackupKey()).identity);
  return Buffer.from(await decrypter.decrypt(await readFile(file)));
}

type Entry = { name: string; body: Buffer };

async function readEntries(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  extract.end(gunzipSync(await decrypt(file)));
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

/** What anyone can make: an archive encrypted to the backup key's public half. */
async function writeArchive(file: string, entries: Entry[]) {
  const pack = tar.pack();
  const packed = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  for (const { name, body } of entries) pack.entry({ name, size: body.length }, body);
  pack.finalize();
  const encrypter = new Encrypter();
  encrypter.addRecipient((await readBackupKey()).recipient);
  await writeFile(file, await encrypter.encrypt(gzipSync(await packed)));
}

/** The entries with one entry's text changed and every other, manifest and signature included, as it was. */
function withText(entries: Entry[], name: string, change: (text: string) => string): Entry[] {
  return entries.map((entry) =>
    entry.name === name ? { name, body: Buffer.from(change(entry.body.toString("utf8"))) } : entry,
  );
}

/** What only the key's holder can make: the manifest signed again after a change. */
async function signedAgain(entries: Entry[]): Promise<Entry[]> {
  const manifest = entries.find((entry) => entry.name === "manifest.json")!.body;
  const signature = Buffer.from(signManifest(await readBackupKey(), manifest));
  return entries.map((entry) => (entry.name === SIGNATURE_ENTRY ? { ...entry, body: signature } : entry));
}
