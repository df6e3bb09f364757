// The public pages against the physical limit of this machine: the production build (on a
// throwaway embedded database with the demo content) and, interleaved page by page in the same
// run, a bare Node HTTP server sending the very bytes the app sent for that page from memory:
// its body alone, then its body with the app's header block (what the security headers cost).
// autocannon, 50 connections, 10 s per measure after a warm-up; cache on, then cache off.
//
//   npm run bench:public
//   BENCH_PORT=4360 BENCH_PG_PORT=57031 BENCH_SECONDS=10 npm run bench:public
//   BENCH_CACHE=on BENCH_CPU_PROF=/tmp/prof npm run bench:public   (cache on only; the app's
//   V8 CPU profile is written in that folder when it stops: open it in Chrome's DevTools)
//
// The app listens on BENCH_PORT (default 3100), the bare server on BENCH_PORT + 1, the database
// on BENCH_PG_PORT (default 54339). Figures are only comparable within one run: other work on
// the machine moves them all.
import { execSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { serverEnv, sleep, startProcess, waitFor } from "./bench-support.js";

const ACCEPT_ENCODING = "gzip, deflate, br";
/** The bare server's address prefix for a page sent with the app's headers as well as its body. */
const WITH_HEADERS = "/with-headers";
const NODE_SETS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

if (process.argv[2] === "--bare") await bareServer(Number(process.argv[3]));
else await main();

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 3100);
  const barePort = port + 1;
  const pgPort = Number(process.env.BENCH_PG_PORT ?? 54339);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const base = `http://127.0.0.1:${port}`;
  const bareBase = `http://127.0.0.1:${barePort}`;

  execSync("node scripts/ensure-build.js", { stdio: "inherit" });
  const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-"));
  const profileDir = process.env.BENCH_CPU_PROF;
  const app = startProcess(
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : []), "server.js"],
    serverEnv({
      port,
      pgPort,
      dataDir,
      seedDemo: true,
      admin: { email: "bench@example.test", password: "Bench-password-2026!" },
    }),
  );
  const bare = startProcess([path.resolve("scripts/bench-public.js"), "--bare", String(barePort)], {});
  let client;
  try {
    await waitFor(`${base}/healthz`, app);
    await waitFor(`${bareBase}/healthz`, bare);
    const password = (await readFile(path.join(dataDir, ".postgres-password"), "utf8")).trim();
    client = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`,
    });
    await client.connect();

    const pages = await publicPages(base);
    const rows = [];
    const cacheStates = { on: [true], off: [false] }[process.env.BENCH_CACHE] ?? [true, false];
    for (const cache of cacheStates) {
      await client.query("update site_settings set enable_cache = $1", [cache]);
      // The change reaches the app by LISTEN/NOTIFY.
      await sleep(500);
      for (const page of pages) {
        const sent = await rawGet(base + page);
        await postJson(`${bareBase}/load`, {
          path: page,
          encoding: sent.headers["content-encoding"] ?? null,
          contentType: sent.headers["content-type"],
          headers: sent.headers,
          body: sent.body.toString("base64"),
        });
        const html = await (await fetch(base + page)).text();
        const label = `${cache ? "cache on " : "cache off"} ${page.length > 28 ? `${page.slice(0, 27)}…` : page}`;
        process.stderr.write(`${label}\n`);
        // Warm-up: the JIT, the page cache, the pools.
        await load(base + page, connections, 2);
        const answered = answersByCacheState();
        const appRun = await measured(app.child.pid, () => load(base + page, connections, seconds, answered));
        await load(bareBase + page, connections, 1);
        const bareRun = await measured(bare.child.pid, () => load(bareBase + page, connections, seconds));
        const sameHeaders = `${bareBase}${WITH_HEADERS}${page}`;
        await load(sameHeaders, connections, 1);
        const bareHeadersRun = await measured(bare.child.pid, () => load(sameHeaders, connections, seconds));
        rows.push({
          page: label,
          "app req/s": Math.round(appRun.result.requests.average),
          "app p50 ms": appRun.result.latency.p50,
          "app p99 ms": appRun.result.latency.p99,
          "app CPU µs/req": appRun.cpuPerRequest,
          ...renderFigures(appRun, answered),
          "bare req/s": Math.round(bareRun.result.requests.average),
          "bare p99 ms": bareRun.result.latency.p99,
          "bare CPU µs/req": bareRun.cpuPerRequest,
          ratio: Number((appRun.result.requests.average / bareRun.result.requests.average).toFixed(2)),
          "CPU ×bare":
            appRun.cpuPerRequest && bareRun.cpuPerRequest
              ? Number((appRun.cpuPerRequest / bareRun.cpuPerRequest).toFixed(2))
              : null,
          "bare+h req/s": Math.round(bareHeadersRun.result.requests.average),
          "bare+h CPU µs/req": bareHeadersRun.cpuPerRequest,
          "ratio +h": Number(
            (appRun.result.requests.average / bareHeadersRun.result.requests.average).toFixed(2),
          ),
          "CPU ×bare+h":
            appRun.cpuPerRequest && bareHeadersRun.cpuPerRequest
              ? Number((appRun.cpuPerRequest / bareHeadersRun.cpuPerRequest).toFixed(2))
              : null,
          "HTML KB": Number((Buffer.byteLength(html) / 1024).toFixed(1)),
          [`sent KB (${sent.headers["content-encoding"] ?? "identity"})`]: Number(
            (sent.body.length / 1024).toFixed(1),
          ),
          errors: appRun.result.errors + appRun.result.non2xx + appRun.result.timeouts,
        });
      }
    }
    await client.query("update site_settings set enable_cache = true");
    console.log(
      `\n${connections} connections, ${seconds} s per measure, Accept-Encoding: ${ACCEPT_ENCODING}; ` +
        "ratio = app req/s ÷ bare req/s (same body, same run); CPU ×bare = app CPU µs/req ÷ bare CPU µs/req; " +
        "bare+h = the bare server sending the app's header block too (its security headers, ETag, Vary...), and the " +
        "ratio and CPU against it; renders = answers neither from the page " +
        "cache (HIT) nor from another request's render (SHARED); CPU µs/render = all the app's CPU ÷ renders",
    );
    console.table(rows);
  } finally {
    await client?.end().catch(() => {});
    await Promise.all([app.stop(), bare.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The five pages of issue 11: home, blog, one article, one project, contact. */
async function publicPages(base) {
  const firstLink = async (listPath, pattern) =>
    (await (await fetch(base + listPath)).text()).match(pattern)?.[0];
  const article = await firstLink("/blog", /\/blog\/[a-z0-9-]+(?=")/);
  const project = await firstLink("/projects", /\/projects\/[a-z0-9-]+(?=")/);
  if (!article || !project) throw new Error("No article or project link found in the demo content.");
  return ["/", "/blog", article, project, "/contact"];
}

function load(url, connections, duration, answered) {
  const headers = { "accept-encoding": ACCEPT_ENCODING };
  const requests = answered && [{ onResponse: (_status, _body, _context, answer) => answered.count(answer) }];
  return autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) });
}

/** Counts the answers by their X-Page-Cache header: HIT and SHARED ones cost no render. */
function answersByCacheState() {
  const counts = { HIT: 0, SHARED: 0 };
  return {
    counts,
    count(headers) {
      const name = Object.keys(headers).find((header) => header.toLowerCase() === "x-page-cache");
      const state = name && headers[name];
      if (state in counts) counts[state] += 1;
    },
  };
}

function renderFigures(run, answered) {
  const renders = run.result.requests.total - answered.counts.HIT - answered.counts.SHARED;
  return {
    renders,
    "app CPU µs/render":
      renders > 0 && run.cpuPerRequest !== null
        ? Math.round((run.cpuPerRequest * run.result.requests.total) / renders)
        : null,
  };
}

/** Runs a load and reports the server process's CPU time per request answered (from /proc). */
async function measured(pid, run) {
  const before = await cpuTicks(pid);
  const result = await run();
  const after = await cpuTicks(pid);
  const ticksPerSecond = 100;
  const cpuPerRequest =
    before === undefined || after === undefined || result.requests.total === 0
      ? null
      : Math.round(((after - before) / ticksPerSecond / result.requests.total) * 1e6);
  return { result, cpuPerRequest };
}

async function cpuTicks(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function postJson(url, value) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify(value) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}

/**
 * The limit to compare with: a plain node:http server answering each path with bytes it holds
 * (POST /load sets them), with no routing, rendering or compression.
 */
async function bareServer(port) {
  const pages = new Map();
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/load") {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        const page = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const body = Buffer.from(page.body, "base64");
        const headers = { "Content-Type": page.contentType, "Content-Length": body.length };
        if (page.encoding) headers["Content-Encoding"] = page.encoding;
        pages.set(page.path, { headers, body });
        // The app's own block, but for what Node writes itself on every answer.
        const appHeaders = Object.entries(page.headers)
          .filter(([name]) => !NODE_SETS.has(name))
          .flatMap(([name, value]) => [name, value]);
        pages.set(WITH_HEADERS + page.path, {
          headers: [...appHeaders, "Content-Length", body.length],
          body,
        });
        res.end();
      });
      return;
    }
    if (req.url === "/healthz") return void res.end("ok");
    const page = pages.get(req.url);
    if (!page) {
      res.statusCode = 404;
      return void res.end();
    }
    res.writeHead(200, page.headers);
    res.end(page.body);
  });
  server.listen(port, "127.0.0.1");
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
