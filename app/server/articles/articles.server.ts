/**
 * The back office's articles (back-office.md §2.5, §2.6, §3, §4, §5): the list, the form's reads
 * and the create, update and delete mutations. The public site's reads are blog.server.ts.
 */
import { isUuid } from "~/lib/uuid";
import { and, asc, eq, exists, inArray, notExists, or, sql, type SQL } from "drizzle-orm";
import type { ContentStatus } from "~/lib/enums";
import type { ListQuery } from "~/lib/list-query";
import { fromParisDate, fromParisInput, toParisDate, toParisInput } from "~/lib/paris-time";
import {
  DEFAULT_ARTICLE_READ_TIME,
  UNCATEGORIZED,
  unknownCategoryMessage,
  SLUG_TAKEN_MESSAGE,
  type ArticleFormInput,
  type ArticleFormValues,
  type articleListSpec,
} from "~/lib/schemas/article";
import { DEFAULT_AUTHOR_NAME } from "~/lib/site-defaults";
import { slugify } from "~/lib/slugify";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db, type Executor } from "~/server/db/client.server";
import {
  containsText,
  countSearched,
  countUpTo,
  escapeLike,
  frenchText,
  listOrder,
  listPage,
} from "~/server/db/list.server";
import { uniqueSlug } from "~/server/db/unique-slug.server";
import { blogArticleCategories, blogArticles, blogAuthors, blogCategories } from "~/server/db/schema";
import { firstCategory } from "./published.server";
import { sanitizeRichTextForStorage } from "~/server/content/sanitize.server";
import { moveToTrash } from "~/server/trash/trash.server";

export type ArticleListQuery = ListQuery<
  (typeof articleListSpec.sorts)[number],
  keyof NonNullable<typeof articleListSpec.filters>
>;

/** The ids of the articles linked to a category matching `condition`. */
function articlesInCategories(condition: SQL | undefined) {
  return db()
    .select({ id: blogArticleCategories.articleId })
    .from(blogArticleCategories)
    .innerJoin(blogCategories, eq(blogCategories.id, blogArticleCategories.categoryId))
    .where(condition);
}

/** The category filter: the article has a link to a category matching `condition`. */
function categoryMatches(condition: SQL): SQL {
  return exists(articlesInCategories(and(eq(blogArticleCategories.articleId, blogArticles.id), condition)));
}

/**
 * The search in category names, as `id = any(array(…))`: the ids are read once, so beside a title
 * search (`or`) both sides are index scans; with `exists` the planner read all 10,000 articles to
 * count a search (10 ms, 6 ms this way for 2,000 matches).
 */
function inCategoryNamed(condition: SQL): SQL {
  return sql`${blogArticles.id} = any(array(${articlesInCategories(condition)}))`;
}

function listWhere(query: ArticleListQuery): SQL | undefined {
  const { category, status } = query.filters;
  const search = query.q ? `%${escapeLike(query.q)}%` : null;
  return and(
    search
      ? or(
          containsText([blogArticles.title], query.q),
          inCategoryNamed(sql`${blogCategories.name} ilike ${search} escape '\\'`),
        )
      : undefined,
    category === UNCATEGORIZED
      ? notExists(
          db()
            .select({ one: sql`1` })
            .from(blogArticleCategories)
            .where(eq(blogArticleCategories.articleId, blogArticles.id)),
        )
      : category
        ? categoryMatches(eq(blogCategories.slug, category))
        : undefined,
    status ? eq(blogArticles.status, status) : undefined,
  );
}

