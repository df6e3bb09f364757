import { and, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { cmsPages } from "~/server/db/schema";
import { cmsPageVisible } from "~/server/content/visibility.server";

/** A published CMS page by slug (§5: only when is_published), or null. */
export async function getPublishedCmsPage(slug: string) {
  const [page] = await db()
    .select({
      slug: cmsPages.slug,
      title: cmsPages.title,
      content: cmsPages.content,
      metaTitle: cmsPages.metaTitle,
      metaDescription: cmsPages.metaDescription,
      metaKeywords: cmsPages.metaKeywords,
      updatedAt: cmsPages.updatedAt,
    })
    .from(cmsPages)
    .where(and(cmsPageVisible(), eq(cmsPages.slug, slug)))
    .limit(1);
  return page ?? null;
}
