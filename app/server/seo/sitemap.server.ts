import { desc, max } from "drizzle-orm";
import type { SitemapPageType } from "~/lib/enums";
import { absoluteUrl } from "~/lib/seo";
import { publiclyVisible, cmsPageVisible } from "~/server/content/visibility.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, projects, sitemapSettings } from "~/server/db/schema";
import { getPublicSettings } from "~/server/settings.server";

type SitemapEntry = { path: string; lastModified: Date; changeFrequency: string; priority: number };

/** Fixed pages and the sitemap_settings page type that governs each. */
const FIXED_PAGES: { pageType: SitemapPageType; path: string }[] = [
  { pageType: "home", path: "/" },
  { pageType: "about", path: "/about" },
  { pageType: "blog", path: "/blog" },
  { pageType: "projects", path: "/projects" },
  { pageType: "contact", path: "/contact" },
];

/**
 * The entries of /sitemap.xml: each page type is included or left out, with its change
 * frequency and priority, as sitemap_settings says; content pages are only those the public can
 * see (the same visibility rule as the pages) and only when their feature is on.
 */
export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const [settings, rows] = await Promise.all([getPublicSettings(), db().select().from(sitemapSettings)]);
  const rules = new Map(rows.filter((row) => row.includeInSitemap).map((row) => [row.pageType, row]));
  const enabled = (pageType: SitemapPageType) => {
    if (!settings.enableBlog && (pageType === "blog" || pageType === "blog_article")) return undefined;
    if (!settings.enableProjects && (pageType === "projects" || pageType === "project")) return undefined;
    return rules.get(pageType);
  };

  const articleRule = enabled("blog_article");
  const projectRule = enabled("project");
  const cmsRule = enabled("cms_page");
  const [articles, projectRows, pages, latest] = await Promise.all([
    articleRule ? visibleArticles() : [],
    projectRule ? visibleProjects() : [],
    cmsRule
      ? db()
          .select({ slug: cmsPages.slug, updatedAt: cmsPages.updatedAt })
          .from(cmsPages)
          .where(cmsPageVisible())
          .orderBy(cmsPages.slug)
      : [],
    latestContentChanges(),
  ]);

  const entries: SitemapEntry[] = [];
  for (const { pageType, path } of FIXED_PAGES) {
    const rule = enabled(pageType);
    if (!rule) continue;
    // A list page changes when its newest content does.
    const contentChange =
      pageType === "blog" ? latest.article : pageType === "projects" ? latest.project : null;
    entries.push({
      path,
      lastModified: laterOf(rule.lastModified, contentChange),
      changeFrequency: rule.changeFrequency,
      priority: rule.priority,
    });
  }
  const add = (rule: typeof articleRule, items: { path: string; updatedAt: Date }[]) => {
    if (!rule) return;
    for (const item of items) {
      entries.push({
        path: item.path,
        lastModified: item.updatedAt,
        changeFrequency: rule.changeFrequency,
        priority: rule.priority,
      });
    }
  };
  add(
    articleRule,
    articles.map((a) => ({ path: `/blog/${a.slug}`, updatedAt: a.updatedAt })),
  );
  add(
    projectRule,
    projectRows.map((p) => ({ path: `/projects/${p.slug}`, updatedAt: p.updatedAt })),
  );
  add(
    cmsRule,
    pages.map((p) => ({ path: `/${p.slug}`, updatedAt: p.updatedAt })),
  );
  return entries;
}

function visibleArticles() {
  return db()
    .select({ slug: blogArticles.slug, updatedAt: blogArticles.updatedAt })
    .from(blogArticles)
    .where(publiclyVisible(blogArticles))
    .orderBy(desc(blogArticles.updatedAt));
}

function visibleProjects() {
  return db()
    .select({ slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(publiclyVisible(projects))
    .orderBy(desc(projects.updatedAt));
}

async function latestContentChanges() {
  const [[article], [project]] = await Promise.all([
    db()
      .select({ at: max(blogArticles.updatedAt) })
      .from(blogArticles)
      .where(publiclyVisible(blogArticles)),
    db()
      .select({ at: max(projects.updatedAt) })
      .from(projects)
      .where(publiclyVisible(projects)),
  ]);
  return { article: article?.at ?? null, project: project?.at ?? null };
}

function laterOf(a: Date, b: Date | null) {
  return b && b > a ? b : a;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export async function renderSitemapXml(): Promise<string> {
  const entries = await getSitemapEntries();
  const urls = entries.map(
    (entry) =>
      `  <url>\n` +
      `    <loc>${escapeXml(absoluteUrl(config.publicUrl, encodeURI(entry.path)))}</loc>\n` +
      `    <lastmod>${entry.lastModified.toISOString()}</lastmod>\n` +
      `    <changefreq>${entry.changeFrequency}</changefreq>\n` +
      `    <priority>${entry.priority.toFixed(1)}</priority>\n` +
      `  </url>`,
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    ``,
  ].join("\n");
}
