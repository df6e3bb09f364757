import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2e, expect, sql, test } from "../support/e2e";

/** Every secret setting, set to a marker no page, script or data answer may ever contain. */
const SECRETS = {
  mailjet_api_key: "MARKER-mailjet-api-key-7f3a",
  mailjet_secret_key: "MARKER-mailjet-secret-9b1c",
  smtp_password: "MARKER-smtp-password-4d2e",
  recaptcha_secret_key: "MARKER-recaptcha-secret-6a8f",
  tinymce_api_key: "MARKER-tinymce-key-2c5b",
} as const;
const MARKERS = Object.values(SECRETS);

/** The public pages, with one real article, project and CMS page from the demo content. */
async function publicPages() {
  const [article] = await sql<{ slug: string }>(
    "select slug from blog_articles where status = 'published' and (published_at is null or published_at <= now()) limit 1",
  );
  const [project] = await sql<{ slug: string }>(
    "select slug from projects where status = 'published' and (published_at is null or published_at <= now()) limit 1",
  );
  const [page] = await sql<{ slug: string }>("select slug from cms_pages where is_published limit 1");
  return [
    "/",
    "/about",
    "/blog",
    "/projects",
    "/contact",
    "/privacy-policy",
    "/terms-of-use",
    "/sitemap",
    "/une-page-qui-n-existe-pas",
    ...(article ? [`/blog/${article.slug}`] : []),
    ...(project ? [`/projects/${project.slug}`] : []),
    ...(page ? [`/${page.slug}`] : []),
  ];
}

function expectNoSecret(body: string, where: string) {
  for (const marker of MARKERS) expect(body.includes(marker), `${marker} in ${where}`).toBe(false);
}

/** Scripts, style sheets and preloads a page references on this site. */
function assetsOf(html: string) {
  const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|mjs)(?:\?[^"]*)?)"/g)].map((m) => m[1]!);
  // A public page's modules are listed in its inline loader (decision 022).
  urls.push(...[...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  return [...new Set(urls)];
}

async function settle() {
  // Writes reach every instance through LISTEN/NOTIFY; give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 400));
}

test.describe("secrets never leave the server", () => {
  let saved: Record<string, string | null>;
  test.beforeAll(async () => {
    const [row] = await sql<Record<string, string | null>>(
      `select ${Object.keys(SECRETS).join(", ")}, enable_recaptcha, recaptcha_site_key from site_settings`,
    );
    saved = row!;
    await sql(
      `update site_settings set ${Object.keys(SECRETS)
        .map((column, index) => `${column} = $${index + 1}`)
        .join(", ")}, enable_recaptcha = true, recaptcha_site_key = 'public-site-key-test'`,
      Object.values(SECRETS),
    );
    await settle();
  });
  test.afterAll(async () => {
    const columns = Object.keys(saved);
    await sql(
      `update site_settings set ${columns.map((column, index) => `${column} = $${index + 1}`).join(", ")}`,
      columns.map((column) => saved[column]),
    );
  });

  test("in no public page, asset or data answer", async ({ request }) => {
    const pages = await publicPages();
    const assets = new Set<string>();
    for (const pagePath of pages) {
      const response = await request.get(pagePath);
      expect([200, 404]).toContain(response.status());
      const html = await response.text();
      expectNoSecret(html, pagePath);
      for (const asset of assetsOf(html)) assets.add(asset);
      const data = await request.get(`${pagePath === "/" ? "/_root" : pagePath}.data`);
      expectNoSecret(await data.text(), `${pagePath}.data`);
    }
    expect(assets.size).toBeGreaterThan(3);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expectNoSecret(await response.text(), asset);
    }
    for (const resource of ["/sitemap.xml", "/robots.txt"]) {
      expectNoSecret(await (await request.get(resource)).text(), resource);
    }
  });

  test("in nothing a browser downloads while visiting and navigating", async ({ page }) => {
    const bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      if (!response.url().startsWith(e2e.baseUrl)) return;
      bodies.push(
        response
          .text()
          .then((body) => expectNoSecret(body, response.url()))
          .catch(() => undefined),
      );
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goto("/blog");
    await page.waitForLoadState("networkidle");
    await Promise.all(bodies);
    expect(bodies.length).toBeGreaterThan(5);
  });
});

