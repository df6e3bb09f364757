import { eq } from "drizzle-orm";
import type { ImportReport } from "~/lib/admin/wordpress-import";
import { RESERVED_CMS_SLUGS } from "~/lib/schemas/cms-page";
import { publicPath } from "~/lib/public-paths";
import { slugify } from "~/lib/slugify";
import type { MutationContext } from "~/server/audit/mutation.server";
import { sanitizeRichTextForStorage } from "~/server/content/sanitize.server";
import { db } from "~/server/db/client.server";
import { blogArticleCategories, blogArticles, cmsPages } from "~/server/db/schema";
import { uniqueSlug } from "~/server/db/unique-slug.server";
import { convertContent, POST_STATUSES, readTimeOf } from "./content.server";
import { ReferencesImport } from "./references.server";
import { oldAddress, sameValues } from "./report.server";
import { openUploads } from "./uploads.server";
import { itemDate, readWxrFile, type WxrItem, type WxrRecord } from "./wxr.server";

/**
 * The WordPress import (issue 23, decision 013): a WXR export read twice as it streams (first the
 * authors, categories and attachments that posts refer to, then the posts and pages), each item
 * written through the same paths as the back office (`mutate`: audit row, revision, cache purge;
 * the editor's sanitizer; the media library), remembered by its WordPress key (wordpress_items)
 * so that importing the file again updates what it made, and every old permalink kept as a 301.
 */

export type ImportOptions = {
  /** The WXR file. */
  file: string;
  /** A copy of `wp-content/uploads`: a directory or a zip. */
  uploads?: string;
  /** Reads everything and reports what would happen; writes nothing. */
  dryRun?: boolean;
  /** Whether an attachment missing from `uploads` is fetched from the old site (true). */
  fetchMissing?: boolean;
  context: MutationContext;
  /** 0 to 100, as the file is read (twice). */
  onProgress?: (percent: number) => void;
};

class WordPressImport extends ReferencesImport {
  // ---------------------------------------------------------------- second pass

  async second(record: WxrRecord) {
    if (record.type !== "item" || record.postType === "attachment") return;
    if (record.postType === "post") return this.post(record);
    if (record.postType === "page") return this.page(record);
    this.count("other", "skipped");
  }

  private content(item: WxrItem, label: string) {
    const html = convertContent(item.content, {
      media: this.images,
      siteUrls: this.siteUrls,
      warn: (message) => this.warn(`${label} : ${message}`),
    });
    return sanitizeRichTextForStorage(html);
  }

