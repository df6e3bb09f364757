import { and, asc, desc, eq, exists, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { DEFAULT_AUTHOR_NAME } from "~/lib/site-defaults";
import { db } from "~/server/db/client.server";
import { blogArticleCategories, blogArticles, blogAuthors, blogCategories } from "~/server/db/schema";
import { readFellBack } from "~/server/cache/page-cache.server";
import { slugOrIdMatches } from "~/server/content/lookup.server";
import { displayDate, publiclyVisible } from "~/server/content/visibility.server";

/** public-site.md §9: related articles 3. */
export const RELATED_ARTICLES_LIMIT = 3;

export type CategoryRef = { name: string; slug: string };

/** What an article card needs (public-site.md §2 "Blog list", §3). */
export type ArticleSummary = {
  slug: string;
  title: string;
  excerpt: string | null;
  mainImage: string | null;
  readTime: string;
  authorName: string;
  date: Date;
  category: CategoryRef | null;
};

/** Only the first category is shown (§3); "first" is alphabetical so it is stable. */
export const firstCategory = sql<CategoryRef | null>`(
  select json_build_object('name', ${blogCategories.name}, 'slug', ${blogCategories.slug})
  from ${blogArticleCategories}
  join ${blogCategories} on ${blogCategories.id} = ${blogArticleCategories.categoryId}
  where ${blogArticleCategories.articleId} = ${blogArticles.id}
  order by ${blogCategories.name}
  limit 1
)`;

const summaryColumns = {
  slug: blogArticles.slug,
  title: blogArticles.title,
  excerpt: blogArticles.excerpt,
  mainImage: blogArticles.mainImage,
  readTime: blogArticles.readTime,
  authorName: sql<string>`coalesce(${blogAuthors.name}, ${DEFAULT_AUTHOR_NAME})`,
  date: displayDate(blogArticles),
  category: firstCategory,
};

function inCategory(categorySlug: string): SQL {
  return exists(
    db()
      .select({ one: sql`1` })
      .from(blogArticleCategories)
      .innerJoin(blogCategories, eq(blogCategories.id, blogArticleCategories.categoryId))
      .where(
        and(eq(blogArticleCategories.articleId, blogArticles.id), eq(blogCategories.slug, categorySlug)),
      ),
  );
}

function sharesCategoryWith(articleId: string): SQL {
  const mine = db()
    .select({ categoryId: blogArticleCategories.categoryId })
    .from(blogArticleCategories)
    .where(eq(blogArticleCategories.articleId, articleId));
  return exists(
    db()
      .select({ one: sql`1` })
      .from(blogArticleCategories)
      .where(
        and(
          eq(blogArticleCategories.articleId, blogArticles.id),
          inArray(blogArticleCategories.categoryId, mine),
        ),
      ),
  );
}

/** §4: published articles first (newest first), then scheduled ones by ascending date. */
const articleOrder = [
  sql`case when ${blogArticles.status} = 'published' then 0 else 1 end`,
  sql`case when ${blogArticles.status} = 'published' then ${blogArticles.publishedAt} end desc nulls last`,
  asc(blogArticles.scheduledAt),
  desc(blogArticles.createdAt),
];

type ArticleListOptions = {
  /** Only articles in this category (blog_categories.slug). */
  categorySlug?: string | null;
  /**
   * Closest to this article first: its shown category, then any other category it has, then the
   * rest; newest first within each.
   */
  closestTo?: { articleId: string; categorySlug: string | null };
  excludeIds?: string[];
  limit?: number;
  /** Rows skipped first (a list's later page). */
  offset?: number;
};

/** Public articles for the cards, optionally in one category (by slug) and limited. */
export async function listPublishedArticles(options: ArticleListOptions = {}): Promise<ArticleSummary[]> {
  const conditions = listConditions(options);
  const closeness = options.closestTo
    ? [
        sql`case when ${options.closestTo.categorySlug ? inCategory(options.closestTo.categorySlug) : sql`false`} then 0
          when ${sharesCategoryWith(options.closestTo.articleId)} then 1 else 2 end`,
      ]
    : [];
  const query = db()
    .select(summaryColumns)
    .from(blogArticles)
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogArticles.authorId))
    .where(and(...conditions))
    .orderBy(...closeness, ...articleOrder);
  try {
    return options.limit ? await query.limit(options.limit).offset(options.offset ?? 0) : await query;
  } catch (error) {
    // §8: list reads that fail return empty lists silently (logged for us).
    readFellBack(error, "public article list read failed");
    return [];
  }
}

