import path from "node:path";
import { eq } from "drizzle-orm";
import type { ImportKind, ImportOutcome, ImportReport } from "~/lib/wordpress-import";
import { RESERVED_CMS_SLUGS } from "~/lib/schemas/cms-page";
import { publicPath } from "~/lib/public-paths";
import { slugify } from "~/lib/slugify";
import type { ImportedEntityType } from "~/lib/enums";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { recordLegacyRedirects } from "~/server/content/legacy-redirects.server";
import { sanitizeRichTextForStorage } from "~/server/content/sanitize.server";
import { db } from "~/server/db/client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  cmsPages,
  mediaAssets,
  wordpressItems,
} from "~/server/db/schema";
import { uniqueSlug } from "~/server/db/unique-slug.server";
import { storeImportedImage } from "~/server/media/images.server";
import { libraryEntryFor } from "~/server/media/library.server";
import {
  convertContent,
  ImportedImages,
  POST_STATUSES,
  readTimeOf,
  uploadsPath,
  type ImportedImage,
} from "./content.server";
import { attachmentBytes, openUploads, type UploadsSource } from "./uploads.server";
import { distinctSources, emptyCounts, oldAddress, sameValues } from "./report.server";
import {
  itemDate,
  readWxrFile,
  type WxrAuthor,
  type WxrCategory,
  type WxrItem,
  type WxrRecord,
} from "./wxr.server";

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

/** Past this many, warnings are counted rather than listed. */
const MAX_WARNINGS = 200;
class WordPressImport {
  readonly report: ImportReport;
  private readonly siteUrls: string[] = [];
  private readonly authors = new Map<string, string | null>();
  private readonly categories = new Map<string, WxrCategory>();
  private readonly categoryIds = new Map<string, string | null>();
  private readonly images = new ImportedImages();
  private hiddenWarnings = 0;

  constructor(
    private readonly options: ImportOptions,
    private readonly uploads: UploadsSource | null,
  ) {
    this.report = { dryRun: Boolean(options.dryRun), counts: emptyCounts(), redirects: 0, warnings: [] };
  }

  private count(kind: ImportKind, outcome: ImportOutcome) {
    this.report.counts[kind][outcome] += 1;
  }

  warn(message: string) {
    if (this.report.warnings.length < MAX_WARNINGS) this.report.warnings.push(message);
    else this.hiddenWarnings += 1;
  }

  finish() {
    if (this.hiddenWarnings > 0)
      this.report.warnings.push(`… et ${this.hiddenWarnings} autres avertissements`);
    return this.report;
  }

  /** The row an earlier import made of this WordPress key, if it still exists. */
  private async known(key: string) {
    const [row] = await db()
      .select({ entityId: wordpressItems.entityId })
      .from(wordpressItems)
      .where(eq(wordpressItems.key, key));
    return row?.entityId ?? null;
  }

  private remember(m: MutationScope, key: string, entityType: ImportedEntityType, entityId: string) {
    return m.tx
      .insert(wordpressItems)
      .values({ key, entityType, entityId })
      .onConflictDoUpdate({
        target: wordpressItems.key,
        set: { entityType, entityId, updatedAt: new Date() },
      });
  }

  private redirects(
    m: MutationScope,
    target: Parameters<typeof recordLegacyRedirects>[1],
    addresses: (string | null)[],
  ) {
    return recordLegacyRedirects(
      m.tx,
      target,
      addresses.filter((address): address is string => address !== null),
    ).then((recorded) => {
      this.report.redirects += recorded;
    });
  }

  // ---------------------------------------------------------------- first pass

  async first(record: WxrRecord) {
    if (record.type === "site") this.siteUrls.push(...record.baseUrls.map((url) => url.replace(/\/+$/, "")));
    else if (record.type === "author") await this.author(record);
    else if (record.type === "category") this.categories.set(record.slug, record);
    else if (record.postType === "attachment") await this.attachment(record);
  }

  /** An author by login: the one an earlier import made, else ours of the same name, else a new one. */
  private async author(author: WxrAuthor) {
    const key = `author:${author.login}`;
    const name = author.displayName.trim() || author.login;
    const knownId = await this.known(key);
    const [existing] = knownId
      ? await db().select().from(blogAuthors).where(eq(blogAuthors.id, knownId))
      : await db().select().from(blogAuthors).where(eq(blogAuthors.name, name)).limit(1);
    if (existing) {
      this.authors.set(author.login, existing.id);
      const renamed = existing.name !== name;
      this.count("authors", renamed ? "updated" : "unchanged");
      if (this.options.dryRun || (!renamed && knownId)) return;
      await mutate(this.options.context, async (m) => {
        if (renamed) await m.update(blogAuthors, existing.id, { name });
        await this.remember(m, key, "blog_authors", existing.id);
      });
      return;
    }
    this.count("authors", "created");
    if (this.options.dryRun) return this.authors.set(author.login, null);
    const created = await mutate(this.options.context, async (m) => {
      const row = await m.insert(blogAuthors, { name });
      await this.remember(m, key, "blog_authors", row.id);
      return row;
    });
    this.authors.set(author.login, created.id);
  }

