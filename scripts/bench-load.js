// `npm run bench:load`: the site as deployed (docs/deploy.md), under load and failure, on loopback.
// Caddy (HTTPS, internal CA) in front of two instances of the production build, one PostgreSQL,
// media in s3rver, the demo content with the page cache on. 200 visitors, each from its own
// loopback address, ask for page after page for BENCH_SECONDS (60): 90% page views across every
// page of the sitemap, 5% contact requests through the real form post (each by a new visitor from
// a fresh address, as the form allows 5 per address per 10 minutes, who opens /contact and posts
// the form on that connection: the handshake is the page's, as in a browser), 5% analytics beacons.
// BENCH_THINK_MS gives each visitor a pause between requests (default 0: back to back, which
// saturates the machine, so latencies there are queueing). Every 15 s one instance is SIGKILLed and restarted at once. Then the mail outbox is drained and
// the table printed: requests, errors by kind (inside and outside the kill windows), p50/p99,
// req/s, contact requests acknowledged vs stored, mails sent and duplicated.
// Run with tsx (it reuses the test harness of tests/support).
import { execSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startApp } from "../tests/support/e2e-app.ts";
import { sharedInstanceEnv, startCaddy, startS3 } from "../tests/support/deployment.ts";
import { createDatabase, startTestPostgres } from "../tests/support/postgres.ts";

const base = Number(process.env.BENCH_PORT ?? 3400);
const ports = { https: base, http: base + 1, a: base + 2, b: base + 3, s3: base + 4, stub: base + 5 };
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const visitors = Number(process.env.BENCH_VISITORS ?? 200);
/** A visitor's pause between two requests (uniform in ±50% around it); 0: back to back, the machine saturated. */
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);
const killEveryMs = 15_000;
/** A request that starts or ends this long after a kill, or before its instance is ready again, is in a kill window. */
const killWindowTailMs = 1_000;

execSync("node scripts/ensure-build.js", { stdio: "inherit" });
const dir = await mkdtemp(path.join(tmpdir(), "betic-bench-load-"));
const postgres = await startTestPostgres(Number(process.env.BENCH_PG_PORT ?? 54359));
const databaseUrl = await createDatabase(postgres.adminUrl, "bench_load");
const s3 = await startS3({ port: ports.s3, directory: path.join(dir, "s3"), bucket: "betic-media" });

const apps = {};
const start = (name, env = {}) =>
  startApp({
    port: ports[name],
    databaseUrl,
    dataDir: path.join(dir, name),
    stubPort: ports.stub,
    startTimeoutMs: 600_000,
    env: {
      ...sharedInstanceEnv(ports.https, s3.env),
      SEED_DEMO: "0",
      ...env,
    },
  });

let caddy;
try {
  console.log("Loading the demo content (first instance)...");
  apps.a = await start("a", { SEED_DEMO: "1" });
  await sql("update site_settings set enable_cache = true");
  apps.b = await start("b");
  caddy = await startCaddy({
    dir: path.join(dir, "caddy"),
    httpsPort: ports.https,
    httpPort: ports.http,
    upstreams: [ports.a, ports.b],
  });
  await until(
    async () => (await request("GET", "/readyz", "127.0.0.2").catch(() => undefined))?.status === 200,
  );
  const sitemap = (await request("GET", "/sitemap.xml", "127.0.0.2")).body;
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  console.log(
    `${pages.length} public pages; ${visitors} visitors for ${seconds} s${thinkMs > 0 ? ` (pausing ~${thinkMs} ms between requests)` : " (back to back)"}, one instance killed every 15 s`,
  );
  // A site in service has its pages cached: fill both instances' caches first (each directly, as
  // the site's host), so the run's first second is not every visitor waiting on a cold render.
  for (const port of [ports.a, ports.b]) for (const page of pages) await warm(port, page);
  await run(pages);
} finally {
  await caddy?.stop();
  await Promise.all(Object.values(apps).map((app) => app.stop()));
  await s3.stop();
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}