/** How many articles `listPublishedArticles` lists with these options, unlimited (null when the read fails). */
export async function countPublishedArticles(options: Pick<ArticleListOptions, "categorySlug"> = {}) {
  try {
    return await db().$count(blogArticles, and(...listConditions(options)));
  } catch (error) {
    readFellBack(error, "public article count failed");
    return null;
  }
}

function listConditions(options: ArticleListOptions) {
  const conditions = [publiclyVisible(blogArticles)];
  if (options.categorySlug) conditions.push(inCategory(options.categorySlug));
  if (options.excludeIds?.length) conditions.push(notInArray(blogArticles.id, options.excludeIds));
  return conditions;
}

async function readArticle(slugOrId: string) {
  const [row] = await db()
    .select({
      ...summaryColumns,
      id: blogArticles.id,
      content: blogArticles.content,
      status: blogArticles.status,
      publishedAt: blogArticles.publishedAt,
      updatedAt: blogArticles.updatedAt,
      metaTitle: blogArticles.metaTitle,
      metaDescription: blogArticles.metaDescription,
      metaKeywords: blogArticles.metaKeywords,
      canonicalUrl: blogArticles.canonicalUrl,
      ogTitle: blogArticles.ogTitle,
      ogDescription: blogArticles.ogDescription,
      ogImage: blogArticles.ogImage,
      twitterTitle: blogArticles.twitterTitle,
      twitterDescription: blogArticles.twitterDescription,
      twitterImage: blogArticles.twitterImage,
    })
    .from(blogArticles)
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogArticles.authorId))
    .where(and(publiclyVisible(blogArticles), slugOrIdMatches(blogArticles, slugOrId)))
    .limit(1);
  return row ?? null;
}

/**
 * One public article by slug (or id), null when it does not exist or is not public.
 * §5: a missing slug is an error, not a "not found".
 */
export async function getPublishedArticle(slugOrId: string | undefined) {
  if (!slugOrId) throw new Error("Article slug is required");
  return readArticle(slugOrId);
}

/**
 * The article page's two related lists (§2, §9: 3 each). `sameCategory`: the side list, other
 * articles of the category shown on the article. `similar`: the bottom cards, three more articles
 * not already in the side list (nor the article itself): those of the same category first, then
 * those sharing another of its categories, then the latest, so readers always get somewhere to go
 * next (docs/decisions/ records why this departs from §7).
 */
export async function getRelatedArticles(article: { id: string; category: CategoryRef | null }) {
  // Both read at once: the closest articles, enough of them that three are left once those of
  // the side list are taken out.
  const [sameCategory, closest] = await Promise.all([
    article.category
      ? listPublishedArticles({
          categorySlug: article.category.slug,
          excludeIds: [article.id],
          limit: RELATED_ARTICLES_LIMIT,
        })
      : [],
    listPublishedArticles({
      closestTo: { articleId: article.id, categorySlug: article.category?.slug ?? null },
      excludeIds: [article.id],
      limit: 2 * RELATED_ARTICLES_LIMIT,
    }),
  ]);
  const inSideList = new Set(sameCategory.map((a) => a.slug));
  const similar = closest.filter((a) => !inSideList.has(a.slug)).slice(0, RELATED_ARTICLES_LIMIT);
  return { sameCategory, similar };
}
