import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { htmlCaching } from "~/server/cache/html-cache.server";
import { clearPageCache } from "~/server/cache/page-cache.server";
import { securityHeaders } from "../../server/security";

/**
 * The middleware in front of a stand-in for React Router's handler, which renders pages the way
 * entry.server.tsx does (the request's nonce on inline scripts) and counts its renders.
 */
let server: Server;
let base = "";
let renders = 0;
let phone = "";

beforeAll(async () => {
  await startChangeNotifications();
  const app = express();
  app.use(securityHeaders());
  app.use(htmlCaching({ serverCache: true }));
  app.use(async (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    const [row] = (
      await db().execute<{ phone: string }>(sql`select company_phone as phone from site_settings`)
    ).rows;
    phone = row!.phone;
    if (req.path === "/sets-cookie") res.append("Set-Cookie", "toast=1; Path=/");
    res.status(req.path === "/missing" ? 404 : req.path === "/broken" ? 500 : 200);
    res.setHeader("Content-Type", req.path.endsWith(".data") ? "text/x-script" : "text/html; charset=utf-8");
    // Written in pieces, as React Router streams it.
    res.write(`<!DOCTYPE html><html><body><p>${phone}</p>`);
    res.write(`<script nonce="${nonce}">window.ok = 1</script>`);
    res.end(`<script nonce="${nonce}">window.ctx = "${nonce}"</script></body></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stopChangeNotifications();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  clearPageCache();
  renders = 0;
  await db().execute(sql`update site_settings set enable_cache = true`);
  await new Promise((resolve) => setTimeout(resolve, 100));
});

const headerNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
const bodyNonces = (body: string) => [...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))];

describe("HTML caching", () => {
  it("serves the second visitor from the cache, with a nonce matching its own CSP", async () => {
    const first = await fetch(`${base}/blog?category=x`);
    const firstBody = await first.text();
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(bodyNonces(firstBody)).toEqual([headerNonce(first)]);

    const second = await fetch(`${base}/blog?category=x`);
    const secondBody = await second.text();
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    expect(renders).toBe(1);
    expect(headerNonce(second)).not.toBe(headerNonce(first));
    expect(bodyNonces(secondBody)).toEqual([headerNonce(second)]);
    expect(secondBody).toContain(`window.ctx = "${headerNonce(second)}"`);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));

    // Another query is another page.
    await fetch(`${base}/blog?category=y`);
    expect(renders).toBe(2);
  });

  it("answers 304 without a CSP header to a visitor whose copy is current", async () => {
    const first = await fetch(`${base}/about`);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    for (let i = 0; i < 2; i += 1) {
      const again = await fetch(`${base}/about`, { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("Content-Security-Policy")).toBeNull();
      expect(await again.text()).toBe("");
    }
    const stale = await fetch(`${base}/about`, { headers: { "If-None-Match": 'W/"other"' } });
    expect(stale.status).toBe(200);
  });

  it("drops every page when the database announces a change, even one made outside the app", async () => {
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    expect(renders).toBe(1);
    await db().execute(sql`update site_settings set company_phone = '05 99 99 99 99'`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await fetch(`${base}/`);
    expect(after.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await after.text()).toContain("05 99 99 99 99");
  });

  it("keeps 404s, never 500s, and nothing that sets a cookie", async () => {
    await fetch(`${base}/missing`);
    expect((await fetch(`${base}/missing`)).headers.get("X-Page-Cache")).toBe("HIT");
    const broken = await fetch(`${base}/broken`);
    expect(broken.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await fetch(`${base}/broken`)).headers.get("X-Page-Cache")).toBe("MISS");
    const cookie = await fetch(`${base}/sets-cookie`);
    expect(cookie.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cookie.headers.get("ETag")).toBeNull();
    expect((await fetch(`${base}/sets-cookie`)).headers.get("X-Page-Cache")).toBe("MISS");
  });

  it("bypasses the cache for signed-in visitors, toasts, the back office and form posts", async () => {
    await fetch(`${base}/`);
    for (const cookie of ["better-auth.session_token=abc", "toast=xyz"]) {
      const response = await fetch(`${base}/`, { headers: { Cookie: cookie } });
      expect(response.headers.get("X-Page-Cache")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // Analytics cookies change nothing in the page.
    const withGa = await fetch(`${base}/`, { headers: { Cookie: "_ga=GA1.1.1; _ga_ABC=1" } });
    expect(withGa.headers.get("X-Page-Cache")).toBe("HIT");
    for (const path of ["/admin", "/admin/settings", "/admin.data"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Page-Cache")).toBeNull();
    }
    const post = await fetch(`${base}/contact`, { method: "POST", body: "a=1" });
    expect(post.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keys pages by the consent choice (the banner differs)", async () => {
    await fetch(`${base}/`);
    const decided = await fetch(`${base}/`, { headers: { Cookie: "consent=none" } });
    expect(decided.headers.get("X-Page-Cache")).toBe("MISS");
    expect(
      (await fetch(`${base}/`, { headers: { Cookie: "consent=none" } })).headers.get("X-Page-Cache"),
    ).toBe("HIT");
  });

  it("caches client-navigation data too", async () => {
    await fetch(`${base}/blog.data?_routes=root`);
    const again = await fetch(`${base}/blog.data?_routes=root`);
    expect(again.headers.get("X-Page-Cache")).toBe("HIT");
    expect(again.headers.get("Content-Type")).toBe("text/x-script");
  });

  it("drops every page when a scheduled article's date passes, with no write at all", async () => {
    await db().execute(
      sql`insert into blog_articles (title, slug, status, scheduled_at)
          values ('Bientôt', 'bientot', 'scheduled', now() + interval '1 second')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await fetch(`${base}/blog`);
    expect((await fetch(`${base}/blog`)).headers.get("X-Page-Cache")).toBe("HIT");
    // Publication time plus the timer's one-second margin.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await fetch(`${base}/blog`)).headers.get("X-Page-Cache")).toBe("MISS");
  });

  it("stores nothing while enable_cache is off, but still sends ETags", async () => {
    await db().execute(sql`update site_settings set enable_cache = false`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await fetch(`${base}/`);
    const again = await fetch(`${base}/`);
    expect(again.headers.get("X-Page-Cache")).toBeNull();
    expect(renders).toBe(2);
    expect(again.headers.get("ETag")).toBeTruthy();
    const current = await fetch(`${base}/`, { headers: { "If-None-Match": again.headers.get("ETag")! } });
    expect(current.status).toBe(304);
  });
});