async function run(pages) {
  const records = [];
  const kills = [];
  const acknowledged = [];
  let contactSeq = 0;
  const t0 = Date.now();
  const loadAtStart = loadavg()[0];
  const end = t0 + seconds * 1000;

  const killer = (async () => {
    for (let n = 1, victim = "a"; t0 + n * killEveryMs < end; n++, victim = victim === "a" ? "b" : "a") {
      await sleep(t0 + n * killEveryMs - Date.now());
      const kill = { at: Date.now(), victim, readyAt: Infinity };
      kills.push(kill);
      process.kill(apps[victim].pid, "SIGKILL");
      await apps[victim].exited;
      apps[victim] = await start(victim);
      kill.readyAt = Date.now();
    }
  })();

  await Promise.all(
    Array.from({ length: visitors }, async (_, i) => {
      const address = `127.0.${1 + Math.floor((i + 2) / 250)}.${(i + 2) % 250 || 250}`;
      const agent = new https.Agent({ keepAlive: true, ca: caddy.ca, localAddress: address, maxSockets: 1 });
      // Visitors arrive over the first pause rather than all in the same millisecond (200 TLS
      // handshakes at once would be the whole first second's p99).
      if (thinkMs > 0) await sleep(Math.random() * thinkMs);
      while (Date.now() < end) {
        const dice = Math.random();
        const record = { start: Date.now(), kind: "page" };
        try {
          if (dice < 0.9) {
            const page = pages[Math.floor(Math.random() * pages.length)];
            record.status = (await request("GET", page, address, { agent })).status;
          } else if (dice < 0.95) {
            const id = `bench-${process.pid}-${++contactSeq}`;
            const from = `127.${100 + Math.floor(contactSeq / 65_000)}.${Math.floor(contactSeq / 250) % 250}.${(contactSeq % 250) + 1}`;
            // A new visitor (the form allows 5 requests per address per 10 minutes) opens the
            // contact page, then sends the form over the same connection, as a browser does.
            const visitor = new https.Agent({
              keepAlive: true,
              ca: caddy.ca,
              localAddress: from,
              maxSockets: 1,
            });
            try {
              // Failing, it is this record's error (a page's).
              const opened = { ...record };
              opened.status = (await request("GET", "/contact", from, { agent: visitor })).status;
              opened.end = Date.now();
              records.push(opened);
              if (opened.status !== 200) {
                record.kind = "skipped";
              } else {
                Object.assign(record, { kind: "contact", start: Date.now() });
                record.status = (await sendContact(id, from, visitor)).status;
                if (record.status === 200) acknowledged.push(`${id}@example.fr`);
              }
            } finally {
              visitor.destroy();
            }
          } else {
            record.kind = "beacon";
            const body = JSON.stringify({
              path: pages[Math.floor(Math.random() * pages.length)],
              width: 1280,
            });
            record.status = (
              await request("POST", "/api/beacon", address, {
                agent,
                headers: { "Content-Type": "application/json" },
                body,
              })
            ).status;
          }
        } catch (error) {
          record.error = error.code ?? error.message;
        }
        record.end = Date.now();
        if (record.kind !== "skipped") records.push(record);
        if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
      }
      agent.destroy();
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  await killer;

  // Let the outbox drain (both instances' workers run every 300 ms). A message a killed instance
  // had claimed stays 'sending' until its lease ends (5 minutes), then is sent again: it is counted
  // apart.
  await until(
    async () =>
      (await sql("select count(*)::int as n from email_outbox where status = 'pending'"))[0].n === 0,
    60_000,
  ).catch(() => {});
  const stored = new Set(
    (await sql("select email from contacts where email like 'bench-%'")).map((r) => r.email),
  );
  const storedRows = (await sql("select count(*)::int as n from contacts where email like 'bench-%'"))[0].n;
  const lost = acknowledged.filter((email) => !stored.has(email)).length;
  const outbox = await sql(
    "select status, count(*)::int as n from email_outbox group by status order by status",
  );
  const files = (
    await Promise.all(["a", "b"].map((n) => readdir(path.join(dir, n, "mail")).catch(() => [])))
  ).flat();
  const ids = await sql("select id from email_outbox where status = 'sent'");
  const duplicates = ids.filter(({ id }) => files.filter((f) => f.includes(id)).length > 1).length;
  const unsentFiles = ids.filter(({ id }) => !files.some((f) => f.includes(id))).length;

  const inWindow = (r) => kills.some((k) => r.end >= k.at && r.start <= k.readyAt + killWindowTailMs);
  const failed = (r) => r.error !== undefined || r.status >= 500;
  const errorKinds = new Map();
  for (const r of records.filter(failed)) {
    const key = `${r.error ?? `HTTP ${r.status}`} (${r.kind})`;
    const counts = errorKinds.get(key) ?? { inside: 0, outside: 0 };
    counts[inWindow(r) ? "inside" : "outside"] += 1;
    errorKinds.set(key, counts);
  }
  const latencies = (list) => list.map((r) => r.end - r.start).sort((x, y) => x - y);
  const pct = (sorted, p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
  const all = latencies(records.filter((r) => !failed(r)));
  const calm = latencies(records.filter((r) => !failed(r) && !inWindow(r)));
  const statuses = new Map();
  for (const r of records.filter((r) => !failed(r))) {
    const key = `${r.kind} ${r.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }

  const rows = [
    [
      "duration",
      `${elapsed.toFixed(1)} s, ${visitors} visitors, ${kills.length} kills (${kills.map((k) => `${k.victim} at ${((k.at - t0) / 1000).toFixed(1)} s, back in ${((k.readyAt - k.at) / 1000).toFixed(1)} s`).join("; ")})`,
    ],
    ["requests", String(records.length)],
    ...[...statuses].sort().map(([key, n]) => [`  answered ${key}`, String(n)]),
    ["req/s", (records.length / elapsed).toFixed(0)],
    ["errors", String(records.filter(failed).length)],
    ...[...errorKinds].map(([key, c]) => [`  ${key}`, `${c.inside} in kill windows, ${c.outside} outside`]),
    ["p50 / p99 (all answered)", `${pct(all, 50)} / ${pct(all, 99)} ms`],
    ["p50 / p99 (outside kill windows)", `${pct(calm, 50)} / ${pct(calm, 99)} ms`],
    ...["page", "contact", "beacon"].map((kind) => {
      const sorted = latencies(records.filter((r) => r.kind === kind && !failed(r) && !inWindow(r)));
      return [`  ${kind}`, `${pct(sorted, 50)} / ${pct(sorted, 99)} ms`];
    }),
    [
      "slow (> 100 ms) outside kill windows, by s since the last kill",
      slowAfterKills(records.filter((r) => !failed(r) && !inWindow(r))),
    ],
    ["load average (1 min) at start / end", `${loadAtStart.toFixed(1)} / ${loadavg()[0].toFixed(1)}`],
    ["contact requests acknowledged (200)", String(acknowledged.length)],
    ["  stored (rows, distinct)", `${storedRows}, ${stored.size}`],
    ["  acknowledged but lost", String(lost)],
    ["outbox", outbox.map((r) => `${r.status} ${r.n}`).join(", ")],
    ["  mails written by the instances", String(files.length)],
    ["  mails sent twice", String(duplicates)],
    ["  marked sent without a file", String(unsentFiles)],
  ];
  /** Where the slow answers fall after a kill: a burst at a fixed delay is something a restart does. */
  function slowAfterKills(answered) {
    const bins = new Map();
    for (const r of answered.filter((r) => r.end - r.start > 100)) {
      const last = kills.filter((k) => k.at <= r.start).at(-1);
      const key = last ? `${Math.floor((r.start - last.at) / 1000)}` : "before";
      bins.set(key, (bins.get(key) ?? 0) + 1);
    }
    return [...bins].map(([key, n]) => `${key}${key === "before" ? "" : " s"}: ${n}`).join(", ") || "none";
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log();
  for (const [key, value] of rows) console.log(`${key.padEnd(width)}  ${value}`);
}

function sendContact(id, from, agent) {
  const body = new URLSearchParams({
    name: "Visiteur du banc",
    email: `${id}@example.fr`,
    phone: "05 55 00 00 00",
    subject: "Demande de devis",
    message: `Référence ${id}: une demande envoyée pendant le banc de charge.`,
    serviceType: "autre",
  }).toString();
  return request("POST", "/contact", from, {
    agent,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** A page asked of one instance directly, under the site's Host (the page cache's key has it). */
function warm(port, pathname) {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port,
          path: pathname,
          headers: { Host: new URL(caddy.origin).host, "Accept-Encoding": "br, gzip" },
        },
        (res) => res.resume().on("end", resolve).on("error", reject),
      )
      .on("error", reject);
  });
}

function request(method, pathname, localAddress, { agent, headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${caddy.origin}${pathname}`,
      {
        method,
        agent: agent ?? false,
        ca: caddy.ca,
        localAddress,
        headers: {
          // Compressed like a browser's, except the sitemap, read here as text.
          "Accept-Encoding": pathname === "/sitemap.xml" ? "identity" : "br, gzip",
          ...(method === "POST" ? { Origin: caddy.origin } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        let text = "";
        if (pathname === "/sitemap.xml") res.setEncoding("utf8");
        res.on("data", (chunk) => {
          if (pathname === "/sitemap.xml") text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, body: text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", reject);
    req.end(body);
  });
}

async function sql(text, values = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(200);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
