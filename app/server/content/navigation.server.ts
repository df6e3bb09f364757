/**
 * Category lists for the public menus (header dropdowns, mobile menu).
 *
 * Exported API
 * - `getNavigationCategories()`: { blog, projects }, each [{ name, slug }] sorted by name (what the
 *   menus render on every public page).
 *   Cached in process and dropped when a category table changes (any instance, via NOTIFY).
 *   A failed read gives empty lists (public-site.md §8: list reads fail silently).
 */
import { asc } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { blogCategories, projectCategories } from "~/server/db/schema";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";

export type NavigationCategory = { name: string; slug: string };
export type NavigationCategories = { blog: NavigationCategory[]; projects: NavigationCategory[] };

export const getNavigationCategories = cachedUntilContentChanges(readCategories, {
  fallback: { blog: [], projects: [] },
  failure: "navigation categories read failed",
  tables: ["blog_categories", "project_categories"],
});

async function readCategories(): Promise<NavigationCategories> {
  const columns = { name: blogCategories.name, slug: blogCategories.slug };
  const [blog, projects] = await Promise.all([
    db().select(columns).from(blogCategories).orderBy(asc(blogCategories.name)),
    db()
      .select({ name: projectCategories.name, slug: projectCategories.slug })
      .from(projectCategories)
      .orderBy(asc(projectCategories.name)),
  ]);
  return { blog, projects };
}
