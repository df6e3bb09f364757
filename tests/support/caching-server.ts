import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import { sendCachedPage, serveCachedPage } from "~/server/cache/html-cache.server";

/**
 * `app` behind a plain HTTP server as server.js runs it: page-cache hits and requests waiting for a
 * render in progress are answered before Express. `onRequest` sees every request as it arrives.
 */
export async function startCachingServer(app: Express, onRequest?: () => void) {
  const server = http.createServer((req, res) => {
    onRequest?.();
    if (sendCachedPage(req, res)) return;
    const render = () => app(req, res);
    if (!serveCachedPage(req, res, render)) render();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