test.describe("content security policy and HTTP caching", () => {
  test("every public page's inline scripts are allowed by their hashes, with no nonce", async ({
    request,
  }) => {
    for (const pagePath of await publicPages()) {
      const response = await request.get(pagePath);
      const csp = response.headers()["content-security-policy"]!;
      expect(csp, pagePath).not.toContain("'nonce-");
      const html = await response.text();
      expect(html, pagePath).not.toMatch(/\snonce="/);
      const scripts = [
        ...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>([\s\S]*?)<\/script>/g),
      ];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, , source] of scripts) {
        const hash = createHash("sha256").update(source!).digest("base64");
        expect(csp, pagePath).toContain(`'sha256-${hash}'`);
      }
    }
  });

  test("a cached page is the same bytes for every visitor, and runs in a browser without a CSP violation", async ({
    browser,
    request,
    javaScriptEnabled,
  }) => {
    const first = await request.get("/about");
    const cached = await request.get("/about");
    expect(cached.headers()["x-page-cache"]).toBe("HIT");
    expect(await cached.text()).toBe(await first.text());
    expect(cached.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);
    // Its modules are added by its inline loader (trusted by its hash), never by a tag of their own.
    expect(await cached.text()).not.toMatch(/<link rel="modulepreload"|<script[^>]*type="module"/);

    if (!javaScriptEnabled) return;
    // A real browser on a cached page: no CSP violation, and the page's modules run.
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/about");
    expect(response?.headers()["x-page-cache"]).toBe("HIT");
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(page.getByRole("heading", { name: "Vos choix en matière de cookies" })).toBeFocused();
    // The next page's modules: allowed too.
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  });

  test("a query parameter no page reads makes no other page: one render, the same bytes, kept out of the page", async ({
    page,
    request,
  }) => {
    const marker = `z${Date.now().toString(36)}`;
    const first = await request.get(`/blog?category=conseils&utm_source=${marker}`);
    const second = await request.get(`/blog?x=${marker}&category=conseils`);
    expect(second.headers()["x-page-cache"]).toBe("HIT");
    const body = await second.text();
    expect(body).toBe(await first.text());
    expect(body).not.toContain(marker);

    // Hydrated, the page still writes its own address without it; the address bar keeps it.
    await page.goto(`/blog?category=conseils&x=${marker}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${e2e.baseUrl}/blog?category=conseils`,
    );
    await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/blog?category=conseils");
    expect(page.url()).toContain(marker);
  });

  test("HEAD answers carry the headers of GET", async ({ request }) => {
    const get = await request.get("/blog");
    const head = await request.head("/blog");
    for (const name of [
      "content-type",
      "content-length",
      "content-encoding",
      "etag",
      "cache-control",
      "content-security-policy",
    ]) {
      expect(head.headers()[name], name).toBe(get.headers()[name]);
    }
  });

  test("public pages are revalidated with an ETag; private answers are not stored", async ({ request }) => {
    const first = await request.get("/blog");
    expect(first.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers()["etag"]!;
    expect(etag).toBeTruthy();
    const again = await request.get("/blog", { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect(again.headers()["content-security-policy"]).toBeUndefined();

    const login = await request.get("/admin/login");
    expect(login.headers()["cache-control"]).toBe("private, no-store");
    const post = await request.post("/api/consent", {
      form: { choice: "refuse" },
      maxRedirects: 0,
      headers: { Origin: e2e.baseUrl },
    });
    expect(post.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("two instances on one database", () => {
  let second: ChildProcess | undefined;
  let dataDir = "";
  let savedPhone: string | null = null;

  test.afterAll(async () => {
    if (savedPhone !== null) await sql("update site_settings set company_phone = $1", [savedPhone]);
    if (second && second.exitCode === null) {
      const exited = new Promise((resolve) => second!.once("exit", resolve));
      second.kill("SIGTERM");
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("a setting changed in SQL shows on both within a second", async ({ request }) => {
    test.setTimeout(90_000);
    const port = Number(new URL(e2e.baseUrl).port) + 1;
    const secondUrl = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(path.join(tmpdir(), "betic-e2e-second-"));
    second = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: e2e.databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: e2e.baseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitUntil(
      async () => (await fetch(`${secondUrl}/healthz`).catch(() => undefined))?.ok === true,
      60_000,
    );

    const [row] = await sql<{ company_phone: string | null }>("select company_phone from site_settings");
    savedPhone = row!.company_phone;
    const bases = [e2e.baseUrl, secondUrl];
    // Both instances hold the page in their cache.
    for (const base of bases) {
      await request.get(`${base}/contact`);
      expect((await request.get(`${base}/contact`)).headers()["x-page-cache"]).toBe("HIT");
    }

    const phone = `05 55 ${String(Date.now()).slice(-2)} 12 34`;
    await sql("update site_settings set company_phone = $1", [phone]);
    const changedAt = Date.now();
    for (const base of bases) {
      await waitUntil(
        async () => (await (await request.get(`${base}/contact`)).text()).includes(phone),
        1_000,
      );
    }
    expect(Date.now() - changedAt).toBeLessThan(1_500);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
