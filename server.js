// Process entry: serves the built app (or Vite in development), listens, and shuts down
// gracefully. The application itself (database, headers, routes) is server/app.ts.
import compression from "compression";
import express from "express";
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV ??= "production";

const app = express();
app.disable("x-powered-by");

let loadApp;
// BUILD_DIR is read here, not in app/server/config.server.ts, because it says where that module's build is.
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
let viteDevServer;
if (dev) {
  const vite = await import("vite");
  viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  loadApp = () => viteDevServer.ssrLoadModule("./server/app.ts");
} else {
  loadApp = () => import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
}

let running;
try {
  running = await (await loadApp()).start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// Behind a reverse proxy, TRUST_PROXY (e.g. 1 or "loopback") makes req.ip the client's address.
if (running.listen.trustProxy !== undefined) app.set("trust proxy", running.listen.trustProxy);
// Before anything else: a flood of sign-in tries the throttle refuses costs each a read and a reply.
app.post("/admin/login", running.signInFloodGuard);
app.use(compression());
if (viteDevServer) app.use(viteDevServer.middlewares);
if (!dev) {
  // Static files get the app's security headers too (set first, so the app's pages replace the policy).
  app.use(running.staticHeaders);
  // Hashed file names never change content: cache them for a year.
  const assets = path.join(buildDir, "client/assets");
  app.use("/assets", precompressed(assets), express.static(assets, { immutable: true, maxAge: "1y" }));
  // The build's other files are few and known: a page request skips express.static, which would
  // look on disk for every path (an fs.stat through the thread pool, per request).
  const client = path.join(buildDir, "client");
  const clientFiles = new Set(
    readdirSync(client, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const clientStatic = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) => (clientFiles.has(req.path) ? clientStatic(req, res, next) : next()));
}
app.use(running.handler);

// A page the page cache holds, or one being rendered for an identical request, is sent before
// Express sees the request: that is most public traffic. A hit is sent first of all, as a bare
// server would send bytes it holds: nothing else runs for it (it is counted, not timed).
const server = http.createServer((req, res) => {
  // Shutting down: answer what arrives on an open connection, then close it (the client, or the
  // proxy, opens its next one elsewhere) rather than closing under a request it may be sending.
  if (stopping) res.setHeader("Connection", "close");
  if (running.sendCachedPage(req, res)) return;
  running.observeRequest(req, res);
  const render = () => app(req, res);
  if (!running.serveCachedPage(req, res, render)) render();
});
// A proxy keeps idle connections to the app for reuse (deploy/: 60 s): the app must not close one
// first, or a request the proxy sends on it as it closes fails (Node's default is 5 s; the load
// bench saw a beacon answered 503 by Caddy, its instances both set aside). The headers' deadline
// stays above it, as Node requires.
server.keepAliveTimeout = 75_000;
server.headersTimeout = 76_000;
server.listen(running.listen.port, running.listen.host, () => running.announce());

// Bounds of a shutdown (systemd's TimeoutStopSec in deploy/ is above the last): keep-alive
// connections left idle that long are closed; requests still running after the second are cut;
// the workers (a mail send, a daily job) get the rest. The idle grace outlasts the proxy's health
// check (deploy/Caddyfile: every second, 2 s at most) so that the proxy has set this instance
// aside before an idle connection closes under a request it sends: a GET would be retried
// elsewhere, a quote request's POST is not (tests/deploy/rolling-upgrade.test.ts saw one fail).
const IDLE_GRACE_MS = 3_500;
const REQUESTS_GRACE_MS = 10_000;
const EXIT_DEADLINE_MS = 25_000;

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  running.logger.info({ signal }, "shutting down: finishing in-flight requests");
  setTimeout(() => {
    running.logger.error("shutdown took too long: exiting");
    process.exit(1);
  }, EXIT_DEADLINE_MS).unref();
  // /readyz answers 503 from now on. Stop accepting connections, with net.Server's close: http's
  // would also drop every idle keep-alive connection at once, racing the clients (a proxy) that are
  // sending their next request on one, which then fails (ECONNRESET: tests/deploy saw it under
  // load). Requests arriving on open connections are answered with Connection: close;
  // connections still idle after IDLE_GRACE_MS are closed. Then the workers stop (their leases and
  // locks), and the database.
  running.draining();
  const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  const idle = setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS);
  const force = setTimeout(() => server.closeAllConnections(), REQUESTS_GRACE_MS);
  await closed;
  clearTimeout(idle);
  clearTimeout(force);
  await running.stop();
  running.logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

/**
 * Points a request for a build asset at its brotli or gzip twin (written by vite.config.ts) when
 * the browser takes that coding; express.static then sends those bytes as they are (compression()
 * leaves an answer that already has a Content-Encoding alone).
 */
function precompressed(dir) {
  const files = new Set(readdirSync(dir));
  const suffixes = { br: ".br", gzip: ".gz" };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const coding = req.acceptsEncodings("br", "gzip");
    if (!coding || !files.has(name + suffixes[coding])) return next();
    res.setHeader("Content-Encoding", coding);
    res.setHeader("Vary", "Accept-Encoding");
    res.type(path.extname(name));
    req.url = `/${name}${suffixes[coding]}`;
    next();
  };
}
