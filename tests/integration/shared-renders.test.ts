import http from "node:http";
import net from "node:net";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { onContentChanged } from "~/server/content-changes.server";
import { db } from "~/server/db/client.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { htmlCaching } from "~/server/cache/html-cache.server";
import { clearPageCache } from "~/server/cache/page-cache.server";
import { securityHeaders } from "../../server/security";
import { startCachingServer } from "../support/caching-server";

/**
 * Identical anonymous requests arriving while their page renders share that render
 * (docs/decisions/007-shared-renders.md). The middleware sits in front of a stand-in for React
 * Router's handler that counts its renders and holds each one until the test opens the gate, so
 * that the other requests surely arrive during it; requests go through serveCachedPage first, as
 * in server.js, which decides synchronously whether a request waits for a render in progress, and
 * `arrived` counts them there.
 */
let server: Awaited<ReturnType<typeof startCachingServer>>;
let base = "";
let renders = 0;
let arrived = 0;
let openGate: () => void = () => {};
let gate: Promise<void> = Promise.resolve();
let duringRender: () => void = () => {};

beforeAll(async () => {
  await startChangeNotifications();
  const app = express();
  app.use(securityHeaders());
  app.use(htmlCaching({ serverCache: true }));
  app.use(async (req, res) => {
    const nonce = res.locals.cspNonce as string;
    if (req.path === "/in-memory") {
      // A page whose data is all in memory: 20 ms of rendering without waiting for anything.
      // Requests a test writes meanwhile (`duringRender`) wait unread in the socket buffers.
      renders += 1;
      duringRender();
      const until = Date.now() + 20;
      while (Date.now() < until);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      return void res.end(
        `<!DOCTYPE html><html><body><script nonce="${nonce}">window.ok = 1</script></body></html>`,
      );
    }
    const [row] = (
      await db().execute<{ phone: string }>(sql`select company_phone as phone from site_settings`)
    ).rows;
    // Counted once it has read the content.
    renders += 1;
    await gate;
    if (req.path === "/sets-cookie") res.append("Set-Cookie", "toast=1; Path=/");
    res.status(req.path === "/broken" ? 500 : 200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(`<!DOCTYPE html><html><body><p>${row!.phone}</p>`);
    res.end(`<script nonce="${nonce}">window.ok = 1</script></body></html>`);
  });
  server = await startCachingServer(app, () => (arrived += 1));
  base = server.base;
});

afterAll(async () => {
  await stopChangeNotifications();
  await server.close();
});

beforeEach(async () => {
  await setCache(false);
  clearPageCache();
  renders = 0;
  arrived = 0;
  gate = new Promise((resolve) => (openGate = resolve));
  duringRender = () => {};
});

async function setCache(enabled: boolean) {
  const changed = nextContentChange();
  await db().execute(sql`update site_settings set enable_cache = ${enabled}`);
  await changed;
}

/** Resolves when this process hears of the next content change (the database's notification). */
function nextContentChange() {
  return new Promise<void>((resolve) => onContentChanged(() => resolve()));
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function raw(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: options.method ?? "GET",
      headers: options.headers,
      agent: false,
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

function html(answer: Answer) {
  return (
    answer.headers["content-encoding"] === "br" ? brotliDecompressSync(answer.body) : answer.body
  ).toString("utf8");
}

/** Open connections, the server having accepted them, to write requests on at a chosen moment. */
async function connections(count: number) {
  const sockets = await Promise.all(
    Array.from({ length: count }, () => {
      const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
      return new Promise<net.Socket>((resolve) => socket.once("connect", () => resolve(socket)));
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return sockets;
}

function rawRequest(path: string) {
  return `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;
}

/** The whole answer written on a socket, once the server has closed it. */
function answerOf(socket: net.Socket) {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<string>((resolve) =>
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1"))),
  );
}

/**
 * Sends a request, and once its render has begun `count - 1` identical ones; when all of them
 * have arrived, opens the gate.
 */
async function concurrently(count: number, path: string, options: Parameters<typeof raw>[1] = {}) {
  const answers = [raw(path, options)];
  await until(() => renders === 1);
  answers.push(...Array.from({ length: count - 1 }, () => raw(path, options)));
  await until(() => arrived === count);
  openGate();
  return Promise.all(answers);
}

describe("shared renders", () => {
  it("renders once for identical anonymous requests arriving during the render, cache off", async () => {
    const brotli = { headers: { "Accept-Encoding": "br" } };
    const answers = [raw("/about", brotli)];
    await until(() => renders === 1);
    answers.push(raw("/about"), raw("/about", { ...brotli, method: "HEAD" }));
    answers.push(...Array.from({ length: 5 }, () => raw("/about", brotli)));
    await until(() => arrived === 8);
    openGate();
    const done = await Promise.all(answers);
    expect(renders).toBe(1);

    expect(done.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const shared = done.filter((answer) => answer.headers["x-page-cache"] === "SHARED");
    expect(shared).toHaveLength(7);
    const [first] = done;
    for (const answer of done) {
      expect(answer.headers["content-security-policy"]).toBe(first!.headers["content-security-policy"]);
      expect(answer.headers["etag"]).toBe(first!.headers["etag"]);
    }
    expect(first!.headers["content-security-policy"]).toContain("'sha256-");
    expect(first!.headers["content-security-policy"]).not.toContain("nonce-");
    // Each in the coding it asked for, the same page.
    expect(done[1]!.headers["content-encoding"]).toBeUndefined();
    expect(done[0]!.headers["content-encoding"]).toBe("br");
    expect(html(done[0]!)).toBe(html(done[1]!));
    expect(html(done[1]!)).not.toContain("nonce");
    expect(done[2]!.body.length).toBe(0);
    expect(done[2]!.headers["content-length"]).toBe(done[0]!.headers["content-length"]);

    // The render is over: the next request renders again (nothing is stored with the cache off).
    gate = Promise.resolve();
    const later = await raw("/about");
    expect(later.headers["x-page-cache"]).toBeUndefined();
    expect(renders).toBe(2);
  });

  it("shares a render that waits for nothing with the identical requests already received", async () => {
    // Once, so that the settings it reads are in memory as in a running site.
    await raw("/in-memory");
    renders = 0;
    // Six connections, then their six requests written at once: all in the server's socket
    // buffers before it reads any of them.
    const sockets = await connections(6);
    const answers = sockets.map(answerOf);
    for (const socket of sockets) socket.write(rawRequest("/in-memory"));
    const done = await Promise.all(answers);
    expect(done.every((answer) => answer.startsWith("HTTP/1.1 200"))).toBe(true);
    expect(done.filter((answer) => /\r\nx-page-cache: SHARED\r\n/i.test(answer))).toHaveLength(5);
    expect(renders).toBe(1);
  });

  it("shares a finished render with the identical requests that arrived while it held the thread", async () => {
    const sockets = await connections(5);
    const answers = sockets.map(answerOf);
    const [first, ...others] = sockets;
    duringRender = () => {
      duringRender = () => {};
      for (const socket of others) socket.write(rawRequest("/in-memory"));
    };
    first!.write(rawRequest("/in-memory"));
    const done = await Promise.all(answers);
    expect(done.every((answer) => answer.startsWith("HTTP/1.1 200"))).toBe(true);
    expect(done.filter((answer) => /\r\nx-page-cache: SHARED\r\n/i.test(answer))).toHaveLength(4);
    expect(renders).toBe(1);

    // A request arriving once they have been read renders again.
    await raw("/in-memory");
    expect(renders).toBe(2);
  });

  it("shares the render of a page cache miss, then serves the stored page", async () => {
    await setCache(true);
    const done = await concurrently(6, "/blog?page=2");
    expect(renders).toBe(1);
    expect(done.map((answer) => answer.headers["x-page-cache"]).sort()).toEqual([
      "MISS",
      "SHARED",
      "SHARED",
      "SHARED",
      "SHARED",
      "SHARED",
    ]);
    expect((await raw("/blog?page=2")).headers["x-page-cache"]).toBe("HIT");
    expect(renders).toBe(1);
  });

  it("never gives a request a render that started before the latest content change", async () => {
    const before = raw("/contact");
    await until(() => renders === 1);
    const changed = nextContentChange();
    await db().execute(sql`update site_settings set company_phone = '05 11 22 33 44'`);
    await changed;

    const after = [raw("/contact")];
    await until(() => renders === 2);
    after.push(raw("/contact"));
    await until(() => arrived === 3);
    openGate();
    const [old, fresh, joined] = await Promise.all([before, ...after]);
    // The first render and one after the change; the third request shared the second's.
    expect(renders).toBe(2);
    expect(html(old)).not.toContain("05 11 22 33 44");
    expect(html(fresh!)).toContain("05 11 22 33 44");
    expect(html(joined!)).toContain("05 11 22 33 44");
    expect([fresh!, joined!].filter((answer) => answer.headers["x-page-cache"] === "SHARED")).toHaveLength(1);
  });

  it("never shares with or from a visitor who has a session or a toast", async () => {
    const done = await concurrently(4, "/projects", { headers: { Cookie: "session=abc" } });
    expect(renders).toBe(4);
    expect(done.every((answer) => answer.headers["x-page-cache"] === undefined)).toBe(true);

    renders = 0;
    arrived = 0;
    gate = new Promise((resolve) => (openGate = resolve));
    const anonymous = raw("/projects");
    await until(() => renders === 1);
    const personal = [
      raw("/projects", { headers: { Cookie: "session=abc" } }),
      raw("/projects", { headers: { Cookie: "toast=xyz; consent=all" } }),
    ];
    await until(() => arrived === 3);
    openGate();
    await Promise.all([anonymous, ...personal]);
    expect(renders).toBe(3);
  });

  it("never shares an error, or a page that sets a cookie, as the page", async () => {
    for (const path of ["/broken", "/sets-cookie"]) {
      renders = 0;
      arrived = 0;
      gate = new Promise((resolve) => (openGate = resolve));
      const done = await concurrently(4, path);
      expect(renders, path).toBe(4);
      expect(done.some((answer) => answer.headers["x-page-cache"] === "SHARED")).toBe(false);
    }
  });
});
