import http from "node:http";
import { config } from "~/server/config.server";
import { logger as rootLogger } from "~/server/logger.server";

const logger = rootLogger.child({ module: "warm-up" });

/** Pages asked for at most, and the time the warm-up may take before the instance is ready anyway. */
const MAX_PAGES = 100;
const DEADLINE_MS = 15_000;

/**
 * Before an instance says it is ready (/readyz), it asks itself for the sitemap's pages as the
 * proxy would (the public host, compressed): its page cache holds them, its code paths are
 * compiled, its database pool is open. Without it the first seconds of traffic after a restart
 * each paid a cold render (the load bench's slow bursts after each restart). Never throws.
 */
export async function warmUp(port: number) {
  const started = Date.now();
  const deadline = started + DEADLINE_MS;
  const host = new URL(config.publicUrl).host;
  const get = (pathname: string) =>
    new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: "127.0.0.1",
          port,
          path: pathname,
          headers: { Host: host, "Accept-Encoding": pathname === "/sitemap.xml" ? "identity" : "br, gzip" },
          timeout: Math.max(1, deadline - Date.now()),
        },
        (res) => {
          let body = "";
          if (pathname === "/sitemap.xml") res.setEncoding("utf8").on("data", (chunk) => (body += chunk));
          else res.resume();
          res.on("end", () => resolve(body)).on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("warm-up deadline")));
      req.on("error", reject);
    });
  let pages: string[] = ["/"];
  try {
    const sitemap = await get("/sitemap.xml");
    pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((match) => new URL(match[1]!).pathname)
      .slice(0, MAX_PAGES);
    // Two at a time: the machine also serves the other instances.
    let next = 0;
    const worker = async () => {
      while (next < pages.length && Date.now() < deadline) await get(pages[next++]!);
    };
    await Promise.all([worker(), worker()]);
    logger.info({ pages: next, ms: Date.now() - started }, "warmed up");
  } catch (error) {
    logger.warn({ err: error, ms: Date.now() - started }, "warm-up cut short");
  }
}
