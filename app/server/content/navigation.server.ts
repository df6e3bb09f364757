/**
 * Category lists for the public menus (header dropdowns, mobile menu).
 *
 * Exported API
 * - `getNavigationCategories()`: { blog, projects }, each [{ id, name, slug }] sorted by name.
 *   Cached in process and dropped when a category table changes (any instance, via NOTIFY).
 *   A failed read gives empty lists (public-site.md §8: list reads fail silently).
 */
import { asc } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { blogCategories, projectCategories } from "~/server/db/schema";
import { onContentChanged } from "~/server/content-changes.server";
import { logger } from "~/server/logger.server";

export type NavigationCategory = { id: string; name: string; slug: string };
export type NavigationCategories = { blog: NavigationCategory[]; projects: NavigationCategory[] };

let cached: Promise<NavigationCategories> | undefined;
onContentChanged((table) => {
  if (table === "blog_categories" || table === "project_categories") cached = undefined;
});

export function getNavigationCategories(): Promise<NavigationCategories> {
  cached ??= readCategories().catch((error) => {
    logger.error({ err: error }, "navigation categories read failed");
    cached = undefined;
    return { blog: [], projects: [] };
  });
  return cached;
}

async function readCategories(): Promise<NavigationCategories> {
  const columns = { id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug };
  const [blog, projects] = await Promise.all([
    db().select(columns).from(blogCategories).orderBy(asc(blogCategories.name)),
    db()
      .select({ id: projectCategories.id, name: projectCategories.name, slug: projectCategories.slug })
      .from(projectCategories)
      .orderBy(asc(projectCategories.name)),
  ]);
  return { blog, projects };
}
