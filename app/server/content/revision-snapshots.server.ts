/**
 * What a revision of an article, project or CMS page holds, written and read back in one place:
 * the stored row as JSON (`to_jsonb`, database column names) plus, for articles and projects, the
 * ids of the categories it is linked to under `category_ids`, since those links live in a table
 * beside the row and a restore must bring them back too.
 */
import { eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { RevisionEntityType } from "~/lib/enums";
import type { Executor } from "~/server/db/client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogCategories,
  cmsPages,
  contentRevisions,
  projectCategories,
  projectCategoryRelations,
  projects,
} from "~/server/db/schema";

const contents = {
  blog_articles: {
    table: blogArticles,
    categories: {
      links: blogArticleCategories,
      owner: blogArticleCategories.articleId,
      category: blogArticleCategories.categoryId,
      names: blogCategories,
      nameOnRow: null,
    },
  },
  projects: {
    table: projects,
    categories: {
      links: projectCategoryRelations,
      owner: projectCategoryRelations.projectId,
      category: projectCategoryRelations.categoryId,
      names: projectCategories,
      // Projects also keep the category's name on the row, as the original stored it.
      nameOnRow: "category",
    },
  },
  cms_pages: { table: cmsPages, categories: null },
} as const;

/** Not a column: the key of a revision's JSON holding the row's category ids. */
const CATEGORY_IDS = "category_ids";

/** Columns a restore leaves alone: identity and bookkeeping. */
const KEPT_COLUMNS = new Set(["id", "createdAt", "updatedAt"]);

export type RevisionAuthor = { id: string; email: string };

/**
 * Inserts a revision of each row of `entityType` matching `where` (over the row aliased `t`),
 * dated when that version was stored (its `updated_at`).
 */
async function insertRevisions(
  executor: Executor,
  entityType: RevisionEntityType,
  where: SQL,
  author: RevisionAuthor | null,
) {
  const { table, categories } = contents[entityType];
  const linked = categories
    ? sql`jsonb_build_object(${CATEGORY_IDS}::text, array(
        select l.${sql.identifier(categories.category.name)} from ${categories.links} l
        where l.${sql.identifier(categories.owner.name)} = t.id order by 1))`
    : sql`'{}'::jsonb`;
  await executor.execute(sql`
    insert into ${contentRevisions} (entity_type, entity_id, data, author_id, author_email, created_at)
    select ${entityType}, t.id, to_jsonb(t) || ${linked}, ${author?.id ?? null}::uuid, ${author?.email ?? null},
      t.updated_at
    from ${table} t where ${where}`);
}

/** The row as it now stands, links included, kept as its newest revision by `author`. */
export function saveRevision(
  executor: Executor,
  entityType: RevisionEntityType,
  id: string,
  author: RevisionAuthor,
) {
  return insertRevisions(executor, entityType, sql`t.id = ${id}`, author);
}

/**
 * A first revision, by nobody known, for each row that has none (seeded, imported or written in
 * SQL): of row `id` only, or of every row of `entityType`.
 */
export function keepFirstRevisions(executor: Executor, entityType: RevisionEntityType, id?: string) {
  const none = sql`not exists (select 1 from ${contentRevisions} r
    where r.entity_type = ${entityType} and r.entity_id = t.id)`;
  return insertRevisions(executor, entityType, id ? sql`t.id = ${id} and ${none}` : none, null);
}

/** The table of a kind of content. */
export function contentTable<T extends RevisionEntityType>(entityType: T): (typeof contents)[T]["table"] {
  return contents[entityType].table;
}

/**
 * What restoring a revision puts back: the row's values as it stored them (JSON back to the
 * row's types, identity and bookkeeping left out), and the categories to link again, those of
 * the revision that still exist (null: the revision holds no links, a CMS page or a revision
 * written before links were kept). A project's category name is the current name of its linked
 * category, so a category renamed since comes back under its new name.
 */
export async function readRevision(
  executor: Executor,
  entityType: RevisionEntityType,
  data: Record<string, unknown>,
) {
  const { table, categories } = contents[entityType];
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (KEPT_COLUMNS.has(key) || !(column.name in data)) continue;
    const value = data[column.name];
    values[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  const stored = data[CATEGORY_IDS];
  if (!categories || !Array.isArray(stored)) return { values, categoryIds: null };
  const existing = stored.length
    ? await executor
        .select({ id: categories.names.id, name: categories.names.name })
        .from(categories.names)
        .where(inArray(categories.names.id, stored as string[]))
    : [];
  // A link to a category deleted since is gone, as the deletion itself removed it.
  if (categories.nameOnRow && stored.length) values[categories.nameOnRow] = existing[0]?.name ?? null;
  return { values, categoryIds: existing.map((category) => category.id) };
}

/** Links row `id` to exactly these categories (a restore's `readRevision().categoryIds`). */
export async function linkCategories(
  executor: Executor,
  entityType: RevisionEntityType,
  id: string,
  categoryIds: string[],
) {
  const { categories } = contents[entityType];
  if (!categories) return;
  await executor.delete(categories.links).where(eq(categories.owner, id));
  await executor.execute(sql`
    insert into ${categories.links} (${sql.identifier(categories.owner.name)}, ${sql.identifier(categories.category.name)})
    select ${id}::uuid, unnest(${sql.param(categoryIds)}::uuid[])`);
}
