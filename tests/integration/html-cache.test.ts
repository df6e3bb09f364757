import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { logger } from "~/server/logger.server";
import { listPublishedArticles } from "~/server/articles/published.server";
import { htmlCaching } from "~/server/cache/html-cache.server";
import { clearPageCache, onPageServedWithoutRender } from "~/server/cache/page-cache.server";
import { corsHeaders } from "../../server/cors";
import { securityHeaders } from "../../server/security";
import { startCachingServer } from "../support/caching-server";

/**
 * The middleware in front of a stand-in for React Router's handler, which renders pages the way
 * entry.server.tsx does (the request's nonce on inline scripts) and counts its renders; hits are
 * answered before Express, as server.js does. `/injected` also carries an inline script without
 * the nonce, as content that slipped past the sanitizer would.
 */
let server: Awaited<ReturnType<typeof startCachingServer>>;
let base = "";
let renders = 0;
/** The address each render was given (React Router reads originalUrl). */
let rendered: string[] = [];
let phone = "";

const SCRIPTS = ["window.ok = 1", 'window.ctx = "rendered"'];
const INJECTED = "window.injected = 1";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

beforeAll(async () => {
  await startChangeNotifications();
  const app = express();
  app.use(securityHeaders());
  app.use(corsHeaders());
  app.use(htmlCaching({ serverCache: true }));
  app.use(async (req, res) => {
    renders += 1;
    rendered.push(req.originalUrl);
    const nonce = res.locals.cspNonce as string;
    const [row] = (
      await db().execute<{ phone: string }>(sql`select company_phone as phone from site_settings`)
    ).rows;
    phone = row!.phone;
    // A public list read as the blog reads it, empty when the read fails (public-site.md §8).
    const articles = req.path === "/articles" ? await listPublishedArticles() : [];
    if (req.path === "/sets-cookie") res.append("Set-Cookie", "toast=1; Path=/");
    res.status(req.path === "/missing" ? 404 : req.path === "/broken" ? 500 : 200);
    res.setHeader("Content-Type", req.path.endsWith(".data") ? "text/x-script" : "text/html; charset=utf-8");
    // Written in pieces, as React Router streams it.
    res.write(`<!DOCTYPE html><html><head><link rel="modulepreload" href="/x.js" nonce="${nonce}"/></head>`);
    res.write(`<body><p>${phone}</p><script nonce="${nonce}">${SCRIPTS[0]}</script>`);
    if (req.path === "/injected") res.write(`<div><script>${INJECTED}</script></div>`);
    if (req.path === "/articles") res.write(`<p>${articles.length} article(s)</p>`);
    res.end(`<script nonce="${nonce}">${SCRIPTS[1]}</script></body></html>`);
  });
  server = await startCachingServer(app);
  base = server.base;
});

afterAll(async () => {
  await stopChangeNotifications();
  await server.close();
});

beforeEach(async () => {
  clearPageCache();
  renders = 0;
  rendered = [];
  await db().execute(sql`update site_settings set enable_cache = true`);
  await new Promise((resolve) => setTimeout(resolve, 100));
});

