import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { projectCategories, projectImages, projects } from "~/server/db/schema";
import { readFellBack } from "~/server/cache/page-cache.server";
import { slugOrIdMatches } from "~/server/content/lookup.server";
import { displayDate, publiclyVisible } from "~/server/content/visibility.server";

/** public-site.md §9: related projects 3. */
export const RELATED_PROJECTS_LIMIT = 3;

/** What a project card needs (public-site.md §7 "Projects"). */
export type ProjectSummary = {
  slug: string;
  title: string;
  description: string | null;
  location: string | null;
  category: string | null;
  mainImage: string | null;
};

const summaryColumns = {
  slug: projects.slug,
  title: projects.title,
  description: projects.description,
  location: projects.location,
  category: projects.category,
  mainImage: projects.mainImage,
};

/** §7: newest publication first; a scheduled project that went live counts from its date. */
const projectOrder = [
  sql`coalesce(${projects.publishedAt}, ${projects.scheduledAt}) desc nulls last`,
  desc(projects.createdAt),
];

type ProjectListOptions = {
  categorySlug?: string | null;
  /** Only projects with this category name (related projects). */
  categoryName?: string;
  excludeId?: string;
  limit?: number;
  /** Rows skipped first (a list's later page). */
  offset?: number;
};

/**
 * Public projects for the cards. The category filter takes a category slug and matches the
 * project's category name (§7), so an unknown slug gives an empty list.
 */
export async function listPublishedProjects(options: ProjectListOptions = {}): Promise<ProjectSummary[]> {
  const query = db()
    .select(summaryColumns)
    .from(projects)
    .where(and(...listConditions(options)))
    .orderBy(...projectOrder);
  try {
    return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
  } catch (error) {
    // §8: list reads that fail return empty lists silently (logged for us).
    readFellBack(error, "public project list read failed");
    return [];
  }
}

/** How many projects `listPublishedProjects` lists with these options, unlimited (null when the read fails). */
export async function countPublishedProjects(options: Pick<ProjectListOptions, "categorySlug"> = {}) {
  try {
    return await db().$count(projects, and(...listConditions(options)));
  } catch (error) {
    readFellBack(error, "public project count failed");
    return null;
  }
}

function listConditions(options: ProjectListOptions) {
  const conditions = [publiclyVisible(projects)];
  if (options.categoryName) conditions.push(eq(projects.category, options.categoryName));
  if (options.excludeId) conditions.push(ne(projects.id, options.excludeId));
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
  return conditions;
}

/** One public project by slug (or id) with everything the detail page shows; null if not public. */
export async function getPublishedProject(slugOrId: string) {
  const [row] = await db()
    .select({
      ...summaryColumns,
      id: projects.id,
      date: displayDate(projects),
      content: projects.content,
      challenges: projects.challenges,
      solutions: projects.solutions,
      results: projects.results,
      publishedAt: projects.publishedAt,
      updatedAt: projects.updatedAt,
      metaTitle: projects.metaTitle,
      metaDescription: projects.metaDescription,
      metaKeywords: projects.metaKeywords,
      canonicalUrl: projects.canonicalUrl,
      ogTitle: projects.ogTitle,
      ogDescription: projects.ogDescription,
      ogImage: projects.ogImage,
      twitterTitle: projects.twitterTitle,
      twitterDescription: projects.twitterDescription,
      twitterImage: projects.twitterImage,
    })
    .from(projects)
    .where(and(publiclyVisible(projects), slugOrIdMatches(projects, slugOrId)))
    .limit(1);
  return row ?? null;
}

/** A photo of a project's public gallery, as the page shows it (the stored rows are `GalleryImage`). */
export type GalleryPhoto = { url: string; alt: string };

/** The gallery (§2): the main image first, then the extra images in display order. */
export async function getProjectGallery(project: {
  id: string;
  title: string;
  mainImage: string | null;
}): Promise<GalleryPhoto[]> {
  const extra = await db()
    .select({ url: projectImages.imageUrl, alt: projectImages.altText })
    .from(projectImages)
    .where(eq(projectImages.projectId, project.id))
    .orderBy(asc(projectImages.displayOrder), asc(projectImages.createdAt));
  const images: GalleryPhoto[] = project.mainImage ? [{ url: project.mainImage, alt: project.title }] : [];
  for (const [index, image] of extra.entries()) {
    // The main image is often uploaded to the gallery too: show it once.
    if (images.some((shown) => shown.url === image.url)) continue;
    images.push({ url: image.url, alt: image.alt?.trim() || `${project.title} – photo ${index + 1}` });
  }
  return images;
}

/** §7: other public projects of the same category, at most 3. */
export async function getRelatedProjects(project: { id: string; category: string | null }) {
  if (!project.category) return [];
  return listPublishedProjects({
    categoryName: project.category,
    excludeId: project.id,
    limit: RELATED_PROJECTS_LIMIT,
  });
}
