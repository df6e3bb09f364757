import { eq } from "drizzle-orm";
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

/** The copy's slug: the original's with '-copie' (then -2, -3…), never one a row holds. */
function copySlug(
  m: MutationScope,
  table: typeof blogArticles | typeof projects | typeof cmsPages,
  slug: string,
) {
  return uniqueSlug(m.tx, table, `${slug}-copie`, { fallback: "copie" });
}

/** The columns a copy never takes from its original: its identity, dates and publication. */
function withoutIdentity<Row extends { id: string; createdAt: Date; updatedAt: Date }>(row: Row) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

/**
 * 'Dupliquer' an article, project or CMS page: a draft copy titled 'Copie de …' under a new slug,
 * with the original's texts, images, SEO fields (not its canonical address) and category (and a project's gallery rows, the
 * same media files: a copy of a row, not of a file), in one audited transaction ("duplicate",
 * with the original's id). Never public or scheduled; the original's revisions stay its own (the
 * copy starts with the one revision of its creation). Returns the copy's id.
 */
export function duplicateContent(context: MutationContext, entityType: RevisionEntityType, id: string) {
  return mutate(context, async (m) => {
    const options = { action: "duplicate", details: { sourceId: id } };
    if (entityType === "blog_articles") {
      const [source] = await m.tx.select().from(blogArticles).where(eq(blogArticles.id, id));
      if (!source) throw new MissingRowError(entityType, id);
      const copy = await m.insert(
        blogArticles,
        {
          ...withoutIdentity(source),
          title: copyTitle(source.title),
          slug: await copySlug(m, blogArticles, source.slug),
          status: "draft",
          publishedAt: null,
          scheduledAt: null,
          // The original's canonical address would name the original as the copy's own page.
          canonicalUrl: null,
        },
        options,
      );
      const links = await m.tx
        .select()
        .from(blogArticleCategories)
        .where(eq(blogArticleCategories.articleId, id));
      if (links.length)
        await m.tx
          .insert(blogArticleCategories)
          .values(links.map((link) => ({ articleId: copy.id, categoryId: link.categoryId })));
      return copy.id;
    }
    if (entityType === "projects") {
      const [source] = await m.tx.select().from(projects).where(eq(projects.id, id));
      if (!source) throw new MissingRowError(entityType, id);
      const copy = await m.insert(
        projects,
        {
          ...withoutIdentity(source),
          title: copyTitle(source.title),
          slug: await copySlug(m, projects, source.slug),
          status: "draft",
          publishedAt: null,
          scheduledAt: null,
          // The original's canonical address would name the original as the copy's own page.
          canonicalUrl: null,
        },
        options,
      );
      const links = await m.tx
        .select()
        .from(projectCategoryRelations)
        .where(eq(projectCategoryRelations.projectId, id));
      if (links.length)
        await m.tx
          .insert(projectCategoryRelations)
          .values(links.map((link) => ({ projectId: copy.id, categoryId: link.categoryId })));
      const gallery = await m.tx.select().from(projectImages).where(eq(projectImages.projectId, id));
      if (gallery.length)
        await m.tx
          .insert(projectImages)
          .values(
            gallery.map(({ id: _id, createdAt: _created, ...image }) => ({ ...image, projectId: copy.id })),
          );
      return copy.id;
    }
    const [source] = await m.tx.select().from(cmsPages).where(eq(cmsPages.id, id));
    if (!source) throw new MissingRowError(entityType, id);
    const copy = await m.insert(
      cmsPages,
      {
        ...withoutIdentity(source),
        title: copyTitle(source.title),
        slug: await copySlug(m, cmsPages, source.slug),
        isPublished: false,
        publishedAt: null,
      },
      options,
    );
    return copy.id;
  });
}
