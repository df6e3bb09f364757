import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { projectCategories, projects } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { displayDate, publiclyVisible } from "./visibility.server";

/** public-site.md §9: related projects 3. */
export const RELATED_PROJECTS_LIMIT = 3;

/** What a project card needs (public-site.md §7 "Projects"). */
export type ProjectSummary = {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  location: string | null;
  category: string | null;
  mainImage: string | null;
  date: Date;
};

const summaryColumns = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  description: projects.description,
  location: projects.location,
  category: projects.category,
  mainImage: projects.mainImage,
  date: displayDate(projects),
};

/** §7: newest publication first; a scheduled project that went live counts from its date. */
const projectOrder = [
  sql`coalesce(${projects.publishedAt}, ${projects.scheduledAt}) desc nulls last`,
  desc(projects.createdAt),
];

/**
 * Public projects for the cards. The category filter takes a category slug and matches the
 * project's category name (§7), so an unknown slug gives an empty list.
 */
export async function listPublishedProjects(
  options: { categorySlug?: string | null; limit?: number } = {},
): Promise<ProjectSummary[]> {
  const conditions = [publiclyVisible(projects)];
  if (options.categorySlug) {
    conditions.push(
      inArray(
        projects.category,
        db()
          .select({ name: projectCategories.name })
          .from(projectCategories)
          .where(eq(projectCategories.slug, options.categorySlug)),
      ),
    );
  }
  const query = db()
    .select(summaryColumns)
    .from(projects)
    .where(and(...conditions))
    .orderBy(...projectOrder);
  try {
    return options.limit ? await query.limit(options.limit) : await query;
  } catch (error) {
    // §8: list reads that fail return empty lists silently (logged for us).
    logger.error({ err: error }, "public project list read failed");
    return [];
  }
}

export type ProjectCategory = { name: string; slug: string };

/** Project categories for the filter buttons, alphabetical. */
export async function listProjectCategories(): Promise<ProjectCategory[]> {
  try {
    return await db()
      .select({ name: projectCategories.name, slug: projectCategories.slug })
      .from(projectCategories)
      .orderBy(asc(projectCategories.name));
  } catch (error) {
    logger.error({ err: error }, "project category list read failed");
    return [];
  }
}
