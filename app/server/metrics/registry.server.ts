import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { pageCacheUse } from "~/server/cache/page-cache.server";
import { db, getPool } from "~/server/db/client.server";
import { evaluateHealth } from "~/server/health/checks.server";
import { logger } from "~/server/logger.server";

/**
 * The instance's Prometheus metrics (GET /metrics, endpoint.server.ts). Counters and histograms
 * are this process's own; the outbox and job gauges are read from PostgreSQL at each scrape, so
 * they are the same on every instance (sum the former across instances, not the latter).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "betic_" });

/**
 * Page-cache hits, answered first thing (server.js) without observeRequest's listener and clock:
 * counted here in plain numbers, by kind and status, and added to the counters at each scrape.
 */
const hits: Record<"page" | "data", Map<number, number>> = { page: new Map(), data: new Map() };

/** Adds what was counted in `hits` since the counter's last scrape (`reported`: what it had). */
function addHits(
  reported: Record<"page" | "data", Map<number, number>>,
  add: (kind: "page" | "data", status: number, count: number) => void,
) {
  for (const kind of ["page", "data"] as const) {
    for (const [status, count] of hits[kind]) {
      const since = count - (reported[kind].get(status) ?? 0);
      if (since > 0) add(kind, status, since);
      reported[kind].set(status, count);
    }
  }
}

const requestsHitsReported = { page: new Map<number, number>(), data: new Map<number, number>() };
const requests = new Counter({
  name: "betic_http_requests_total",
  help: "HTTP requests answered, by route kind and status code.",
  labelNames: ["kind", "status"] as const,
  registers: [registry],
  collect() {
    addHits(requestsHitsReported, (kind, status, count) => this.inc({ kind, status: String(status) }, count));
  },
});

const duration = new Histogram({
  name: "betic_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route kind; page-cache hits (one write from memory) are counted in betic_http_requests_total, not timed.",
  labelNames: ["kind"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const pageCacheHitsReported = { page: new Map<number, number>(), data: new Map<number, number>() };
const pageCache = new Counter({
  name: "betic_page_cache_requests_total",
  help: "Public page requests by how the page cache answered: hit, miss (rendered), shared (another request's render).",
  labelNames: ["result"] as const,
  registers: [registry],
  collect() {
    addHits(pageCacheHitsReported, (_kind, _status, count) => this.inc({ result: "hit" }, count));
  },
});

new Gauge({
  name: "betic_page_cache_bytes",
  help: "Bytes of rendered pages held by the page cache (all codings).",
  registers: [registry],
  collect() {
    this.set(pageCacheUse().bytes);
  },
});

new Gauge({
  name: "betic_page_cache_pages",
  help: "Pages held by the page cache.",
  registers: [registry],
  collect() {
    this.set(pageCacheUse().pages);
  },
});

export const throttleRefusals = new Counter({
  name: "betic_throttle_refusals_total",
  help: "Actions refused by a rate limit or the password throttle, by limiter.",
  labelNames: ["limiter"] as const,
  registers: [registry],
});

new Gauge({
  name: "betic_db_pool_connections",
  help: "This instance's PostgreSQL pool: connections open (total), idle, and requests waiting for one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = getPool();
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  },
});

new Gauge({
  name: "betic_mail_outbox_messages",
  help: "Outbox messages by status (pending and sending are waiting; failed were given up).",
  labelNames: ["status"] as const,
  registers: [registry],
  async collect() {
    const { rows } = await db().execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from email_outbox group by status`,
    );
    this.reset();
    for (const status of ["pending", "sending", "sent", "failed"]) this.set({ status }, 0);
    for (const row of rows) this.set({ status: row.status }, row.n);
  },
});

new Gauge({
  name: "betic_mail_outbox_oldest_waiting_seconds",
  help: "Age of the oldest outbox message not yet sent nor given up (0 when none waits).",
  registers: [registry],
  async collect() {
    const { rows } = await db().execute<{ age: number | null }>(
      sql`select extract(epoch from now() - min(created_at))::float8 as age
          from email_outbox where status in ('pending', 'sending')`,
    );
    this.set(rows[0]?.age ?? 0);
  },
});

new Gauge({
  name: "betic_job_last_success_timestamp_seconds",
  help: "When each daily job last completed (pg-boss, any instance), Unix time.",
  labelNames: ["job"] as const,
  registers: [registry],
  async collect() {
    // pg-boss keeps a completed job in pgboss.job, then moves it to pgboss.archive.
    const { rows } = await db().execute<{ name: string; at: number }>(
      sql`select name, extract(epoch from max(completed_on))::float8 as at from (
            select name, completed_on from pgboss.job where state = 'completed'
            union all
            select name, completed_on from pgboss.archive where state = 'completed'
          ) done where name not like '\_\_%' group by name`,
    );
    this.reset();
    for (const row of rows) this.set({ job: row.name }, row.at);
  },
});

new Gauge({
  name: "betic_health_check_status",
  help: "Each check of 'État du site' (the back office), evaluated at the scrape: 0 ok, 1 warning, 2 error.",
  labelNames: ["check"] as const,
  registers: [registry],
  async collect() {
    const checks = await evaluateHealth();
    this.reset();
    for (const check of checks)
      this.set({ check: check.id }, ["ok", "warning", "error"].indexOf(check.status));
  },
});

/** What a request is, for its labels: a few fixed kinds, never the path itself (unbounded). */
export function routeKind(req: IncomingMessage): string {
  const path = (req.url ?? "/").split("?", 1)[0]!;
  if (path.startsWith("/assets/")) return "asset";
  if (path.startsWith("/media/")) return "media";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "probe";
  if (path.startsWith("/admin")) return "admin";
  if (path.startsWith("/api/")) return "api";
  if (path.endsWith(".data")) return "data";
  return req.method === "GET" || req.method === "HEAD" ? "page" : "form";
}

/** Counts a page-cache hit answered with `status` (a 200, 304 or 404 of a page or its `.data`). */
export function countPageCacheHit(req: IncomingMessage, status: number) {
  const url = req.url!;
  const query = url.indexOf("?");
  const counts = hits[url.endsWith(".data", query === -1 ? url.length : query) ? "data" : "page"];
  counts.set(status, (counts.get(status) ?? 0) + 1);
}

/** Counts a request and its duration once its answer has ended (or its connection closed). */
export function observeRequest(req: IncomingMessage, res: ServerResponse) {
  const start = process.hrtime.bigint();
  res.once("close", () => {
    const kind = routeKind(req);
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    requests.inc({ kind, status });
    duration.observe({ kind }, Number(process.hrtime.bigint() - start) / 1e9);
    const cache = res.getHeader("x-page-cache");
    if (typeof cache === "string") pageCache.inc({ result: cache.toLowerCase() });
  });
}

/** The text Prometheus scrapes. */
export async function metricsText() {
  try {
    return await registry.metrics();
  } catch (error) {
    logger.error({ err: error }, "could not collect metrics");
    throw error;
  }
}
