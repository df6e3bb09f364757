/** The back office's CMS pages (back-office.md §2.14): the list, the form's reads and the mutations. The public site reads them through published.server.ts. */
import { and, eq } from "drizzle-orm";
import type { ListQuery } from "~/lib/list-query";
import type { CmsPageFormInput, CmsPageValues, cmsPageListSpec } from "~/lib/schemas/cms-page";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db, type Executor } from "~/server/db/client.server";
import { containsText, frenchText, listOrder, listPage } from "~/server/db/list.server";
import { cmsPages } from "~/server/db/schema";
import { isUuid } from "~/lib/uuid";
import { sanitizeRichTextForStorage } from "~/server/content/sanitize.server";
import { moveToTrash } from "~/server/trash/trash.server";

export type CmsPageListQuery = ListQuery<
  (typeof cmsPageListSpec.sorts)[number],
  keyof NonNullable<typeof cmsPageListSpec.filters>
>;

/** One page of the CMS pages list: search in title or slug, status filter, the §2.14 sorts, in SQL. */
export async function listCmsPages(query: CmsPageListQuery) {
  const status = query.filters.status;
  const where = and(
    containsText([cmsPages.title, cmsPages.slug], query.q),
    status ? eq(cmsPages.isPublished, status === "published") : undefined,
  );
  const sortColumn = {
    title: frenchText(cmsPages.title),
    slug: cmsPages.slug,
    status: cmsPages.isPublished,
    updated: cmsPages.updatedAt,
  }[query.sort];
  return listPage(query.page, {
    count: () => db().$count(cmsPages, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: cmsPages.id,
          title: cmsPages.title,
          slug: cmsPages.slug,
          isPublished: cmsPages.isPublished,
          updatedAt: cmsPages.updatedAt,
        })
        .from(cmsPages)
        .where(where)
        .orderBy(...listOrder(sortColumn, query.dir, cmsPages.id))
        .limit(limit)
        .offset(offset),
  });
}

export type CmsPageListItem = Awaited<ReturnType<typeof listCmsPages>>["items"][number];

/** A stored CMS page, or null (unknown or malformed id). */
export async function getCmsPage(id: string | undefined, executor: Executor = db()) {
  if (!isUuid(id)) return null;
  const [page] = await executor.select().from(cmsPages).where(eq(cmsPages.id, id));
  return page ?? null;
}

export type StoredCmsPage = NonNullable<Awaited<ReturnType<typeof getCmsPage>>>;

/** The form's values for a stored page, or a new page's (empty, not published). */
export function cmsPageFormInput(page: StoredCmsPage | null): CmsPageFormInput {
  return {
    title: page?.title ?? "",
    slug: page?.slug ?? "",
    content: page?.content ?? "",
    metaTitle: page?.metaTitle ?? "",
    metaDescription: page?.metaDescription ?? "",
    metaKeywords: page?.metaKeywords ?? "",
    isPublished: page?.isPublished ?? false,
    updatedAt: page ? page.updatedAt.toISOString() : "",
  };
}

function columnsOf(values: CmsPageValues) {
  const orNull = (value: string | undefined) => value || null;
  return {
    title: values.title,
    slug: values.slug,
    content: sanitizeRichTextForStorage(values.content) ?? "",
    metaTitle: orNull(values.metaTitle),
    metaDescription: orNull(values.metaDescription),
    metaKeywords: orNull(values.metaKeywords),
    isPublished: values.isPublished,
  };
}

/** §4: a page created published is published now. */
export function createCmsPage(context: MutationContext, values: CmsPageValues) {
  return mutate(context, (m) =>
    m.insert(cmsPages, { ...columnsOf(values), publishedAt: values.isPublished ? new Date() : null }),
  );
}

/**
 * §4: on update the publication date is set to now whenever the page is published, else kept.
 * Refused (StaleContentError) over a newer version than the form's `updatedAt`; a published page
 * whose slug changes leaves a 301 from the old address (mutate).
 */
export function updateCmsPage(context: MutationContext, id: string, values: CmsPageValues) {
  return mutate(context, (m) =>
    m.update(
      cmsPages,
      id,
      { ...columnsOf(values), ...(values.isPublished ? { publishedAt: new Date() } : {}) },
      { expectedUpdatedAt: values.updatedAt ?? null },
    ),
  );
}

/** To the trash (decision 012), restorable for 30 days. */
export function deleteCmsPage(context: MutationContext, id: string) {
  return mutate(context, (m) => moveToTrash(m, context.actor, "cms_pages", id));
}
