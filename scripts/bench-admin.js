// The back office under a realistic load of data, on a throwaway embedded database, the production
// build and a signed-in admin. One harness, one case a screen family (scripts/bench-admin/*.js):
// each case seeds its data, then each of its screens is requested one request at a time (so the
// time is the server's: loopback, no queue), after a warm-up; p50, p95, the slowest and the size of
// the page's HTML are printed.
// Target: p95 under 100 ms. The figures move with whatever else runs on the machine: they are
// printed, never asserted.
//
//   npm run bench:admin                      every case
//   npm run bench:admin -- articles          only the named cases
//   BENCH_PORT=4660 BENCH_PG_PORT=57061 BENCH_REQUESTS=200 npm run bench:admin
//
// The app listens on BENCH_PORT (default 3200), its database on BENCH_PG_PORT (default 54349).
//
// A case is `{ name, seedLabel, seed(client, { adminEmail }), restartAfterSeed?, readyLabel?,
// ready?(client), screens: [label, path, text the page must contain][] }`; add its module to
// CASES. `seed` may return values (e.g. `{ edited: id }`): `{edited}` in its screens' paths is
// replaced by them.
import { execSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import analytics from "./bench-admin/analytics.js";
import articles from "./bench-admin/articles.js";
import contacts from "./bench-admin/contacts.js";
import projects from "./bench-admin/projects.js";
import { startProcess, waitFor } from "./bench-support.js";

const CASES = [articles, projects, contacts, analytics];
const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };

await main();

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 3200);
  const pgPort = Number(process.env.BENCH_PG_PORT ?? 54349);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const base = `http://127.0.0.1:${port}`;
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !CASES.some((c) => c.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown case(s): ${unknown.join(", ")}. Cases: ${CASES.map((c) => c.name).join(", ")}.`);
    process.exit(1);
  }
  const cases = wanted.length > 0 ? CASES.filter((c) => wanted.includes(c.name)) : CASES;

  execSync("node scripts/ensure-build.js", { stdio: "inherit" });
  const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-admin-"));
  const env = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO: "0",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
  };
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
      for (const [label, pathname, expected] of c.screens)
        screens.push([label, pathname.replace(/\{(\w+)\}/g, (_, key) => String(values[key])), expected]);
    }

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

    const cookie = await signIn(base);
    const rows = [];
    for (const [label, pathname, expected] of screens) {
      process.stderr.write(`${label}\n`);
      let size = 0;
      const get = async () => {
        const response = await fetch(base + pathname, { headers: { cookie } });
        const html = await response.text();
        if (response.status !== 200 || !html.includes(expected))
          throw new Error(`${pathname}: ${response.status}, "${expected}" not in the page`);
        size = Buffer.byteLength(html);
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
      rows.push({ label, p50: at(0.5), p95: at(0.95), max: times.at(-1), size });
    }

    const width = Math.max(...rows.map((row) => row.label.length));
    const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
    console.log(
      `\n${"écran".padEnd(width)}  ${"p50".padStart(10)}  ${"p95".padStart(10)}  ${"max".padStart(10)}  ${"HTML".padStart(9)}`,
    );
    for (const row of rows) {
      const flag = row.p95 < 100 ? "" : "  (> 100 ms)";
      const kb = `${(row.size / 1024).toFixed(1)} KB`.padStart(9);
      console.log(`${row.label.padEnd(width)}  ${ms(row.p50)}  ${ms(row.p95)}  ${ms(row.max)}  ${kb}${flag}`);
    }
    console.log(
      `\n${requests} requêtes par écran, une à la fois, après 20 d'échauffement; temps mesuré par le client en local.`,
    );
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

async function signIn(base) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}
