// Backup and restore of the bench's data (scripts/bench-admin/*.js: 10,000 articles, 100,000
// contacts, 1,000,000 page views) on a throwaway embedded database: `npm run backup` and
// `npm run restore` into a new data directory are timed, and the archive's size printed. Figures
// move with whatever else runs on the machine: printed, never asserted.
//
//   npm run bench:backup
//   BENCH_PORT=4480 BENCH_PG_PORT=56420 npm run bench:backup
import { execFileSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import analytics from "./bench-admin/analytics.js";
import articles from "./bench-admin/articles.js";
import contacts from "./bench-admin/contacts.js";
import { serverEnv, startProcess, waitFor } from "./bench-support.js";

const CASES = [articles, contacts, analytics];
const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };

const port = Number(process.env.BENCH_PORT ?? 3200);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54349);
const base = `http://127.0.0.1:${port}`;
execFileSync(process.execPath, ["scripts/ensure-build.js"], { stdio: "inherit" });
const work = await mkdtemp(path.join(tmpdir(), "betic-bench-backup-"));
// As root the embedded server runs as `postgres`, which must reach the data directories inside.
await chmod(work, 0o711);
const source = path.join(work, "source");
const target = path.join(work, "target");
const archive = path.join(work, "bench.tar.gz");
const env = (dataDir) => serverEnv({ port, pgPort, dataDir, seedDemo: false, admin: ADMIN });

try {
  // The app makes the schema; the cases fill it (and, for the analytics, its daily sums at start).
  let app = startProcess(["server.js"], env(source));
  await waitFor(`${base}/healthz`, app);
  const password = (await readFile(path.join(source, ".postgres-password"), "utf8")).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  let client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const c of CASES) await c.seed(client, { adminEmail: ADMIN.email });
  await client.end();
  await app.stop();
  app = startProcess(["server.js"], env(source));
  await waitFor(`${base}/healthz`, app);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const c of CASES) if (c.ready) await c.ready(client);
  const { rows } = await client.query(
    `select (select count(*) from blog_articles) as articles, (select count(*) from contacts) as contacts,
            (select count(*) from page_views) as page_views, pg_database_size(current_database()) as bytes`,
  );
  await client.end();
  await app.stop();
  const data = rows[0];

  const tsx = path.resolve("node_modules/.bin/tsx");
  const timed = (args, dataDir) => {
    const start = performance.now();
    const output = execFileSync(tsx, args, { env: { ...process.env, ...env(dataDir) }, encoding: "utf8" });
    return { seconds: (performance.now() - start) / 1000, output: output.trim() };
  };
  const backup = timed(["app/server/backup/cli/backup.ts", "--out", archive], source);
  const size = (await stat(archive)).size;
  const restore = timed(["app/server/backup/cli/restore.ts", archive], target);

  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(backup.output.split("\n")[0]);
  console.log(restore.output.split("\n")[0]);
  console.log(
    `\nData: ${data.articles} articles, ${data.contacts} contacts, ${data.page_views} page views ` +
      `(database ${mb(Number(data.bytes))}).\n` +
      `npm run backup:  ${backup.seconds.toFixed(1)} s, archive ${mb(size)}\n` +
      `npm run restore: ${restore.seconds.toFixed(1)} s (into a new data directory: its PostgreSQL cluster is created first)\n` +
      `Both include the command's start (tsx, the embedded PostgreSQL server).`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
