import { e2e, expect, sql, test } from "../support/e2e";

/* SEO of the content pages, /sitemap.xml and /robots.txt (rows carry RUN and are removed). */
const RUN = `e2e-seo-${Date.now().toString(36)}`;
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function insertArticle(slug: string, status: string, extra: Record<string, unknown> = {}) {
  const columns = ["title", "slug", "status", "content", ...Object.keys(extra)];
  const values = [`Titre ${slug}`, slug, status, "<p>Texte</p>", ...Object.values(extra)];
  const [row] = await sql<{ id: string }>(
    `insert into blog_articles (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})
     returning id`,
    values,
  );
  return row!.id;
}

async function sitemapLocs(request: import("@playwright/test").APIRequestContext) {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  return { xml, locs: [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!) };
}

test.afterAll(async () => {
  await sql(`delete from blog_articles where slug like $1`, [`${RUN}%`]);
  await sql(`delete from projects where slug like $1`, [`${RUN}%`]);
  await sql(`delete from cms_pages where slug like $1`, [`${RUN}%`]);
});

test.describe("article SEO", () => {
  test("falls back to title, excerpt and main image; BlogPosting JSON-LD", async ({ page }) => {
    const [{ image_url: image }] = (await sql<{ image_url: string }>(
      `select image_url from project_images where image_url like '/media/images/%' limit 1`,
    )) as [{ image_url: string }];
    const slug = `${RUN}-repli`;
    await insertArticle(slug, "published", {
      published_at: "2026-01-15T08:00:00Z",
      excerpt: "Résumé pour les moteurs.",
      main_image: image,
    });
    await page.goto(`/blog/${slug}`);
    await expect(page).toHaveTitle(new RegExp(`^Titre ${slug} \\| `));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Résumé pour les moteurs.",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${e2e.baseUrl}/blog/${slug}`,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `Titre ${slug}`);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(new RegExp(`^${e2e.baseUrl}/media/images/.+-og\\.jpg$`));
    expect((await page.request.get(ogImage!)).status()).toBe(200);

    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    );
    const posting = blocks.find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: `Titre ${slug}`,
      description: "Résumé pour les moteurs.",
      image: ogImage,
      datePublished: "2026-01-15T08:00:00.000Z",
      author: { "@type": "Person", name: "Admin" },
      publisher: { "@type": "Organization" },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${e2e.baseUrl}/blog/${slug}` },
    });
    expect(posting.dateModified).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test("uses the article's own SEO fields when filled", async ({ page }) => {
    const slug = `${RUN}-champs`;
    await insertArticle(slug, "published", {
      excerpt: "Résumé",
      meta_title: "Titre méta complet",
      meta_description: "Description méta",
      meta_keywords: "tableau, norme",
      canonical_url: "https://exemple.fr/article-original",
      og_title: "Titre OG",
      og_description: "Description OG",
      og_image: "https://cdn.exemple.fr/og.jpg",
      twitter_title: "Titre Twitter",
      twitter_description: "Description Twitter",
      twitter_image: "https://cdn.exemple.fr/tw.jpg",
    });
    await page.goto(`/blog/${slug}`);
    await expect(page).toHaveTitle("Titre méta complet");
    const meta = (selector: string) => page.locator(selector);
    await expect(meta('meta[name="description"]')).toHaveAttribute("content", "Description méta");
    await expect(meta('meta[name="keywords"]')).toHaveAttribute("content", "tableau, norme");
    await expect(meta('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://exemple.fr/article-original",
    );
    await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", "Titre OG");
    await expect(meta('meta[property="og:description"]')).toHaveAttribute("content", "Description OG");
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      "content",
      "https://cdn.exemple.fr/og.jpg",
    );
    await expect(meta('meta[name="twitter:title"]')).toHaveAttribute("content", "Titre Twitter");
    await expect(meta('meta[name="twitter:description"]')).toHaveAttribute("content", "Description Twitter");
    await expect(meta('meta[name="twitter:image"]')).toHaveAttribute(
      "content",
      "https://cdn.exemple.fr/tw.jpg",
    );
  });

  test("not-found pages are kept out of search results", async ({ page }) => {
    await page.goto(`/blog/${RUN}-absent`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page).toHaveTitle(/^Article non trouvé \| /);
    await page.goto(`/projects/${RUN}-absent`);
    await expect(page).toHaveTitle(/^Projet non trouvé \| /);
  });
});

test.describe("sitemap.xml", () => {
  type Rule = { page_type: string; change_frequency: string; priority: number; include_in_sitemap: boolean };
  let rules: Rule[];
  test.beforeAll(async () => {
    rules = await sql<Rule>(
      `select page_type, change_frequency, priority, include_in_sitemap from sitemap_settings`,
    );
  });
  test.afterEach(async () => {
    for (const rule of rules) {
      await sql(
        `update sitemap_settings set change_frequency = $2, priority = $3, include_in_sitemap = $4 where page_type = $1`,
        [rule.page_type, rule.change_frequency, rule.priority, rule.include_in_sitemap],
      );
    }
    await sql(`update site_settings set enable_blog = true, enable_projects = true`);
  });

  test("lists the visible content with the settings' frequency and priority", async ({ request }) => {
    const visible = `${RUN}-visible`;
    const scheduledPast = `${RUN}-programme-passe`;
    await insertArticle(visible, "published", { published_at: at(-1) });
    await insertArticle(scheduledPast, "scheduled", { scheduled_at: at(-1) });
    await insertArticle(`${RUN}-futur`, "published", { published_at: at(24) });
    await insertArticle(`${RUN}-programme-futur`, "scheduled", { scheduled_at: at(24) });
    await insertArticle(`${RUN}-brouillon`, "draft");
    await sql(
      `insert into cms_pages (title, slug, is_published) values ('Publiée', $1, true), ('Cachée', $2, false)`,
      [`${RUN}-page`, `${RUN}-page-cachee`],
    );
    await sql(
      `update sitemap_settings set change_frequency = 'hourly', priority = 0.3 where page_type = 'blog_article'`,
    );

    const { xml, locs } = await sitemapLocs(request);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const path of ["/", "/about", "/blog", "/projects", "/contact"])
      expect(locs).toContain(`${e2e.baseUrl}${path}`);
    expect(locs).toContain(`${e2e.baseUrl}/blog/${visible}`);
    expect(locs).toContain(`${e2e.baseUrl}/blog/${scheduledPast}`);
    expect(locs).toContain(`${e2e.baseUrl}/${RUN}-page`);
    for (const hidden of ["futur", "programme-futur", "brouillon", "page-cachee"]) {
      expect(locs).not.toContain(`${e2e.baseUrl}/blog/${RUN}-${hidden}`);
      expect(locs).not.toContain(`${e2e.baseUrl}/${RUN}-${hidden}`);
    }
    const entry = xml.split("<url>").find((block) => block.includes(`/blog/${visible}<`))!;
    expect(entry).toContain("<changefreq>hourly</changefreq>");
    expect(entry).toContain("<priority>0.3</priority>");
    expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    const projects = await sql<{ slug: string }>(
      `select slug from projects where status = 'published' limit 1`,
    );
    expect(locs).toContain(`${e2e.baseUrl}/projects/${projects[0]!.slug}`);
  });

  test("leaves out page types not included and features switched off", async ({ request }) => {
    await sql(
      `update sitemap_settings set include_in_sitemap = false where page_type in ('blog_article', 'about')`,
    );
    await sql(`update site_settings set enable_projects = false`);
    await expect
      .poll(async () => (await sitemapLocs(request)).locs.some((loc) => loc.includes("/projects")), {
        timeout: 10_000,
      })
      .toBe(false);
    const { locs } = await sitemapLocs(request);
    expect(locs).toContain(`${e2e.baseUrl}/blog`);
    expect(locs.some((loc) => loc.startsWith(`${e2e.baseUrl}/blog/`))).toBe(false);
    expect(locs).not.toContain(`${e2e.baseUrl}/about`);
    expect(locs).toContain(`${e2e.baseUrl}/`);
  });
});

test.describe("robots.txt", () => {
  let original: string;
  test.beforeAll(async () => {
    original = (await sql<{ content: string }>(`select content from robots_settings`))[0]!.content;
  });
  test.afterAll(async () => {
    await sql(`update robots_settings set content = $1`, [original]);
  });

  test("serves the stored rules and the sitemap's address", async ({ request }) => {
    await sql(`update robots_settings set content = $1`, [
      `User-agent: *\nDisallow: /admin\nDisallow: /${RUN}\n`,
    ]);
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain(`Disallow: /${RUN}`);
    expect(text.trimEnd().split("\n").at(-1)).toBe(`Sitemap: ${e2e.baseUrl}/sitemap.xml`);
  });
});
