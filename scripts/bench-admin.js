// The back office under a realistic load of data, on a throwaway embedded database, the production
// build and a signed-in admin. One harness, one case a screen family (scripts/bench-admin/*.js):
// each case seeds its data, then each of its screens is requested one request at a time (so the
// time is the server's: loopback, no queue), after a warm-up; p50, p95, the slowest and the size of
// the page's HTML (as rendered, and gzipped as sent) are printed.
// Every case runs twice, each time on a fresh database: with 1/100 of its rows, then with all of
// them; the ratio p95(all) ÷ p95(1/100) says whether a screen's cost grows with its table.
// Targets: p95 under 100 ms, ratio at most 1.5. The figures move with whatever else runs on the
// machine: they are printed, never asserted. A list's "affichées" is the rows its page shows (its
// table body's rows): a list costs per row shown, so a filter that showed 3 rows of the small run
// and 25 of the large one would grow for that reason alone. The cases choose their filters and
// searches to show as many rows in both runs (categories scale with the table; a search's term
// with the numbers it looks for).
//
//   npm run bench:admin                      every case
//   npm run bench:admin -- articles          only the named cases
//   BENCH_PORT=4660 BENCH_PG_PORT=57061 BENCH_REQUESTS=200 npm run bench:admin
//
// The app listens on BENCH_PORT (default 3200), its database on BENCH_PG_PORT (default 54349).
//
// A case module exports `(scale) => case`, scale 1 being the full case; a case is `{ name,
// seedLabel, seed(client, { adminEmail }), restartAfterSeed?, readyLabel?, ready?(client),
// screens: [label, path, text the page must contain, rows][] }` (rows: what the screen reads, as
// printed). Add its module to CASES. `seed` may return values (e.g. `{ edited: id }`): `{edited}`
// in its screens' paths is replaced by them.
import { execSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import pg from "pg";
import analytics from "./bench-admin/analytics.js";
import articles from "./bench-admin/articles.js";
import contacts from "./bench-admin/contacts.js";
import journal from "./bench-admin/journal.js";
import projects from "./bench-admin/projects.js";
import redirects from "./bench-admin/redirects.js";
import search from "./bench-admin/search.js";
import { serverEnv, signIn, startProcess, waitFor } from "./bench-support.js";

const CASES = [articles, projects, contacts, analytics, journal, redirects, search];
/** The growth baseline: each case with this share of its rows. */
const SMALL_SCALE = 0.01;
const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };

await main();

async function main() {
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const wanted = process.argv.slice(2);
  const names = CASES.map((make) => make(1).name);
  const unknown = wanted.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown case(s): ${unknown.join(", ")}. Cases: ${names.join(", ")}.`);
    process.exit(1);
  }
  const makers = wanted.length > 0 ? CASES.filter((make) => wanted.includes(make(1).name)) : CASES;

  execSync("node scripts/ensure-build.js", { stdio: "inherit" });
  process.stderr.write("--- 1/100 des lignes\n");
  const small = await measure(
    makers.map((make) => make(SMALL_SCALE)),
    requests,
  );
  process.stderr.write("--- toutes les lignes\n");
  const large = await measure(
    makers.map((make) => make(1)),
    requests,
  );

  const ms = (value) => `${value.toFixed(1)} ms`;
  const table = large.map((row) => {
    const baseline = small.find((other) => other.label === row.label);
    const ratio = row.p95 / baseline.p95;
    return [
      row.label,
      row.rows,
      row.shown,
      ms(row.p50),
      ms(row.p95),
      ms(row.max),
      `${(row.size / 1024).toFixed(1)} KB`,
      `${(row.gzipped / 1024).toFixed(1)} KB`,
      baseline.rows,
      baseline.shown,
      ms(baseline.p95),
      ratio.toFixed(2),
      [row.p95 < 100 ? "" : "p95 > 100 ms", ratio <= 1.5 ? "" : "ratio > 1,5"].filter(Boolean).join(", "),
    ];
  });
  const header = [
    "écran",
    "lignes",
    "affichées",
    "p50",
    "p95",
    "max",
    "HTML",
    "gzip",
    "lignes (1/100)",
    "affichées",
    "p95 (1/100)",
    "ratio",
    "",
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((cell, i) => (i < 2 || i === 8 || i === 12 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(`\n${line(header)}`);
  for (const row of table) console.log(line(row));
  console.log(
    `\n${requests} requêtes par écran, une à la fois, après 20 d'échauffement; temps mesuré par le client en local.` +
      "\nratio = p95 avec toutes les lignes ÷ p95 avec 1/100 des lignes (objectif ≤ 1,5).",
  );
}