  /** WordPress's category path: parents first ("normes/nf-c-15-100"). */
  private categoryPath(slug: string): string[] {
    const trail: string[] = [];
    for (let at = this.categories.get(slug); at && !trail.includes(at.slug);) {
      trail.unshift(at.slug);
      at = at.parent ? this.categories.get(at.parent) : undefined;
    }
    return trail;
  }

  /**
   * Categories, once all are read: nested ones become flat categories of their own (decision
   * 013), each with its old addresses (`/category/parent/child/`, `/category/child/`, `/?cat=id`).
   */
  async writeCategories() {
    for (const category of this.categories.values()) {
      const key = `category:${category.slug}`;
      const slug = slugify(category.slug) || slugify(category.name);
      const name = category.name.trim() || category.slug;
      const knownId = await this.known(key);
      const [existing] = knownId
        ? await db().select().from(blogCategories).where(eq(blogCategories.id, knownId))
        : await db().select().from(blogCategories).where(eq(blogCategories.slug, slug)).limit(1);
      const trail = this.categoryPath(category.slug);
      const addresses = [
        `/category/${trail.join("/")}/`,
        `/category/${category.slug}/`,
        category.termId ? `/?cat=${category.termId}` : null,
      ];
      if (!slug) {
        this.count("categories", "skipped");
        this.warn(`catégorie « ${category.name} » sans slug utilisable : ignorée`);
        continue;
      }
      // A category of ours with that slug already is the same category: linked, never renamed.
      const outcome: ImportOutcome = existing
        ? knownId && existing.name !== name
          ? "updated"
          : "unchanged"
        : "created";
      this.count("categories", outcome);
      if (this.options.dryRun) {
        this.categoryIds.set(category.slug, existing?.id ?? null);
        this.report.redirects += distinctSources(addresses);
        continue;
      }
      const id = await mutate(this.options.context, async (m) => {
        const row = existing
          ? outcome === "updated"
            ? await m.update(blogCategories, existing.id, { name })
            : existing
          : await m.insert(blogCategories, { name, slug });
        await this.remember(m, key, "blog_categories", row.id);
        await this.redirects(m, { entityType: "blog_categories", id: row.id, ownPath: "" }, addresses);
        return row.id;
      });
      this.categoryIds.set(category.slug, id);
    }
  }

  /** An attachment: an image goes to the media library (the same file twice is one entry). */
  private async attachment(item: WxrItem) {
    const relative = item.meta._wp_attached_file || uploadsPath(item.attachmentUrl);
    const alt = item.meta._wp_attachment_image_alt?.trim() || null;
    const remember = (image: ImportedImage) => this.images.add(item.wordpressId, relative, image);
    const knownId = await this.known(item.guid);
    const [existing] = knownId
      ? await db().select().from(mediaAssets).where(eq(mediaAssets.id, knownId))
      : [];
    if (existing) {
      this.count("media", "unchanged");
      return remember({ url: existing.url, alt: existing.altText });
    }
    const label = relative ?? item.attachmentUrl;
    if (this.options.dryRun) {
      const local = relative && this.uploads ? await this.uploads.has(relative) : false;
      const reachable =
        local || (this.options.fetchMissing !== false && /^https?:\/\//.test(item.attachmentUrl));
      this.count("media", reachable ? "created" : "skipped");
      if (!reachable) this.warn(`média ${label} : fichier absent des uploads`);
      // Content keeps the old address in a dry run: nothing is stored.
      return remember({ url: item.attachmentUrl, alt });
    }
    const bytes = await attachmentBytes(
      item.attachmentUrl,
      relative,
      this.uploads,
      this.options.fetchMissing,
    );
    if (!bytes) {
      this.count("media", "skipped");
      return this.warn(`média ${label} : fichier introuvable (ni dans les uploads, ni à son adresse)`);
    }
    let stored;
    try {
      stored = await storeImportedImage(bytes, path.basename(label));
    } catch {
      this.count("media", "skipped");
      return this.warn(`média ${label} : pas une image que le site accepte, ignoré`);
    }
    const row = await mutate(this.options.context, async (m) => {
      const entry = await libraryEntryFor(m, {
        stored,
        originalName: path.basename(label).slice(0, 255),
        sizeBytes: bytes.length,
        altText: alt,
        uploadedBy: this.options.context.actor.id,
      });
      await this.remember(m, item.guid, "media_assets", entry.id);
      return entry;
    });
    this.count("media", "created");
    remember({ url: row.url, alt: row.altText });
  }

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

  /**
   * One item in one transaction: `save` writes the row, its links, its key and its redirects, and
   * says whether anything changed. In a dry run only the outcome is counted.
   */
  private async write(
    kind: "articles" | "pages",
    existing: Record<string, unknown> | undefined,
    values: Record<string, unknown>,
    addresses: (string | null)[],
    save: (m: MutationScope) => Promise<{ changed: boolean }>,
  ) {
    if (this.options.dryRun) {
      this.count(kind, !existing ? "created" : sameValues(existing, values) ? "unchanged" : "updated");
      this.report.redirects += distinctSources(addresses);
      return;
    }
    const { changed } = await mutate(this.options.context, save);
    this.count(kind, !existing ? "created" : changed ? "updated" : "unchanged");
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
