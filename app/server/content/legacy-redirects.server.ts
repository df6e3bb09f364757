import { and, eq } from "drizzle-orm";
import type { RedirectTargetType } from "~/lib/enums";
import { WORDPRESS_ID_PARAMETERS } from "~/lib/page-query";
import { publicPath } from "~/lib/public-paths";
import { db, type Executor } from "~/server/db/client.server";
import { blogArticles, blogCategories, cmsPages, legacyRedirects } from "~/server/db/schema";
import { cmsPageVisible, publiclyVisible } from "./visibility.server";

/**
 * Old addresses of imported content (a WordPress site's permalinks), kept like the old slugs of
 * renamed rows (slug-redirects.server.ts): each names a row, whose current public address is read
 * when a visitor asks, so a later rename or unpublishing is followed.
 */

/**
 * The form an old address is stored and looked up in: its path decoded and without a trailing
 * slash; when it carries one of WordPress's id parameters, that parameter alone is kept
 * ("/?p=123"), so tracking parameters added to a link do not matter. Null when not an address.
 */
export function legacySource(address: string): string | null {
  if (!URL.canParse(address, "http://x")) return null;
  const url = new URL(address, "http://x");
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  pathname = pathname.replace(/\/+$/, "") || "/";
  const parameter = WORDPRESS_ID_PARAMETERS.find((name) => url.searchParams.get(name));
  return parameter ? `${pathname}?${parameter}=${url.searchParams.get(parameter)}` : pathname;
}

/**
 * Makes each source lead to the row, inside the caller's transaction (taking it from any row it
 * led to before). A source equal to `ownPath`, the row's address here, is left out: it is served.
 */
export async function recordLegacyRedirects(
  executor: Executor,
  target: { entityType: RedirectTargetType; id: string; ownPath: string },
  addresses: string[],
) {
  const sources = new Set(addresses.map(legacySource).filter((source) => source !== null));
  sources.delete(target.ownPath);
  for (const source of sources) {
    await executor
      .insert(legacyRedirects)
      .values({ source, entityType: target.entityType, entityId: target.id })
      .onConflictDoUpdate({
        target: legacyRedirects.source,
        set: { entityType: target.entityType, entityId: target.id },
      });
  }
  return sources.size;
}

/** The row's current public address, or null (gone, or not public now). */
async function currentAddress(entityType: RedirectTargetType, id: string): Promise<string | null> {
  switch (entityType) {
    case "blog_articles": {
      const [row] = await db()
        .select({ slug: blogArticles.slug })
        .from(blogArticles)
        .where(and(eq(blogArticles.id, id), publiclyVisible(blogArticles)));
      return row ? publicPath("blog_articles", row.slug) : null;
    }
    case "cms_pages": {
      const [row] = await db()
        .select({ slug: cmsPages.slug })
        .from(cmsPages)
        .where(and(eq(cmsPages.id, id), cmsPageVisible()));
      return row ? publicPath("cms_pages", row.slug) : null;
    }
    case "blog_categories": {
      const [row] = await db()
        .select({ slug: blogCategories.slug })
        .from(blogCategories)
        .where(eq(blogCategories.id, id));
      return row ? `/blog?category=${encodeURIComponent(row.slug)}` : null;
    }
  }
}

/**
 * The redirect of a requested address when it is an old address of imported content: its id (to
 * count the hit) and the row's current public address; null when none, or the row is not public.
 * Asked after the manual redirects (seo/redirects.server.ts, followRedirect).
 */
export async function findLegacyRedirect(url: URL): Promise<{ id: string; target: string } | null> {
  const source = legacySource(url.pathname + url.search);
  if (!source) return null;
  const [entry] = await db()
    .select({
      id: legacyRedirects.id,
      entityType: legacyRedirects.entityType,
      entityId: legacyRedirects.entityId,
    })
    .from(legacyRedirects)
    .where(eq(legacyRedirects.source, source))
    .limit(1);
  if (!entry) return null;
  const target = await currentAddress(entry.entityType as RedirectTargetType, entry.entityId);
  return target ? { id: entry.id, target } : null;
}

/** Whether the address carries a WordPress id parameter (`/?p=123`): only then is the home page a candidate. */
export function hasLegacyIdParameter(url: URL) {
  return WORDPRESS_ID_PARAMETERS.some((name) => url.searchParams.has(name));
}
