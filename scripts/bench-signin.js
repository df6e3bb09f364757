// A public page while the sign-in form is flooded: the production build on a throwaway embedded
// database with the demo content. For each page-cache state, the page alone (autocannon, 50
// connections), then the same load while 200 wrong sign-ins a second hit one account, side by
// side in one run. Target (issue 20): the page's p99 under the flood within 2× of alone, and for
// the account no more hashes than the throttle lets through (5 free failures, then one try per
// doubling wait: 1 s, 2 s, 4 s... from the previous one). The control row sends the same flood to a
// bare Node process on the next port, which answers 404 at once: what the flood costs the page when
// nothing is done with it (the load generators share the machine's cores with the server), the
// floor any refusal can reach.
//
//   npm run bench:signin
//   BENCH_PORT=4380 BENCH_PG_PORT=56320 BENCH_SECONDS=10 npm run bench:signin
//
// Then the address held by the throttle (15 minutes), a flood of BENCH_STRANGER_TRIES (10,000)
// sign-ins at the same rate, each with its own random e-mail of about 60 KB (still under the
// sign-in form's 64 KB body limit): the audit rows they wrote, and the page's p99 meanwhile
// (cache on). `BENCH_STRANGERS=0` skips it.
//
// The app listens on BENCH_PORT (default 3170), the bare 404 server on the next port, the database
// on BENCH_PG_PORT (default 54379).
// Figures are only comparable within one run: other work on the machine moves them all.
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { serverEnv, sleep, startProcess, waitFor } from "./bench-support.js";

const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };
const PAGE = "/";
const FLOOD_RATE = 200;

const port = Number(process.env.BENCH_PORT ?? 3170);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54379);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const base = `http://127.0.0.1:${port}`;
const strangerTries =
  Number(process.env.BENCH_STRANGERS ?? 1) === 0 ? 0 : Number(process.env.BENCH_STRANGER_TRIES ?? 10_000);