/** §2.5: one page of the articles matching the search and filters, in SQL. */
export async function listArticles(query: ArticleListQuery) {
  const where = listWhere(query);
  const sortColumn = {
    date: blogArticles.createdAt,
    title: frenchText(blogArticles.title),
    status: blogArticles.status,
  }[query.sort];
  const order = listOrder(sortColumn, query.dir, blogArticles.id);
  return listPage(query.page, {
    // A search's total stops at 'plus de 1 000': each match's title is read again to be counted
    // (5.2 ms for 2,000 of 10,000 articles), through the trigram index when the text is long enough.
    count: () =>
      query.q
        ? countSearched(query.q, (executor) => countUpTo(blogArticles, where, executor))
        : db().$count(blogArticles, where),
    capped: Boolean(query.q),
    rows: ({ limit, offset }) =>
      db()
        .select({
          // What the list shows, no more: each column is sent again in the page's data.
          id: blogArticles.id,
          title: blogArticles.title,
          status: sql<ContentStatus>`${blogArticles.status}`,
          createdAt: blogArticles.createdAt,
          category: firstCategory,
          author: sql<string>`coalesce(${blogAuthors.name}, ${DEFAULT_AUTHOR_NAME})`,
        })
        .from(blogArticles)
        .leftJoin(blogAuthors, eq(blogAuthors.id, blogArticles.authorId))
        // The page's ids first, from the articles alone: the category and author are then read for
        // its 25 rows, not for every row the offset skips (10,000 category reads on the last page).
        .where(
          inArray(
            blogArticles.id,
            db()
              .select({ id: blogArticles.id })
              .from(blogArticles)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(...order),
  });
}

export type ArticleListItem = Awaited<ReturnType<typeof listArticles>>["items"][number];

/** Blog categories for the select and the filter, by name (§7). */
export function listBlogCategories() {
  return db()
    .select({ id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug })
    .from(blogCategories)
    .orderBy(asc(frenchText(blogCategories.name)));
}

/** Authors for the select, by name (§7). */
export function listAuthorNames() {
  return db()
    .select({ id: blogAuthors.id, name: blogAuthors.name })
    .from(blogAuthors)
    .orderBy(asc(frenchText(blogAuthors.name)));
}

/** A stored article with its category and author names, or null (unknown or malformed id). */
export async function getArticle(id: string | undefined, executor: Executor = db()) {
  if (!isUuid(id)) return null;
  const [row] = await executor
    .select({ article: blogArticles, category: firstCategory, author: blogAuthors.name })
    .from(blogArticles)
    .leftJoin(blogAuthors, eq(blogAuthors.id, blogArticles.authorId))
    .where(eq(blogArticles.id, id));
  return row ? { ...row.article, category: row.category, authorName: row.author } : null;
}

export type StoredArticle = NonNullable<Awaited<ReturnType<typeof getArticle>>>;

/**
 * The form's values for a stored article, or a new article's defaults (§3: empty strings, date
 * today, author the first author or 'Admin', read time '5 min', status draft).
 */
export function articleFormInput(article: StoredArticle | null, firstAuthor?: string): ArticleFormInput {
  const text = (value: string | null | undefined) => value ?? "";
  return {
    title: text(article?.title),
    excerpt: text(article?.excerpt),
    date: toParisDate(article?.createdAt ?? new Date()),
    image: text(article?.mainImage),
    category: text(article?.category?.name),
    content: text(article?.content),
    author: article ? (article.authorName ?? DEFAULT_AUTHOR_NAME) : (firstAuthor ?? DEFAULT_AUTHOR_NAME),
    readTime: article?.readTime ?? DEFAULT_ARTICLE_READ_TIME,
    status: article?.status ?? "draft",
    scheduledDate: toParisInput(article?.scheduledAt),
    publishedAt: toParisInput(article?.publishedAt),
    slug: text(article?.slug),
    metaTitle: text(article?.metaTitle),
    metaDescription: text(article?.metaDescription),
    metaKeywords: text(article?.metaKeywords),
    canonicalUrl: text(article?.canonicalUrl),
    ogTitle: text(article?.ogTitle),
    ogDescription: text(article?.ogDescription),
    ogImage: text(article?.ogImage),
    twitterTitle: text(article?.twitterTitle),
    twitterDescription: text(article?.twitterDescription),
    twitterImage: text(article?.twitterImage),
    updatedAt: article ? article.updatedAt.toISOString() : "",
  };
}

/** A save the form must show on a field: a slug taken, a category that does not exist. */
export class ArticleFieldError extends Error {
  constructor(
    readonly field: "slug" | "category",
    message: string,
  ) {
    super(message);
    this.name = "ArticleFieldError";
  }
}

/** §5: the article's own slug if given (refused when another article holds it), else one from the title. */
async function slugFor(executor: Executor, values: ArticleFormValues, exceptId?: string) {
  if (!values.slug)
    return uniqueSlug(executor, blogArticles, slugify(values.title), { fallback: "article", exceptId });
  const [holder] = await executor
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(eq(blogArticles.slug, values.slug))
    .limit(1);
  if (holder && holder.id !== exceptId) throw new ArticleFieldError("slug", SLUG_TAKEN_MESSAGE);
  return values.slug;
}

/** The category named in the form (§3: chosen by name); refused when it does not exist. */
async function categoryId(executor: Executor, name: string) {
  const [category] = await executor
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(eq(blogCategories.name, name))
    .limit(1);
  if (!category) throw new ArticleFieldError("category", unknownCategoryMessage(name));
  return category.id;
}

/** §5: the author is the known author of that name; none (shown 'Admin') when there is none. */
async function authorId(executor: Executor, name: string) {
  const [author] = await executor
    .select({ id: blogAuthors.id })
    .from(blogAuthors)
    .where(eq(blogAuthors.name, name))
    .limit(1);
  return author?.id ?? null;
}

/**
 * §4 dates: scheduled goes public at its planned date; published at its publication date (now
 * when none is given); other statuses keep what was set. `date` is the creation date, kept to
 * the minute when its day is unchanged.
 */
function datesOf(values: ArticleFormValues, previous: StoredArticle | null) {
  const day = fromParisDate(values.date)!;
  const createdAt =
    previous && toParisDate(previous.createdAt) === toParisDate(day) ? previous.createdAt : day;
  const scheduledAt =
    values.status === "scheduled" ? fromParisInput(values.scheduledDate) : (previous?.scheduledAt ?? null);
  const publishedAt =
    values.status === "published"
      ? (fromParisInput(values.publishedAt) ?? previous?.publishedAt ?? new Date())
      : (previous?.publishedAt ?? null);
  return { createdAt, scheduledAt, publishedAt };
}

async function columnsOf(executor: Executor, values: ArticleFormValues, previous: StoredArticle | null) {
  const orNull = (value: string | undefined) => value || null;
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: sanitizeRichTextForStorage(values.content),
    mainImage: orNull(values.image),
    authorId: await authorId(executor, values.author),
    status: values.status,
    readTime: values.readTime,
    slug: await slugFor(executor, values, previous?.id),
    ...datesOf(values, previous),
    metaTitle: orNull(values.metaTitle),
    metaDescription: orNull(values.metaDescription),
    metaKeywords: orNull(values.metaKeywords),
    canonicalUrl: orNull(values.canonicalUrl),
    ogTitle: orNull(values.ogTitle),
    ogDescription: orNull(values.ogDescription),
    ogImage: orNull(values.ogImage),
    twitterTitle: orNull(values.twitterTitle),
    twitterDescription: orNull(values.twitterDescription),
    twitterImage: orNull(values.twitterImage),
  };
}

async function linkCategory(executor: Executor, articleId: string, categoryName: string) {
  const category = await categoryId(executor, categoryName);
  await executor.delete(blogArticleCategories).where(eq(blogArticleCategories.articleId, articleId));
  await executor.insert(blogArticleCategories).values({ articleId, categoryId: category });
}

/** §2.6 create: the row, its category link, audit and first revision in one transaction. */
export function createArticle(context: MutationContext, values: ArticleFormValues) {
  return mutate(context, async (m) => {
    await categoryId(m.tx, values.category);
    const article = await m.insert(blogArticles, await columnsOf(m.tx, values, null));
    await linkCategory(m.tx, article.id, values.category);
    return article;
  });
}

/**
 * §2.6 update: refused (StaleContentError) when the article changed since the form was opened
 * (`values.updatedAt`); a slug change of a public article leaves a 301 behind (mutate).
 */
export function updateArticle(context: MutationContext, id: string, values: ArticleFormValues) {
  return mutate(context, async (m) => {
    const previous = await getArticle(id, m.tx);
    const article = await m.update(blogArticles, id, await columnsOf(m.tx, values, previous), {
      expectedUpdatedAt: values.updatedAt ?? null,
    });
    await linkCategory(m.tx, id, values.category);
    return article;
  });
}

/** §2.5 delete, now to the trash (decision 012): the article and its category links, audited. */
export function deleteArticle(context: MutationContext, id: string) {
  return mutate(context, (m) => moveToTrash(m, context.actor, "blog_articles", id));
}