/**
 * Starts the app on a fresh embedded database, seeds `cases`, signs in and times each screen.
 * Returns `{ label, rows, shown, p50, p95, max, size, gzipped }` a screen (shown: the rows of its
 * table's body, "" without a table; size: the HTML's bytes; gzipped: as sent compressed).
 */
async function measure(cases, requests) {
  const port = Number(process.env.BENCH_PORT ?? 3200);
  const pgPort = Number(process.env.BENCH_PG_PORT ?? 54349);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-admin-"));
  const env = serverEnv({ port, pgPort, dataDir, seedDemo: false, admin: ADMIN });
  let app = startProcess(["server.js"], env);
  let client;
  try {
    await waitFor(`${base}/healthz`, app);
    const password = (await readFile(path.join(dataDir, ".postgres-password"), "utf8")).trim();
    const connect = async () => {
      const connection = new pg.Client({
        connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
      });
      await connection.connect();
      return connection;
    };
    client = await connect();
    const screens = [];
    for (const c of cases) {
      const values = (await timed(c.seedLabel, () => c.seed(client, { adminEmail: ADMIN.email }))) ?? {};
      for (const [label, pathname, expected, rows] of c.screens)
        screens.push([
          label,
          pathname.replace(/\{(\w+)\}/g, (_, key) => String(values[key])),
          expected,
          rows,
        ]);
    }

    // Bulk inserts leave work to autovacuum (visibility maps, statistics), which would otherwise run
    // during the first screens' timing: the tables are measured as a running site has them.
    await timed("vacuum analyze", () => client.query("vacuum analyze"));

    if (cases.some((c) => c.restartAfterSeed)) {
      // The app stops its embedded database with it: connect again once it is back.
      await client.end();
      client = undefined;
      await app.stop();
      app = startProcess(["server.js"], env);
      await waitFor(`${base}/healthz`, app);
      client = await connect();
    }
    for (const c of cases) if (c.ready) await timed(c.readyLabel ?? c.name, () => c.ready(client));

    const cookie = await signIn(base, ADMIN);
    const results = [];
    for (const [label, pathname, expected, rows] of screens) {
      process.stderr.write(`${label}\n`);
      const get = async () => {
        const response = await fetch(base + pathname, { headers: { cookie } });
        const html = await response.text();
        if (response.status !== 200 || !html.includes(expected))
          throw new Error(`${pathname}: ${response.status}, "${expected}" not in the page`);
        return html;
      };
      for (let i = 0; i < 20; i += 1) await get();
      const times = [];
      for (let i = 0; i < requests; i += 1) {
        const start = performance.now();
        await get();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      // Sized outside the timed requests: compressing it again is the bench's work, not the server's.
      const html = await get();
      // What crosses the network: compression() answers at zlib's default level.
      const gzipped = gzipSync(html).length;
      const size = Buffer.byteLength(html);
      const body = html.match(/<tbody[^>]*>([\s\S]*?)<\/tbody>/)?.[1];
      const shown = body === undefined ? "" : String(body.match(/<tr[\s>]/g)?.length ?? 0);
      results.push({ label, rows, shown, p50: at(0.5), p95: at(0.95), max: times.at(-1), size, gzipped });
    }
    return results;
  } finally {
    await client?.end().catch(() => {});
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timed(label, run) {
  const start = performance.now();
  const result = await run();
  process.stderr.write(`${label} : ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  return result;
}
