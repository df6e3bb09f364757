import { eq, sql } from "drizzle-orm";
import type { ListQuery } from "~/lib/list-query";
import type { CategoryInput, CategoryKind } from "~/lib/schemas/category";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { containsText, frenchText, listOrder, listPage } from "~/server/db/list.server";
import {
  blogArticleCategories,
  blogCategories,
  projectCategories,
  projectCategoryRelations,
  projects,
} from "~/server/db/schema";

export const categorySorts = ["name", "slug", "count", "created"] as const;
export type CategorySort = (typeof categorySorts)[number];

const tables = { blog: blogCategories, projects: projectCategories } as const;

/** How many articles (or projects) each category is linked to. Aliased: see list.server.ts. */
function itemCount(kind: CategoryKind) {
  const count =
    kind === "blog"
      ? sql`(select count(*) from ${blogArticleCategories} l where l.category_id = ${blogCategories}.id)`
      : sql`(select count(*) from ${projectCategoryRelations} l where l.category_id = ${projectCategories}.id)`;
  return count.mapWith(Number).as("item_count");
}

/** One page of a kind's categories (search in name or slug), each with its number of items. */
export async function listCategories(kind: CategoryKind, query: ListQuery<CategorySort>) {
  const table = tables[kind];
  const where = containsText([table.name, table.slug], query.q);
  const sortColumn = {
    name: frenchText(table.name),
    slug: table.slug,
    count: sql`item_count`,
    created: table.createdAt,
  }[query.sort];
  return listPage(query.page, {
    count: () => db().$count(table, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: table.id,
          name: table.name,
          slug: table.slug,
          createdAt: table.createdAt,
          itemCount: itemCount(kind),
        })
        .from(table)
        .where(where)
        .orderBy(...listOrder(sortColumn, query.dir, table.id))
        .limit(limit)
        .offset(offset),
  });
}

export function createCategory(context: MutationContext, kind: CategoryKind, input: CategoryInput) {
  return mutate(context, (m) => m.insert(tables[kind], input));
}

/**
 * Projects also keep their category's name in `projects.category` (as the original stored it):
 * renaming or deleting a project category rewrites those rows too, each a revision of its own.
 */
async function renameOnProjects(m: MutationScope, from: string, to: string | null) {
  const affected = await m.tx.select({ id: projects.id }).from(projects).where(eq(projects.category, from));
  for (const { id } of affected) await m.update(projects, id, { category: to });
}

export function updateCategory(
  context: MutationContext,
  kind: CategoryKind,
  id: string,
  input: CategoryInput,
) {
  return mutate(context, async (m) => {
    const table = tables[kind];
    const [before] = await m.tx.select({ name: table.name }).from(table).where(eq(table.id, id));
    const updated = await m.update(table, id, input);
    if (kind === "projects" && before && before.name !== updated.name)
      await renameOnProjects(m, before.name, updated.name);
    return updated;
  });
}

/** Deletes a category; its items lose it (links removed by the database, names on projects here). */
export function deleteCategory(context: MutationContext, kind: CategoryKind, id: string) {
  return mutate(context, async (m) => {
    const removed = await m.remove(tables[kind], id);
    if (kind === "projects") await renameOnProjects(m, removed.name, null);
    return removed;
  });
}
