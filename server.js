// Process entry: serves the built app (or Vite in development), listens, and shuts down
// gracefully. The application itself (database, headers, routes) is server/app.ts.
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dev = process.argv.includes("--dev");
if (!dev) process.env.NODE_ENV ??= "production";

const app = express();
app.disable("x-powered-by");
app.use(compression());

let loadApp;
// BUILD_DIR is read here, not in app/server/config.server.ts, because it says where that module's build is.
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
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
if (!dev) {
  // Static files get the app's security headers too (set first, so the app's pages replace the policy).
  app.use(running.staticHeaders);
  // Hashed file names never change content: cache them for a year.
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
}
app.use(running.handler);

const server = app.listen(running.listen.port, running.listen.host, () => running.announce());

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  running.logger.info({ signal }, "shutting down: finishing in-flight requests");
  // Stop accepting, let in-flight requests finish, then release the database.
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  await closed;
  clearTimeout(force);
  await running.stop();
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