execSync("node scripts/ensure-build.js", { stdio: "inherit" });
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-signin-"));
const app = startProcess(["server.js"], serverEnv({ port, pgPort, dataDir, seedDemo: true, admin: ADMIN }));
const bare = startProcess(
  [
    "-e",
    `require("node:http").createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(404, { "content-length": 0 }).end());
    }).listen(${port + 1}, "127.0.0.1")`,
  ],
  {},
);
let client;
try {
  await waitFor(`${base}/healthz`, app);
  const password = (await readFile(path.join(dataDir, ".postgres-password"), "utf8")).trim();
  client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
  });
  await client.connect();

  const rows = [];
  for (const cache of [true, false]) {
    await client.query("update site_settings set enable_cache = $1", [cache]);
    // The change reaches the app by LISTEN/NOTIFY.
    await sleep(500);
    const label = `${PAGE} cache ${cache ? "on" : "off"}`;
    process.stderr.write(`${label}: alone\n`);
    await publicLoad(2);
    const alone = await publicLoad(seconds);

    process.stderr.write(`${label}: under ${FLOOD_RATE} posts/s to a bare 404 server (control)\n`);
    const [controlled, control] = await Promise.all([
      publicLoad(seconds),
      flood(`http://127.0.0.1:${port + 1}/admin/login`, "control@example.test", seconds),
    ]);

    // A fresh attack: no failure counted yet for the account nor the address.
    await client.query("delete from rate_limits");
    const target = `cible-${cache ? "on" : "off"}@example.test`;
    process.stderr.write(`${label}: under ${FLOOD_RATE} wrong sign-ins/s on ${target}\n`);
    const since = new Date();
    const [flooded, signIns] = await Promise.all([
      publicLoad(seconds),
      flood(`${base}/admin/login`, target, seconds),
    ]);
    const {
      rows: [{ hashes }],
    } = await client.query(
      "select count(*)::int as hashes from audit_log where action = 'sign_in_failed' and actor_email = $1 and created_at >= $2",
      [target, since],
    );
    const times = (measure) => Number((measure.latency.p99 / Math.max(alone.latency.p99, 1)).toFixed(2));
    rows.push({
      page: label,
      "alone req/s": Math.round(alone.requests.average),
      "alone p99 ms": alone.latency.p99,
      "control req/s": Math.round(controlled.requests.average),
      "control p99 ms": controlled.latency.p99,
      "control p99 ×": times(controlled),
      "control posts": control.requests.total,
      "flood req/s": Math.round(flooded.requests.average),
      "flood p99 ms": flooded.latency.p99,
      "flood p99 ×": times(flooded),
      "sign-ins sent": signIns.requests.total,
      "hashes (checked)": hashes,
      429: signIns.statuses[429] ?? 0,
      503: signIns.statuses[503] ?? 0,
      "other sign-in answers": Object.entries(signIns.statuses)
        .filter(([status]) => !["401", "429", "503"].includes(status))
        .map(([status, count]) => `${status}×${count}`)
        .join(" "),
    });
  }
  await client.query("update site_settings set enable_cache = true");
  if (strangerTries > 0) {
    await sleep(500);
    rows.push(await strangerFlood());
  }
  console.log(
    `\n${PAGE}: ${connections} connections, ${seconds} s per measure; flood: ${FLOOD_RATE} wrong sign-ins/s ` +
      "on one address (POST /admin/login); control: the same posts to a bare server answering 404; " +
      "× = p99 ÷ p99 alone; hashes = the checked tries on it (audit rows sign_in_failed); " +
      "429 = refused by the throttle unchecked, 503 = refused by the hash cap" +
      (strangerTries > 0
        ? `; last row: ${strangerTries} sign-ins with random 60 KB e-mails from an address the throttle holds, ` +
          "audit rows = the sign-in rows they wrote"
        : ""),
  );
  console.table(rows);
} finally {
  await client?.end().catch(() => {});
  await Promise.all([app.stop(), bare.stop()]);
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The address held for 15 minutes (40 failures and its gate on record; one try learns it),
 * then `strangerTries` sign-ins with random e-mails of about 60 KB while the page is measured.
 */
async function strangerFlood() {
  await client.query("delete from rate_limits");
  await client.query(
    "insert into rate_limits (key, points, expire) values ('pw-address-failures:127.0.0.1', 40, $1), ('pw-address-gate:127.0.0.1', 1, $2)",
    [Date.now() + 3_600_000, Date.now() + 900_000],
  );
  await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ intent: "sign-in", email: "porte@example.test", password: "faux" }),
  });
  const since = new Date();
  process.stderr.write(`/ cache on: under ${strangerTries} sign-ins with random 60 KB e-mails\n`);
  const statuses = {};
  const filler = "a".repeat(60 * 1024);
  const duration = Math.ceil(strangerTries / FLOOD_RATE);
  const [flooded, tries] = await Promise.all([
    publicLoad(duration),
    autocannon({
      url: `${base}/admin/login`,
      method: "POST",
      connections: FLOOD_RATE,
      overallRate: FLOOD_RATE,
      amount: strangerTries,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: new URLSearchParams({
              intent: "sign-in",
              email: `${randomBytes(8).toString("hex")}${filler}@example.test`,
              password: "faux",
            }).toString(),
          }),
          onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
        },
      ],
    }),
  ]);
  // Rows written after the answers count too.
  await sleep(2000);
  const {
    rows: [{ audited, bytes }],
  } = await client.query(
    "select count(*)::int as audited, coalesce(sum(length(actor_email)), 0)::int as bytes from audit_log where action like 'sign_in%' and created_at >= $1",
    [since],
  );
  return {
    page: `/ cache on, ${strangerTries} strangers`,
    "flood req/s": Math.round(flooded.requests.average),
    "flood p99 ms": flooded.latency.p99,
    "sign-ins sent": Object.values(statuses).reduce((sum, count) => sum + count, 0),
    "audit rows": audited,
    "audit e-mail bytes": bytes,
    429: statuses[429] ?? 0,
    "sign-ins unanswered (timeouts, errors)": tries.timeouts + tries.errors,
    "other sign-in answers": Object.entries(statuses)
      .filter(([status]) => status !== "429")
      .map(([status, count]) => `${status}×${count}`)
      .join(" "),
  };
}

function publicLoad(duration) {
  return autocannon({
    url: base + PAGE,
    connections,
    duration,
    headers: { "accept-encoding": "gzip, deflate, br" },
  });
}

/** FLOOD_RATE wrong passwords a second for `email` to `url`, as a browser's form posts. */
async function flood(url, email, duration) {
  const statuses = {};
  const result = await autocannon({
    url,
    method: "POST",
    connections: FLOOD_RATE,
    overallRate: FLOOD_RATE,
    duration,
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ intent: "sign-in", email, password: "pas-le-bon-mot-de-passe" }).toString(),
    requests: [{ onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1) }],
  });
  return { requests: result.requests, statuses };
}
