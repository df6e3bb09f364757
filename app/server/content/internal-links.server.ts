import { and, inArray } from "drizzle-orm";
import type { RevisionEntityType } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, projects } from "~/server/db/schema";
import { findSlugRedirect } from "./slug-redirects.server";
import { cmsPageVisible, publiclyVisible } from "./visibility.server";

/** The public site's own pages (app/routes.ts): they always answer. */
const STATIC_PAGES = new Set([
  "/",
  "/about",
  "/privacy-policy",
  "/terms-of-use",
  "/accessibilite",
  "/sitemap",
  "/sitemap.xml",
  "/robots.txt",
  "/contact",
  "/blog",
  "/projects",
]);

const tables = { blog_articles: blogArticles, projects, cms_pages: cmsPages } as const;

/** The content a path names (`/blog/x`, `/projects/x`, `/x`), or null for any other path. */
function contentOf(path: string): { entityType: RevisionEntityType; slug: string } | null {
  const segments = path.split("/").slice(1);
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return null;
    }
  };
  const [first, second] = segments.map(decode);
  if (segments.length === 2 && first === "blog" && second)
    return { entityType: "blog_articles", slug: second };
  if (segments.length === 2 && first === "projects" && second)
    return { entityType: "projects", slug: second };
  if (segments.length === 1 && first) return { entityType: "cms_pages", slug: first };
  return null;
}

/**
 * Which of these internal paths (`internalPath`, app/lib/admin/publish-checklist.ts) the public
 * site would answer with a 404 now: a slug of no article, project or CMS page that is public
 * (deleted, in the trash, a draft, scheduled later), unless it is an old slug that redirects to a
 * public one; a path of no route at all. The pre-publish checklist names them.
 */
export async function findMissingPages(paths: readonly string[]): Promise<string[]> {
  const wanted = new Map<RevisionEntityType, Map<string, string>>();
  const missing: string[] = [];
  for (const path of new Set(paths)) {
    if (STATIC_PAGES.has(path)) continue;
    const content = contentOf(path);
    if (!content) {
      missing.push(path);
      continue;
    }
    const slugs = wanted.get(content.entityType) ?? new Map<string, string>();
    slugs.set(content.slug, path);
    wanted.set(content.entityType, slugs);
  }
  for (const [entityType, slugs] of wanted) {
    const table = tables[entityType];
    const visible = entityType === "cms_pages" ? cmsPageVisible() : publiclyVisible(tables[entityType]);
    const found = await db()
      .select({ slug: table.slug })
      .from(table)
      .where(and(inArray(table.slug, [...slugs.keys()]), visible));
    const live = new Set(found.map((row) => row.slug));
    for (const [slug, path] of slugs)
      if (!live.has(slug) && !(await findSlugRedirect(entityType, slug))) missing.push(path);
  }
  return missing.sort();
}
