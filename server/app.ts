import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import "react-router";
import { openDatabase, closeDatabase } from "~/server/db/database.server";
import { applyMigrations, withStartupLock } from "~/server/db/migrate.server";
import { loadDemoContentOnFirstStart } from "~/server/db/seed/demo.server";
import { ensureFirstAdmin } from "~/server/auth/users.server";
import { ensureBackupKey } from "~/server/backup/keys.server";
import { checkEnvironment, config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { encryptStoredSecrets } from "~/server/settings.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { startScheduler } from "~/server/jobs/scheduler.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { htmlCaching, sendCachedPage, serveCachedPage } from "~/server/cache/html-cache.server";
import { stopPageCache } from "~/server/cache/page-cache.server";
import { startHeartbeat } from "~/server/health/heartbeat.server";
import { lifecycle } from "~/server/health/lifecycle.server";
import { warmUp } from "~/server/health/warm-up.server";
import { endStaffEventStreams } from "~/server/staff-events.server";
import { metricsEndpoint } from "~/server/metrics/endpoint.server";
import { countPageCacheHit, observeRequest } from "~/server/metrics/registry.server";
import {
  canonicalAdminPaths,
  limitRequestBodies,
  sameOriginWrites,
} from "~/server/security/http-guards.server";
import { reactRouterHandler } from "./request-handler";
import { corsHeaders } from "./cors";
import { securityHeaders, staticFileHeaders } from "./security";
import { earlySignInRefusals } from "./sign-in-flood";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (Express's req.ip; honours TRUST_PROXY behind a reverse proxy). */
    clientIp: string;
  }
}

/** Opens the database, prepares it, and returns the request handler with its shutdown. */
export async function start() {
  checkEnvironment();
  // Made on the first start, before any backup can need it; the log says where, never what.
  await ensureBackupKey();
  await openDatabase();
  // Instances starting together prepare the database one at a time (pg-boss creates its schema
  // and queues as it starts: two at once collided on CREATE SCHEMA).
  const scheduler = await withStartupLock(async () => {
    await applyMigrations();
    await encryptStoredSecrets();
    await loadDemoContentOnFirstStart();
    await ensureFirstAdmin();
    return startScheduler();
  });
  await startChangeNotifications();
  const mailWorker = startMailWorker();
  const heartbeat = await startHeartbeat();

  const development = process.argv.includes("--dev");
  const serverCache = !development;
  const handler = express.Router();
  handler.get("/metrics", metricsEndpoint());
  handler.use(securityHeaders());
  handler.use(canonicalAdminPaths());
  handler.use(corsHeaders());
  handler.use(sameOriginWrites());
  handler.use(limitRequestBodies());
  handler.use(htmlCaching({ serverCache }));
  handler.use(
    reactRouterHandler({
      // Given as a function, the build is derived again (route tables, handlers) on every request:
      // only the development server, whose build changes under it, needs that.
      build: development
        ? () => import("virtual:react-router/server-build")
        : await import("virtual:react-router/server-build"),
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );

  return {
    handler,
    /**
     * Answers a page-cache hit (but for a request with an Origin) and counts it for /metrics, first
     * thing for a request (process entry: server.js); false for anything else.
     */
    sendCachedPage: serverCache ? sendCachedHit : () => false,
    /**
     * Answers the page-cache hits left, and requests for a page being rendered, before Express
     * (server.js); false for anything else.
     */
    serveCachedPage: serverCache ? serveCachedPage : () => false,
    /** The refusal of sign-in tries the throttle already refuses, for server.js to mount first. */
    signInFloodGuard: [limitRequestBodies(), earlySignInRefusals()],
    /** For the files server.js serves before the app. */
    staticHeaders: staticFileHeaders(),
    /** Counts and times a request for /metrics (call first, but after `sendCachedPage`). */
    observeRequest,
    listen: { port: config.port, host: config.host, trustProxy: config.trustProxy },
    logger,
    /** Listening: warms its caches up, then says it is ready (/readyz 200). */
    async announce() {
      if (!development) await warmUp(config.port);
      lifecycle.ready();
      logger.info(`Site ready on ${config.publicUrl}`);
    },
    /** From now on /readyz answers 503, so that proxies stop sending new requests here. */
    draining() {
      lifecycle.stopping();
      // The back office's event streams never end by themselves: they would hold the close.
      endStaffEventStreams();
    },
    async stop() {
      await stopChangeNotifications();
      stopPageCache();
      await mailWorker.stop();
      await scheduler.stop();
      await heartbeat.stop();
      await closeDatabase();
    },
  };
}

function sendCachedHit(req: IncomingMessage, res: ServerResponse) {
  const status = sendCachedPage(req, res);
  if (status !== 0) countPageCacheHit(req, status);
  return status !== 0;
}
