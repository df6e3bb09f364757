// The back office's live bell at rest: does holding many idle event streams (/admin/api/events,
// one per open back-office page) cost the public site anything? The production build on a
// throwaway embedded database with the demo content; autocannon on the home page (50
// connections) alone, then while BENCH_STREAMS signed-in streams are open, then alone again; then
// one new request written in SQL, and how long each stream took to hear of it.
//
//   npm run bench:sse
//   BENCH_PORT=4560 BENCH_PG_PORT=57061 BENCH_STREAMS=200 BENCH_SECONDS=10 npm run bench:sse
//
// Figures are printed, never asserted; compare them only within one run.
import { execSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import pg from "pg";
import { serverEnv, signIn, startProcess, waitFor } from "./bench-support.js";

const ADMIN = { email: "bench@example.test", password: "Bench-password-2026!" };

const port = Number(process.env.BENCH_PORT ?? 3150);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54369);
const streams = Number(process.env.BENCH_STREAMS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${port}`;

execSync("node scripts/ensure-build.js", { stdio: "inherit" });
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-sse-"));
const app = startProcess(["server.js"], serverEnv({ port, pgPort, dataDir, seedDemo: true, admin: ADMIN }));
const open = [];
let client;
try {
  await waitFor(`${base}/healthz`, app);
  const password = (await readFile(path.join(dataDir, ".postgres-password"), "utf8")).trim();
  client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
  });
  await client.connect();
  const cookie = await signIn(base, ADMIN);

  await homePage(2); // warm-up
  const rows = [["accueil seul", await homePage(seconds)]];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  for (let i = 0; i < streams; i += 1) open.push(await openStream(cookie, agent));
  rows.push([`accueil, ${streams} flux ouverts`, await homePage(seconds)]);

  const sent = performance.now();
  await client.query(
    "insert into contacts (name, email, message) values ('Banc', 'banc@exemple.fr', 'Devis')",
  );
  const heard = (await Promise.all(open.map((stream) => stream.nextEvent)))
    .map((at) => at - sent)
    .sort((a, b) => a - b);
  for (const stream of open) stream.close();
  open.length = 0;
  rows.push(["accueil seul, de nouveau", await homePage(seconds)]);

  console.log(`\n${"mesure".padEnd(28)}  ${"req/s".padStart(8)}  ${"p50".padStart(8)}  ${"p99".padStart(8)}`);
  for (const [label, result] of rows)
    console.log(
      `${label.padEnd(28)}  ${String(Math.round(result.requests.average)).padStart(8)}  ${`${result.latency.p50} ms`.padStart(8)}  ${`${result.latency.p99} ms`.padStart(8)}`,
    );
  const at = (q) => heard[Math.min(heard.length - 1, Math.ceil(q * heard.length) - 1)];
  console.log(
    `\nNouvelle demande (SQL) entendue par les ${heard.length} flux : p50 ${at(0.5).toFixed(0)} ms, max ${heard.at(-1).toFixed(0)} ms.`,
  );
  console.log(`autocannon : 50 connexions, ${seconds} s par mesure, page d'accueil (cache des pages actif).`);
} finally {
  for (const stream of open) stream.close();
  await client?.end().catch(() => {});
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}

function homePage(duration) {
  return autocannon({ url: `${base}/`, connections: 50, duration, headers: { "accept-encoding": "br" } });
}

/** Opens one event stream as a browser's EventSource would; resolves once it is answered. */
function openStream(cookie, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/admin/api/events`,
      { agent, headers: { accept: "text/event-stream", cookie } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`event stream: ${response.statusCode}`));
        let heard;
        const nextEvent = new Promise((done) => (heard = done));
        response.setEncoding("utf8");
        response.on("data", (text) => {
          if (text.includes("event: staff")) heard(performance.now());
        });
        resolve({ nextEvent, close: () => request.destroy() });
      },
    );
    request.on("error", reject);
  });
}
