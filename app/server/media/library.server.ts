import { and, desc, eq, inArray } from "drizzle-orm";
import { mediaInUseMessage, type MediaAsset, type MediaListItem, type MediaUsage } from "~/lib/admin/media";
import { defineListSpec, type ListPage, type ListQuery } from "~/lib/list-query";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { db, type Executor } from "~/server/db/client.server";
import { containsText, listPage } from "~/server/db/list.server";
import { mediaAssets, users } from "~/server/db/schema";
import { deleteMediaIfUnused, findMediaUsages, findUsagesOfEach } from "./cleanup.server";
import { storeUploadedImage, type StoredImageFile } from "./images.server";
import type { ImageUpload } from "./upload.server";

/** The library's list: newest first, searched by file name or alt text. */
export const mediaListSpec = defineListSpec({
  sorts: ["createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
});

/** A grid of 2, 3, 4 or 6 columns fills evenly. */
export const MEDIA_PAGE_SIZE = 24;

const MIME_TYPES: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  heif: "image/heif",
  tiff: "image/tiff",
  svg: "image/svg+xml",
};

type MediaRow = typeof mediaAssets.$inferSelect;

function toAsset(row: MediaRow): MediaAsset {
  return {
    id: row.id,
    url: row.url,
    originalName: row.originalName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the library records of an image once stored: an upload, or a picture of the demo seed. */
export type LibraryFile = {
  stored: StoredImageFile & { format: string };
  originalName: string | null;
  /** The file as given to the pipeline, before re-encoding. */
  sizeBytes: number;
  altText: string | null;
  /** Null when nobody uploaded it (the demo). */
  uploadedBy: string | null;
};

/**
 * Records stored images in the library, in the caller's transaction. Files are content-addressed:
 * an image already recorded keeps its entry, so only the entries created are returned.
 */
export async function recordInLibrary(executor: Executor, files: LibraryFile[]): Promise<MediaRow[]> {
  if (files.length === 0) return [];
  return executor
    .insert(mediaAssets)
    .values(
      files.map(({ stored, ...file }) => ({
        ...file,
        url: stored.url,
        mimeType: MIME_TYPES[stored.format] ?? null,
        width: stored.width,
        height: stored.height,
      })),
    )
    .onConflictDoNothing({ target: mediaAssets.url })
    .returning();
}

/**
 * Stores an uploaded image (checked by its bytes, re-encoded without metadata) and records it in
 * the library, audited. The same picture uploaded again is the same file: its existing entry is
 * returned (and given the alt text if it had none).
 */
export async function addToLibrary(upload: ImageUpload, context: MutationContext): Promise<MediaAsset> {
  const stored = await storeUploadedImage(upload.file, upload.kind);
  const row = await mutate(context, (m) =>
    libraryEntryFor(m, {
      stored,
      originalName: upload.file.name.slice(0, 255) || null,
      sizeBytes: upload.file.size,
      altText: upload.alt,
      uploadedBy: context.actor.id,
    }),
  );
  return toAsset(row);
}

/**
 * Records a stored image in the library within `m`'s change, audited as an upload (an upload, an
 * imported attachment). The same picture stored before keeps its entry, given the alt text if it
 * had none; that entry is returned.
 */
export async function libraryEntryFor(m: MutationScope, file: LibraryFile): Promise<MediaRow> {
  const [created] = await recordInLibrary(m.tx, [file]);
  if (created) {
    await m.audit({
      action: "upload",
      entityType: "media_assets",
      entityId: created.id,
      details: { mimeType: created.mimeType, sizeBytes: created.sizeBytes },
    });
    return created;
  }
  const [existing] = await m.tx.select().from(mediaAssets).where(eq(mediaAssets.url, file.stored.url));
  if (file.altText && !existing!.altText)
    return m.update(mediaAssets, existing!.id, { altText: file.altText });
  return existing!;
}

/**
 * One page of the library with who uploaded each image (`query.q` searches file names and alt
 * texts): the library screen and the image field's "Choisir dans la médiathèque" both read it.
 */
export async function listMedia(
  query: ListQuery,
  pageSize = MEDIA_PAGE_SIZE,
): Promise<ListPage<MediaListItem>> {
  const where = and(containsText([mediaAssets.originalName, mediaAssets.altText], query.q));
  const page = await listPage(
    query.page,
    {
      count: () => db().$count(mediaAssets, where),
      rows: ({ limit, offset }) =>
        db()
          .select({ asset: mediaAssets, uploaderEmail: users.email })
          .from(mediaAssets)
          .leftJoin(users, eq(users.id, mediaAssets.uploadedBy))
          .where(where)
          .orderBy(query.dir === "asc" ? mediaAssets.createdAt : desc(mediaAssets.createdAt), mediaAssets.id)
          .limit(limit)
          .offset(offset),
    },
    pageSize,
  );
  return {
    ...page,
    items: page.items.map((row) => ({ ...toAsset(row.asset), uploaderEmail: row.uploaderEmail })),
  };
}

export async function getMedia(id: string): Promise<MediaAsset | null> {
  const [row] = await db().select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return row ? toAsset(row) : null;
}

/** A library image still used by content: deleting it would break those pages. Nothing was deleted. */
export class MediaInUseError extends Error {
  constructor(readonly usages: MediaUsage[]) {
    super(mediaInUseMessage(usages));
    this.name = "MediaInUseError";
  }
}

/**
 * Removes an image from the library, audited, then its files: refused with MediaInUseError while
 * any content uses it. Returns false when there was no such entry.
 */
export async function deleteFromLibrary(id: string, context: MutationContext): Promise<boolean> {
  const asset = await getMedia(id);
  if (!asset) return false;
  const usages = await findMediaUsages(asset.url);
  if (usages.length > 0) throw new MediaInUseError(usages);
  await mutate(context, (m) => m.remove(mediaAssets, id, { details: { url: asset.url } }));
  // After the commit, and only if nothing took the file up meanwhile.
  await deleteMediaIfUnused(asset.url);
  return true;
}

/**
 * After content stopped using `url` (a deleted project or gallery image): when nothing else uses
 * it, its library entry goes (audited) and then its files. An image still used elsewhere, or
 * that is not ours, is left alone. Returns whether the files were deleted.
 */
export async function releaseMedia(url: string, context: MutationContext): Promise<boolean> {
  if ((await findMediaUsages(url, 1)).length > 0) return false;
  const [asset] = await db().select({ id: mediaAssets.id }).from(mediaAssets).where(eq(mediaAssets.url, url));
  if (asset) {
    await mutate(context, (m) => m.remove(mediaAssets, asset.id, { details: { url, reason: "unused" } }));
  }
  return deleteMediaIfUnused(url);
}

/** Which of `urls` are images of the library (URLs a browser sends back after its uploads). */
export async function libraryUrls(urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db()
    .select({ url: mediaAssets.url })
    .from(mediaAssets)
    .where(inArray(mediaAssets.url, urls));
  return new Set(rows.map((row) => row.url));
}

/** A library image with who uploaded it and the content using it (the library screen's rows). */
export type LibraryEntry = MediaListItem & { usages: MediaUsage[] };

/** Usages shown per image on the library screen. */
const USAGES_SHOWN = 20;

/** One page of the library for its screen: `listMedia`, each image with where it is used. */
export async function listLibrary(query: ListQuery): Promise<ListPage<LibraryEntry>> {
  const page = await listMedia(query);
  const usages = await findUsagesOfEach(
    page.items.map((asset) => asset.url),
    USAGES_SHOWN,
  );
  return { ...page, items: page.items.map((asset) => ({ ...asset, usages: usages.get(asset.url) ?? [] })) };
}