  /** A post → an article, with its categories (and their parents), author, image and old addresses. */
  private async post(item: WxrItem) {
    const status = POST_STATUSES[item.status];
    const label = `article « ${item.title || item.wordpressId} »`;
    if (!status) return this.count("articles", "skipped");
    if (item.status === "private") this.warn(`${label} : privé sur WordPress, importé en brouillon`);
    const knownId = await this.known(item.guid);
    const [existing] = knownId
      ? await db().select().from(blogArticles).where(eq(blogArticles.id, knownId))
      : [];
    const date = itemDate(item);
    const thumbnail = Number(item.meta._thumbnail_id) || 0;
    const image = thumbnail ? this.images.byId(thumbnail) : undefined;
    if (thumbnail && !image) this.warn(`${label} : image mise en avant ${thumbnail} introuvable`);
    const content = this.content(item, label);
    const values = {
      title: item.title.trim() || `Article ${item.wordpressId}`,
      excerpt: item.excerpt.trim() || null,
      content,
      mainImage: image?.url ?? null,
      authorId: this.authors.get(item.creator) ?? null,
      status,
      createdAt: date ?? new Date(),
      publishedAt: status === "published" ? date : null,
      scheduledAt: status === "scheduled" ? date : null,
      readTime: readTimeOf(content),
    };
    const categorySlugs = new Set(item.categories.flatMap((slug) => this.categoryPath(slug)));
    const categoryIds = [...categorySlugs]
      .map((slug) => this.categoryIds.get(slug))
      .filter((id): id is string => Boolean(id));
    const addresses = [`/?p=${item.wordpressId}`, oldAddress(item.link, this.siteUrls)];
    const slugBase = slugify(item.slug) || slugify(item.title);
    await this.write("articles", existing, values, addresses, async (m) => {
      const slug =
        existing?.slug ?? (await uniqueSlug(m.tx, blogArticles, slugBase, { fallback: "article" }));
      const row = existing
        ? sameValues(existing, values)
          ? existing
          : await m.update(blogArticles, existing.id, values)
        : await m.insert(blogArticles, { ...values, slug });
      const linked = await m.tx
        .select({ id: blogArticleCategories.categoryId })
        .from(blogArticleCategories)
        .where(eq(blogArticleCategories.articleId, row.id));
      const linkedIds = new Set(linked.map((link) => link.id));
      const missing = categoryIds.filter((id) => !linkedIds.has(id));
      if (missing.length > 0)
        await m.tx
          .insert(blogArticleCategories)
          .values(missing.map((categoryId) => ({ articleId: row.id, categoryId })));
      await this.remember(m, item.guid, "blog_articles", row.id);
      await this.redirects(
        m,
        { entityType: "blog_articles", id: row.id, ownPath: publicPath("blog_articles", row.slug) },
        addresses,
      );
      return { changed: !existing || row !== existing || missing.length > 0 };
    });
  }

  /** A page → a CMS page (our pages are flat: its old path, parents included, redirects). */
  private async page(item: WxrItem) {
    const label = `page « ${item.title || item.wordpressId} »`;
    if (!["publish", "draft", "pending", "private", "future"].includes(item.status))
      return this.count("pages", "skipped");
    const knownId = await this.known(item.guid);
    const [existing] = knownId ? await db().select().from(cmsPages).where(eq(cmsPages.id, knownId)) : [];
    const isPublished = item.status === "publish";
    const values = {
      title: item.title.trim() || `Page ${item.wordpressId}`,
      content: this.content(item, label) ?? "",
      isPublished,
      publishedAt: isPublished ? itemDate(item) : null,
    };
    const addresses = [`/?page_id=${item.wordpressId}`, oldAddress(item.link, this.siteUrls)];
    const slugBase = slugify(item.slug) || slugify(item.title);
    await this.write("pages", existing, values, addresses, async (m) => {
      const slug =
        existing?.slug ??
        (await uniqueSlug(m.tx, cmsPages, slugBase, { fallback: "page", reserved: RESERVED_CMS_SLUGS }));
      const row = existing
        ? sameValues(existing, values)
          ? existing
          : await m.update(cmsPages, existing.id, values)
        : await m.insert(cmsPages, { ...values, slug });
      await this.remember(m, item.guid, "cms_pages", row.id);
      await this.redirects(
        m,
        { entityType: "cms_pages", id: row.id, ownPath: publicPath("cms_pages", row.slug) },
        addresses,
      );
      return { changed: !existing || row !== existing };
    });
  }
}

/** Imports a WordPress export; see the module's comment. Returns the report (also for a dry run). */
export async function importWordPress(options: ImportOptions): Promise<ImportReport> {
  const uploads = options.uploads ? await openUploads(options.uploads) : null;
  try {
    const run = new WordPressImport(options, uploads);
    let shown = -1;
    const progress = (percent: number) => {
      const whole = Math.min(99, Math.floor(percent));
      if (whole !== shown) options.onProgress?.((shown = whole));
    };
    await readWxrFile(
      options.file,
      (record) => run.first(record),
      (fraction) => progress(fraction * 50),
    );
    await run.writeCategories();
    await readWxrFile(
      options.file,
      (record) => run.second(record),
      (fraction) => progress(50 + fraction * 50),
    );
    options.onProgress?.(100);
    return run.finish();
  } finally {
    await uploads?.close();
  }
}
