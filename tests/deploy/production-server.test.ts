import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../support/e2e-app";

// The production build as one process on this file's database: its probes, its metrics, and a
// SIGTERM in the middle of a load.
const port = Number(process.env.E2E_PORT ?? 3300) + 40;
const token = "metrics-token-0123456789";
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-production-"));
let app: Awaited<ReturnType<typeof startApp>>;

beforeAll(async () => {
  app = await startApp({
    port,
    databaseUrl: process.env.DATABASE_URL!,
    dataDir,
    stubPort: port + 1,
    env: { METRICS_TOKEN: token },
  });
});
afterAll(async () => {
  await app?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("probes and metrics", () => {
  it("answers /healthz and /readyz once started", async () => {
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("serves Prometheus text on loopback, or with the bearer token, and to no one a proxy relays", async () => {
    for (const page of ["/", "/contact", "/page-qui-n-existe-pas"]) await fetch(`${app.baseUrl}${page}`);

    const direct = await fetch(`${app.baseUrl}/metrics`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await direct.text();
    expect(text).toMatch(/^betic_http_requests_total\{kind="page",status="200"\} [1-9]/m);
    expect(text).toMatch(/^betic_http_requests_total\{kind="page",status="404"\} 1$/m);
    expect(text).toMatch(/^betic_http_request_duration_seconds_bucket\{le="\+Inf",kind="page"\} [1-9]/m);
    expect(text).toMatch(/^betic_db_pool_connections\{state="total"\} [1-9]/m);
    expect(text).toMatch(/^betic_mail_outbox_messages\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^betic_mail_outbox_messages\{status="failed"\} \d+$/m);
    expect(text).toMatch(/^betic_mail_outbox_oldest_waiting_seconds \d/m);
    expect(text).toMatch(/^betic_page_cache_bytes \d+$/m);
    // Page-cache hits are sent before anything else runs for them, and counted all the same.
    const counted = (metrics: string) => ({
      pages: Number(/^betic_http_requests_total\{kind="page",status="200"\} (\d+)$/m.exec(metrics)?.[1]),
      hits: Number(/^betic_page_cache_requests_total\{result="hit"\} (\d+)$/m.exec(metrics)?.[1] ?? 0),
    });
    const before = counted(text);
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${app.baseUrl}/contact`)).headers.get("X-Page-Cache")).toBe("HIT");
    expect(counted(await (await fetch(`${app.baseUrl}/metrics`)).text())).toEqual({
      pages: before.pages + 3,
      hits: before.hits + 3,
    });
    for (const name of [
      "betic_page_cache_requests_total",
      "betic_throttle_refusals_total",
      "betic_job_last_success_timestamp_seconds",
      "betic_process_cpu_seconds_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }

    const relayed = { "X-Forwarded-For": "203.0.113.9" };
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: relayed })).status).toBe(403);
    const wrong = { ...relayed, Authorization: "Bearer metrics-token-0123456780" };
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: wrong })).status).toBe(403);
    const allowed = { ...relayed, Authorization: `Bearer ${token}` };
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: allowed })).status).toBe(200);
  });
});

describe("graceful shutdown", () => {
  it("finishes every request in flight when SIGTERM comes under load, then exits", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let signalled = false;
    let answeredAfterSignal = 0;
    const pages = ["/", "/contact", "/blog", "/projects", "/about"];

    function get(page: string) {
      return new Promise<void>((resolve, reject) => {
        const req = http.get(`${app.baseUrl}${page}`, { agent }, (res) => {
          res.resume();
          res.on("end", () => {
            statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
            if (signalled) answeredAfterSignal += 1;
            resolve();
          });
          res.on("error", reject);
        });
        req.on("error", reject);
      });
    }

    // 20 visitors, each asking for page after page until the server no longer takes connections.
    const visitors = Array.from({ length: 20 }, async (_, i) => {
      for (let n = i; ; n++) {
        try {
          await get(pages[n % pages.length]!);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          // Refused: the server had stopped accepting; that request never reached it.
          if (code !== "ECONNREFUSED") failures.push(code);
          return;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    signalled = true;
    process.kill(app.pid, "SIGTERM");
    await Promise.all(visitors);
    expect(await app.exited).toBe(0);
    agent.destroy();

    expect(failures).toEqual([]);
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(100);
    // Requests were running when the signal came, and they were answered.
    expect(answeredAfterSignal).toBeGreaterThan(0);
  }, 60_000);
});
