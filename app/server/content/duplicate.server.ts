import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RevisionEntityType } from "~/lib/enums";
import {
  mutate,
  MissingRowError,
  type MutationContext,
  type MutationScope,
} from "~/server/audit/mutation.server";
import {
  blogArticleCategories,
  blogArticles,
  cmsPages,
  projectCategoryRelations,
  projectImages,
  projects,
} from "~/server/db/schema";
import { uniqueSlug } from "~/server/db/unique-slug.server";

/** The title of a copy ('Dupliquer', issue 21, point 7). */
export function copyTitle(title: string) {
  return `Copie de ${title}`;
}

/** The toast over the copy's editor. */
export const DUPLICATE_NOTICE = "Vous modifiez la copie, enregistrée comme brouillon.";

/** The original's columns, as its copy takes them: a new title and slug, no identity, never published. */
async function copyValues<
  Row extends { id: string; title: string; slug: string; createdAt: Date; updatedAt: Date },
>(m: MutationScope, table: typeof blogArticles | typeof projects | typeof cmsPages, source: Row) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = source;
  return {
    ...rest,
    title: copyTitle(source.title),
    slug: await uniqueSlug(m.tx, table, `${source.slug}-copie`, { fallback: "copie" }),
    publishedAt: null,
  };
}

/**
 * An article's or project's copy is a draft, never scheduled, without the original's canonical
 * address (it would name the original as the copy's own page).
 */
const PUBLISHABLE_DRAFT = { status: "draft", scheduledAt: null, canonicalUrl: null } as const;

/** Copies the rows of `table` that belong to the original (`owner` = its id), as `map` makes them the copy's. */
async function copyRows<Table extends PgTable>(
  m: MutationScope,
  table: Table,
  owner: PgColumn,
  id: string,
  map: (row: Table["$inferSelect"]) => Table["$inferInsert"],
) {
  const rows = (await m.tx
    .select()
    .from(table as PgTable)
    .where(eq(owner, id))) as Table["$inferSelect"][];
  if (rows.length) await m.tx.insert(table).values(rows.map(map));
}

/**
 * 'Dupliquer' an article, project or CMS page: a draft copy titled 'Copie de …' under the
 * original's slug + '-copie' (then -2, -3…), with its texts, images, SEO fields and category (and a
 * project's gallery rows, the same media files: a copy of a row, not of a file), in one audited
 * transaction ("duplicate", with the original's id). The original's revisions stay its own (the
 * copy starts with the one revision of its creation). Returns the copy's id.
 */
export function duplicateContent(context: MutationContext, entityType: RevisionEntityType, id: string) {
  return mutate(context, async (m) => {
    const options = { action: "duplicate", details: { sourceId: id } };
    if (entityType === "cms_pages") {
      const [source] = await m.tx.select().from(cmsPages).where(eq(cmsPages.id, id));
      if (!source) throw new MissingRowError(entityType, id);
      const values = { ...(await copyValues(m, cmsPages, source)), isPublished: false };
      return (await m.insert(cmsPages, values, options)).id;
    }
    if (entityType === "blog_articles") {
      const [source] = await m.tx.select().from(blogArticles).where(eq(blogArticles.id, id));
      if (!source) throw new MissingRowError(entityType, id);
      const values = { ...(await copyValues(m, blogArticles, source)), ...PUBLISHABLE_DRAFT };
      const copy = await m.insert(blogArticles, values, options);
      await copyRows(m, blogArticleCategories, blogArticleCategories.articleId, id, (link) => ({
        ...link,
        articleId: copy.id,
      }));
      return copy.id;
    }
    const [source] = await m.tx.select().from(projects).where(eq(projects.id, id));
    if (!source) throw new MissingRowError(entityType, id);
    const values = { ...(await copyValues(m, projects, source)), ...PUBLISHABLE_DRAFT };
    const copy = await m.insert(projects, values, options);
    await copyRows(m, projectCategoryRelations, projectCategoryRelations.projectId, id, (link) => ({
      ...link,
      projectId: copy.id,
    }));
    await copyRows(
      m,
      projectImages,
      projectImages.projectId,
      id,
      ({ id: _id, createdAt: _created, ...image }) => ({
        ...image,
        projectId: copy.id,
      }),
    );
    return copy.id;
  });
}
