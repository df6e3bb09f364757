import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder } from "~/server/db/migrate.server";
import { startApp } from "../support/e2e-app";
import { httpsRequest, sharedInstanceEnv, startCaddy, startS3 } from "../support/deployment";
import { createDatabase, dropDatabase } from "../support/postgres";

// docs/deploy.md §2 as a test: two instances behind Caddy serve pages and quote requests while
// each is upgraded in turn (SIGTERM, then started on the next release, whose schema has one more
// additive migration; the next instance only once this one is ready). Through the proxy, no
// request may fail and no acknowledged quote request may be missing from the database.
const base = Number(process.env.E2E_PORT ?? 3300) + 70;
const ports = { https: base, http: base + 1, a: base + 2, b: base + 3, s3: base + 4, stub: base + 5 };
const dir = await mkdtemp(path.join(tmpdir(), "betic-upgrade-"));
const adminUrl = inject("adminUrl");
const database = `test_upgrade_${process.pid}`;
const VISITORS = 12;
/** A visitor's pause between two requests (bounded traffic on a shared machine). */
const PAUSE_MS = 100;

type App = Awaited<ReturnType<typeof startApp>>;
const apps: Partial<Record<"a" | "b", App>> = {};
let caddy: Awaited<ReturnType<typeof startCaddy>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let databaseUrl: string;
let nextRelease: string;

/**
 * The next release as `git pull && npm run build` would leave it: this build and code, and the
 * migrations folder with one more, additive migration (a nullable column on contacts, which the
 * running release writes to all along).
 */
async function prepareNextRelease() {
  const release = path.join(dir, "next-release");
  const migrations = path.join(release, "app/server/db/migrations");
  await mkdir(path.dirname(migrations), { recursive: true });
  await cp(migrationsFolder, migrations, { recursive: true });
  for (const name of ["server.js", "build", "node_modules", "package.json"])
    await symlink(path.resolve(name), path.join(release, name));
  const journalFile = path.join(migrations, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, "0")}_rolling_upgrade_probe`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  await writeFile(
    path.join(migrations, `${tag}.sql`),
    'ALTER TABLE "contacts" ADD COLUMN "upgrade_probe" text;\n',
  );
  return release;
}

function startInstance(name: "a" | "b", cwd?: string) {
  return startApp({
    port: ports[name],
    databaseUrl,
    dataDir: path.join(dir, name),
    stubPort: ports.stub,
    cwd,
    env: sharedInstanceEnv(ports.https, s3.env),
  });
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const ready = (name: "a" | "b") => async () =>
  (await fetch(`http://127.0.0.1:${ports[name]}/readyz`)).status === 200;

beforeAll(async () => {
  await dropDatabase(adminUrl, database);
  databaseUrl = await createDatabase(adminUrl, database);
  s3 = await startS3({ port: ports.s3, directory: path.join(dir, "s3"), bucket: "betic-media" });
  nextRelease = await prepareNextRelease();
  apps.a = await startInstance("a");
  apps.b = await startInstance("b");
  caddy = await startCaddy({
    dir: path.join(dir, "caddy"),
    httpsPort: ports.https,
    httpPort: ports.http,
    upstreams: [ports.a, ports.b],
  });
  await until(
    async () => (await httpsRequest(`${caddy.origin}/readyz`, { ca: caddy.ca })).status === 200,
    "the site through Caddy",
  );
}, 180_000);

afterAll(async () => {
  await caddy?.stop();
  await Promise.all([apps.a?.stop(), apps.b?.stop()]);
  await s3?.stop();
  await dropDatabase(adminUrl, database);
  await rm(dir, { recursive: true, force: true });
});

describe("a rolling upgrade behind Caddy (docs/deploy.md §2)", () => {
  it("serves every page and quote request while each instance in turn moves to a release with one more migration", async () => {
    const sitemap = await httpsRequest(`${caddy.origin}/sitemap.xml`, { ca: caddy.ca });
    const pages = [...sitemap.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(pages.length).toBeGreaterThan(0);

    const failures: string[] = [];
    const acknowledged: string[] = [];
    let sent = 0;
    let quotes = 0;
    let running = true;
    const visitors = Array.from({ length: VISITORS }, async (_, i) => {
      const address = `127.0.1.${i + 1}`;
      const agent = new https.Agent({ keepAlive: true, ca: caddy.ca, localAddress: address, maxSockets: 1 });
      for (let n = 0; running; n++) {
        const quote = n % 10 === 9;
        const target = quote ? "/contact" : pages[(i + n) % pages.length]!;
        sent += 1;
        try {
          if (quote) {
            const id = `upgrade-${i}-${n}`;
            quotes += 1;
            const answer = await httpsRequest(`${caddy.origin}/contact`, {
              ca: caddy.ca,
              method: "POST",
              // Each quote from its own address: the form allows 5 per address per 10 minutes.
              localAddress: `127.0.2.${(quotes % 250) + 1}`,
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: caddy.origin },
              body: new URLSearchParams({
                name: "Visiteur pendant la mise à jour",
                email: `${id}@example.fr`,
                phone: "05 55 00 00 00",
                subject: "Demande de devis",
                message: `Référence ${id} : une demande envoyée pendant la mise à jour.`,
                serviceType: "autre",
              }).toString(),
            });
            if (answer.status === 200) acknowledged.push(`${id}@example.fr`);
            else failures.push(`POST /contact: HTTP ${answer.status}`);
          } else {
            const answer = await httpsRequest(`${caddy.origin}${target}`, { ca: caddy.ca, agent });
            if (answer.status >= 400) failures.push(`GET ${target}: HTTP ${answer.status}`);
          }
        } catch (error) {
          failures.push(`${quote ? "POST /contact" : `GET ${target}`}: ${(error as Error).message}`);
        }
        await sleep(PAUSE_MS * (0.5 + Math.random()));
      }
      agent.destroy();
    });

    await sleep(2_000);
    for (const name of ["a", "b"] as const) {
      // systemctl restart betic@N: SIGTERM, wait for the exit, start on the new release…
      await apps[name]!.stop();
      apps[name] = await startInstance(name, nextRelease);
      // …and only once it is ready and Caddy has stopped setting it aside (fail_duration 10s: the
      // requests that found it closed) restart the next one; sooner, Caddy saw no instance (503).
      await until(ready(name), `instance ${name} ready`);
      await sleep(11_000);
    }
    running = false;
    await Promise.all(visitors);

    const stored = new Set(
      (await sql<{ email: string }>("select email from contacts where email like 'upgrade-%'")).map(
        (row) => row.email,
      ),
    );
    const lost = acknowledged.filter((email) => !stored.has(email));
    console.log(
      `rolling upgrade: ${sent} requests sent, ${failures.length} failed; quote requests ${quotes} sent, ` +
        `${acknowledged.length} acknowledged, ${stored.size} stored, ${lost.length} lost`,
    );
    expect(failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBe(quotes);

    const column = await sql(
      "select 1 from information_schema.columns where table_name = 'contacts' and column_name = 'upgrade_probe'",
    );
    expect(column).toHaveLength(1);
    const versions = await sql<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect(versions[0]!.n).toBe(journal.entries.length + 1);
  }, 300_000);
});
