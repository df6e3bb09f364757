import { and, eq, sql, type SQL } from "drizzle-orm";
import { redirect } from "react-router";
import type { RevisionEntityType } from "~/lib/enums";
import { publicPath } from "~/lib/public-paths";
import { db, type Executor } from "~/server/db/client.server";
import { blogArticles, cmsPages, projects, slugRedirects } from "~/server/db/schema";
import { countRedirectHit } from "~/server/seo/redirect-hits.server";
import { cmsPageVisible, publiclyVisible } from "./visibility.server";

const tables = { blog_articles: blogArticles, projects, cms_pages: cmsPages } as const;

function visible(entityType: RevisionEntityType): SQL {
  return entityType === "cms_pages" ? cmsPageVisible() : publiclyVisible(tables[entityType]);
}

/** Whether the row is on the public site now (the visibility module's rule). */
export async function isPublic(executor: Executor, entityType: RevisionEntityType, id: string) {
  const table = tables[entityType];
  const [row] = await executor
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), visible(entityType)));
  return Boolean(row);
}

/**
 * Keeps old addresses working after a slug change, inside the change's transaction: a slug taken
 * (again) by a live row stops redirecting, so renaming back never loops; the old slug of a row
 * that was public redirects to the row (followed by id, so a chain of renames is one hop).
 */
export async function recordSlugChange(
  executor: Executor,
  entityType: RevisionEntityType,
  change: { id: string; oldSlug: string | null; newSlug: string; wasPublic: boolean },
) {
  await executor
    .delete(slugRedirects)
    .where(and(eq(slugRedirects.entityType, entityType), eq(slugRedirects.oldSlug, change.newSlug)));
  if (!change.wasPublic || !change.oldSlug || change.oldSlug === change.newSlug) return;
  await executor
    .insert(slugRedirects)
    .values({ entityType, oldSlug: change.oldSlug, entityId: change.id })
    .onConflictDoUpdate({
      target: [slugRedirects.entityType, slugRedirects.oldSlug],
      set: { entityId: change.id, createdAt: sql`now()` },
    });
}

/** A deleted row leaves no redirect behind (its old addresses answer 404 like the row). */
export async function dropSlugRedirects(executor: Executor, entityType: RevisionEntityType, id: string) {
  await executor
    .delete(slugRedirects)
    .where(and(eq(slugRedirects.entityType, entityType), eq(slugRedirects.entityId, id)));
}

/** The redirect row of an old slug of a public row, with the row's current slug, or undefined. */
async function slugRedirectOf(entityType: RevisionEntityType, oldSlug: string) {
  const table = tables[entityType];
  const [row] = await db()
    .select({ id: slugRedirects.id, slug: table.slug })
    .from(slugRedirects)
    .innerJoin(table, eq(table.id, slugRedirects.entityId))
    .where(
      and(eq(slugRedirects.entityType, entityType), eq(slugRedirects.oldSlug, oldSlug), visible(entityType)),
    )
    .limit(1);
  return row && row.slug !== oldSlug ? row : undefined;
}

/**
 * The current slug of the public row an old slug belonged to, or null (no redirect, or the row
 * is not public now).
 */
export async function findSlugRedirect(
  entityType: RevisionEntityType,
  oldSlug: string,
): Promise<string | null> {
  return (await slugRedirectOf(entityType, oldSlug))?.slug ?? null;
}

/**
 * For a public loader whose slug found nothing: throws a 301 to the row's current address when
 * the slug is an old one of a public row (its hit counted after the answer), and returns
 * otherwise (the loader then answers 404).
 */
export async function redirectFromOldSlug(entityType: RevisionEntityType, slug: string | undefined) {
  if (!slug) return;
  const current = await slugRedirectOf(entityType, slug);
  if (!current) return;
  countRedirectHit("slug", current.id);
  throw redirect(publicPath(entityType, current.slug), 301);
}