/** A request as a browser sends it, body left compressed. */
function raw(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${base}${path}`, {
        method: options.method ?? "GET",
        headers: options.headers,
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
    },
  );
}

describe("HTML caching", () => {
  it("serves the second visitor the same bytes from the cache, with the hashes of its inline scripts", async () => {
    const first = await fetch(`${base}/blog?category=x`);
    const firstBody = await first.text();
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const csp = first.headers.get("Content-Security-Policy")!;
    expect(csp).toContain(`script-src ${SCRIPTS.map(sha256).join(" ")} 'strict-dynamic'`);
    expect(csp).not.toContain("nonce-");
    expect(firstBody).not.toContain("nonce");

    const second = await fetch(`${base}/blog?category=x`);
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    expect(renders).toBe(1);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get("Content-Security-Policy")).toBe(csp);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    // Helmet's headers are kept with the page.
    expect(second.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // Another query is another page.
    await fetch(`${base}/blog?category=y`);
    expect(renders).toBe(2);
  });

  it("keeps each page compressed both ways and sends what the visitor accepts", async () => {
    const plain = await raw("/about");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");
    const br = await raw("/about", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers["x-page-cache"]).toBe("HIT");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["vary"]).toBe("Accept-Encoding, Origin");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    const gz = await raw("/about", { headers: { "Accept-Encoding": "gzip, br;q=0" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(html);
    expect(renders).toBe(1);
  });

  it("gives each request its own CORS header, never the one of the request that filled the cache", async () => {
    await db().execute(
      sql`insert into cors_domains (domain, type) values ('https://a.partenaire.fr', 'cors'), ('https://b.partenaire.fr', 'cors')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await fetch(`${base}/services`, { headers: { Origin: "https://a.partenaire.fr" } });
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.headers.get("Access-Control-Allow-Origin")).toBe("https://a.partenaire.fr");
    const answers = [
      { origin: "https://b.partenaire.fr", allowed: "https://b.partenaire.fr" },
      { origin: "https://autre.fr", allowed: null },
      { origin: undefined, allowed: null },
    ];
    for (const { origin, allowed } of answers) {
      const hit = await fetch(`${base}/services`, { headers: origin ? { Origin: origin } : {} });
      expect(hit.headers.get("X-Page-Cache")).toBe("HIT");
      expect(hit.headers.get("Access-Control-Allow-Origin"), origin).toBe(allowed);
      expect(hit.headers.get("Vary"), origin).toMatch(/\bOrigin\b/);
      const current = await fetch(`${base}/services`, {
        headers: { "If-None-Match": hit.headers.get("ETag")!, ...(origin ? { Origin: origin } : {}) },
      });
      expect(current.status).toBe(304);
      expect(current.headers.get("Access-Control-Allow-Origin"), origin).toBe(allowed);
      expect(current.headers.get("Vary"), origin).toMatch(/\bOrigin\b/);
    }
    expect(first.headers.get("Vary")).toMatch(/\bOrigin\b/);
    expect(renders).toBe(1);
  });

  it("sends a hit the headers of the miss that stored it: those that matter, none a browser ignores", async () => {
    const brotli = { "Accept-Encoding": "gzip, deflate, br" };
    const miss = await raw("/realisations", { headers: brotli });
    const hit = await raw("/realisations", { headers: brotli });
    expect([miss.headers["x-page-cache"], hit.headers["x-page-cache"]]).toEqual(["MISS", "HIT"]);
    const perAnswer = ["date", "x-page-cache", "connection", "keep-alive"];
    const kept = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.includes(name)));
    expect(kept(hit.headers)).toEqual(kept(miss.headers));
    expect(hit.body.equals(miss.body)).toBe(true);

    expect(hit.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      vary: "Accept-Encoding, Origin",
      "content-encoding": "br",
    });
    expect(hit.headers["permissions-policy"]).toContain("camera=()");
    const csp = hit.headers["content-security-policy"]!;
    expect(csp).toContain(`script-src ${SCRIPTS.map(sha256).join(" ")} 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'self'");
    // Read by no browser of today (frame-ancestors replaces X-Frame-Options), and HSTS over http.
    for (const name of [
      "x-frame-options",
      "x-xss-protection",
      "x-download-options",
      "x-permitted-cross-domain-policies",
      "x-dns-prefetch-control",
      "strict-transport-security",
    ]) {
      expect(hit.headers[name], name).toBeUndefined();
    }

    // The 304 of a hit says what the 304 of a miss says.
    const etag = { "If-None-Match": String(hit.headers.etag) };
    clearPageCache();
    const missCurrent = await raw("/realisations", { headers: { ...brotli, ...etag } });
    const hitCurrent = await raw("/realisations", { headers: { ...brotli, ...etag } });
    expect([missCurrent.status, hitCurrent.status]).toEqual([304, 304]);
    expect(hitCurrent.headers["x-page-cache"]).toBe("HIT");
    for (const name of ["etag", "vary", "cache-control", "content-security-policy", "content-type"]) {
      expect(hitCurrent.headers[name], name).toBe(missCurrent.headers[name]);
    }
    expect(renders).toBe(2);
  });

  it("answers HEAD with the headers of GET, from the cache or not", async () => {
    const head = await raw("/projects", { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(head.body.length).toBe(0);
    const get = await raw("/projects", { headers: { "Accept-Encoding": "br" } });
    expect(get.headers["x-page-cache"]).toBe("HIT");
    const headAgain = await raw("/projects", { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    for (const answer of [head, headAgain]) {
      for (const name of [
        "content-length",
        "content-encoding",
        "content-type",
        "etag",
        "content-security-policy",
        "cache-control",
      ]) {
        expect(answer.headers[name], name).toBe(get.headers[name]);
      }
    }
    expect(renders).toBe(1);
  });

  it("gives no hash to an inline script the render did not mark: a browser blocks it", async () => {
    const first = await fetch(`${base}/injected`);
    const csp = first.headers.get("Content-Security-Policy")!;
    expect(csp).not.toContain(sha256(INJECTED));
    expect((await fetch(`${base}/injected`)).headers.get("X-Page-Cache")).toBe("HIT");

    const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
    if (!existsSync(executablePath) && process.env.CI !== "true") return;
    const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox"] });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(`${base}/injected`);
      expect(response?.headers()["x-page-cache"]).toBe("HIT");
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).ok)).toBe(1);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).ctx)).toBe("rendered");
      expect(
        await page.evaluate(() => (window as unknown as Record<string, unknown>).injected),
      ).toBeUndefined();
      expect(violations.some((text) => /inline script/i.test(text))).toBe(true);
    } finally {
      await browser.close();
    }
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

  it("keeps no page rendered while a read fell back to an empty list: the next visitor's render reads again", async () => {
    await db().execute(
      sql`insert into blog_articles (title, slug, status) values ('Tableau', 'tableau-cache', 'published')`,
    );
    // The read fails as it would with the table out of reach; no row changes, so nothing clears the cache.
    await db().execute(sql`alter table blog_articles rename to blog_articles_away`);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const degraded = await fetch(`${base}/articles`);
      expect(degraded.headers.get("X-Page-Cache")).toBe("MISS");
      expect(await degraded.text()).toContain("0 article(s)");
      expect(logged).toHaveBeenCalledWith(expect.anything(), "public article list read failed");
    } finally {
      logged.mockRestore();
      await db().execute(sql`alter table blog_articles_away rename to blog_articles`);
    }
    const read = await fetch(`${base}/articles`);
    expect(read.headers.get("X-Page-Cache")).toBe("MISS");
    expect(await read.text()).toContain("1 article(s)");
    expect((await fetch(`${base}/articles`)).headers.get("X-Page-Cache")).toBe("HIT");
    expect(renders).toBe(2);
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

  it("keys and renders a page without the query parameters no page reads", async () => {
    const first = await fetch(`${base}/blog?category=x&utm_source=lettre&x=1`);
    expect(first.headers.get("X-Page-Cache")).toBe("MISS");
    const second = await fetch(`${base}/blog?x=2&category=x`);
    expect(second.headers.get("X-Page-Cache")).toBe("HIT");
    expect(renders).toBe(1);
    expect(await second.text()).toBe(await first.text());
    // WordPress's ids and React Router's own parameters are read: kept, each its own page.
    await fetch(`${base}/?p=12&gclid=abc`);
    await fetch(`${base}/blog.data?category=x&_routes=root&x=3`);
    await fetch(`${base}/__manifest?paths=%2Fblog&version=v1`);
    // The back office however spelled (canonicalAdminPaths sends it on with its query).
    await fetch(`${base}/%61dmin/login?redirectTo=%2Fadmin`);
    expect(rendered).toEqual([
      "/blog?category=x",
      "/?p=12",
      "/blog.data?category=x&_routes=root",
      "/__manifest?paths=%2Fblog&version=v1",
      "/%61dmin/login?redirectTo=%2Fadmin",
    ]);
  });

  it("keeps the search page's query and page there, the lists' page on the lists, and tells the search of its hits", async () => {
    const heard: string[] = [];
    onPageServedWithoutRender("/recherche", (address) => heard.push(address));
    await fetch(`${base}/recherche?q=borne&page=2&utm_source=lettre`);
    const hit = await fetch(`${base}/recherche?utm_source=x&q=borne&page=2`);
    expect(hit.headers.get("X-Page-Cache")).toBe("HIT");
    await fetch(`${base}/blog?q=borne&page=2`);
    await fetch(`${base}/blog?q=autre`);
    await fetch(`${base}/about?page=2`);
    expect(rendered).toEqual(["/recherche?q=borne&page=2", "/blog?page=2", "/blog", "/about"]);
    expect(heard).toEqual(["/recherche?q=borne&page=2"]);
  });

  it("keeps the parameters of the manual redirects' sources, read again when 'Redirections' change", async () => {
    await fetch(`${base}/ancien?ref=flyer&x=1`);
    await db().execute(
      sql`insert into redirects (source, target, target_key) values ('/ancien?ref=flyer', '/contact', '/contact')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await fetch(`${base}/ancien?ref=flyer&x=1`);
    await fetch(`${base}/ancien?x=2`);
    await db().execute(sql`delete from redirects`);
    expect(rendered).toEqual(["/ancien", "/ancien?ref=flyer", "/ancien"]);
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
