import path from "node:path";
import { eq } from "drizzle-orm";
import type { ImportOutcome } from "~/lib/admin/wordpress-import";
import { slugify } from "~/lib/slugify";
import { mutate } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { blogAuthors, blogCategories, mediaAssets } from "~/server/db/schema";
import { storeImportedImage } from "~/server/media/images.server";
import { libraryEntryFor } from "~/server/media/library.server";
import { ImportedImages, uploadsPath, type ImportedImage } from "./content.server";
import { ImportLedger } from "./import-ledger.server";
import type { ImportOptions } from "./import.server";
import { attachmentBytes, type UploadsSource } from "./uploads.server";
import type { WxrAuthor, WxrCategory, WxrItem, WxrRecord } from "./wxr.server";

/**
 * The import's first pass over the file: what posts and pages refer to (the old site's
 * addresses, authors, categories, attachments), made or found here so that the second pass
 * (import.server.ts) can link to them.
 */
export class ReferencesImport extends ImportLedger {
  protected readonly siteUrls: string[] = [];
  protected readonly authors = new Map<string, string | null>();
  private readonly categories = new Map<string, WxrCategory>();
  protected readonly categoryIds = new Map<string, string | null>();
  protected readonly images = new ImportedImages();

  constructor(
    protected readonly options: ImportOptions,
    private readonly uploads: UploadsSource | null,
  ) {
    super(options.context, Boolean(options.dryRun));
  }

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
      if (this.dryRun || (!renamed && knownId)) return;
      await mutate(this.context, async (m) => {
        if (renamed) await m.update(blogAuthors, existing.id, { name });
        await this.remember(m, key, "blog_authors", existing.id);
      });
      return;
    }
    this.count("authors", "created");
    if (this.dryRun) return this.authors.set(author.login, null);
    const created = await mutate(this.context, async (m) => {
      const row = await m.insert(blogAuthors, { name });
      await this.remember(m, key, "blog_authors", row.id);
      return row;
    });
    this.authors.set(author.login, created.id);
  }

  /** WordPress's category path: parents first ("normes/nf-c-15-100"). */
  protected categoryPath(slug: string): string[] {
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
      if (this.dryRun) {
        this.categoryIds.set(category.slug, existing?.id ?? null);
        this.countRedirects(addresses);
        continue;
      }
      const id = await mutate(this.context, async (m) => {
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
    if (this.dryRun) {
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
    const row = await mutate(this.context, async (m) => {
      const entry = await libraryEntryFor(m, {
        stored,
        originalName: path.basename(label).slice(0, 255),
        sizeBytes: bytes.length,
        altText: alt,
        uploadedBy: this.context.actor.id,
      });
      await this.remember(m, item.guid, "media_assets", entry.id);
      return entry;
    });
    this.count("media", "created");
    remember({ url: row.url, alt: row.altText });
  }
}
