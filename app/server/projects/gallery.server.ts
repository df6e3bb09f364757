/**
 * A project's gallery (back-office.md §2.11, §4 "Gallery order", §5, §7 "Project images"): every
 * change is one audited transaction, and the order is always 0, 1, 2... in display order.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { moveInList } from "~/lib/admin/ordering";
import { galleryMessages, type GallerySeoValues } from "~/lib/schemas/project";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { db, type Executor } from "~/server/db/client.server";
import { isSameSet, renumber } from "~/server/db/ordering.server";
import { projectImages, projects } from "~/server/db/schema";
import { releaseMedia } from "~/server/media/library.server";

/** A gallery image as stored and as the edit screen shows it. */
export type GalleryImage = {
  id: string;
  imageUrl: string;
  altText: string | null;
  displayOrder: number;
  seoDescription: string | null;
  seoKeywords: string | null;
};

/** A gallery change that cannot be made; `message` is the French text of the error toast. */
export class GalleryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GalleryError";
  }
}

const columns = {
  id: projectImages.id,
  imageUrl: projectImages.imageUrl,
  altText: projectImages.altText,
  displayOrder: projectImages.displayOrder,
  seoDescription: projectImages.seoDescription,
  seoKeywords: projectImages.seoKeywords,
};

const byDisplayOrder = [asc(projectImages.displayOrder), asc(projectImages.createdAt), asc(projectImages.id)];

/** §7: the project's images by display order. */
export function listGallery(projectId: string, executor: Executor = db()): Promise<GalleryImage[]> {
  return executor
    .select(columns)
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId))
    .orderBy(...byDisplayOrder);
}

/**
 * Locks the project for the change (two uploads of one batch never take the same place) and
 * returns its images in order. Throws when the project is gone.
 */
async function lockGallery(m: MutationScope, projectId: string) {
  const [project] = await m.tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("update");
  if (!project) throw new GalleryError(galleryMessages.missingProject);
  return listGallery(projectId, m.tx);
}

/**
 * Adds stored images at the end of the gallery (after the highest display_order, §7), in one
 * transaction. `altText` per image: empty for a single upload, '{filename} - image {n}' in a batch.
 */
export async function addGalleryImages(
  context: MutationContext,
  projectId: string,
  images: { url: string; altText?: string | null }[],
) {
  if (images.length === 0) return [];
  return mutate(context, async (m) => {
    const current = await lockGallery(m, projectId);
    const next = current.reduce((max, image) => Math.max(max, image.displayOrder + 1), 0);
    const rows = await m.tx
      .insert(projectImages)
      .values(
        images.map((image, index) => ({
          projectId,
          imageUrl: image.url,
          altText: image.altText ?? "",
          displayOrder: next + index,
        })),
      )
      .returning(columns);
    await m.audit({
      action: "create",
      entityType: "project_images",
      entityId: projectId,
      details: { imageIds: rows.map((row) => row.id) },
    });
    return rows;
  });
}

/**
 * Deletes one image; the others close the gap. Its file (and library entry) goes too when nothing
 * else uses it.
 */
export async function deleteGalleryImage(context: MutationContext, projectId: string, imageId: string) {
  const removed = await mutate(context, async (m) => {
    const current = await lockGallery(m, projectId);
    const image = current.find((candidate) => candidate.id === imageId);
    if (!image) throw new GalleryError("Image introuvable");
    await m.tx.delete(projectImages).where(eq(projectImages.id, imageId));
    await renumber(
      m.tx,
      projectImages,
      current.filter((other) => other.id !== imageId).map((other) => other.id),
    );
    await m.audit({
      action: "delete",
      entityType: "project_images",
      entityId: imageId,
      details: { projectId },
    });
    return image;
  });
  await releaseMedia(removed.imageUrl, context);
  return removed;
}

/**
 * §4: swaps an image with its neighbour and renumbers every image from 0. The first cannot go up,
 * the last cannot go down.
 */
export async function moveGalleryImage(
  context: MutationContext,
  projectId: string,
  imageId: string,
  direction: "up" | "down",
) {
  return mutate(context, async (m) => {
    const current = (await lockGallery(m, projectId)).map((image) => image.id);
    if (!current.includes(imageId)) throw new GalleryError("Image introuvable");
    const ids = moveInList(current, imageId, direction);
    if (!ids)
      throw new GalleryError(
        direction === "up"
          ? "La première image ne peut pas monter"
          : "La dernière image ne peut pas descendre",
      );
    await renumber(m.tx, projectImages, ids);
    await m.audit({ action: "reorder", entityType: "project_images", entityId: projectId });
    return ids;
  });
}

/** Drag and drop: the whole gallery in its new order (exactly the project's images, each once). */
export async function reorderGallery(context: MutationContext, projectId: string, orderedIds: string[]) {
  return mutate(context, async (m) => {
    const current = (await lockGallery(m, projectId)).map((image) => image.id);
    if (!isSameSet(orderedIds, current))
      throw new GalleryError("la galerie a changé entre-temps, elle a été rechargée");
    await renumber(m.tx, projectImages, orderedIds);
    await m.audit({ action: "reorder", entityType: "project_images", entityId: projectId });
    return orderedIds;
  });
}

/**
 * §2.11 bulk SEO: the filled fields only, on each selected image of the project. Returns how many
 * images changed.
 */
export async function updateGallerySeo(
  context: MutationContext,
  projectId: string,
  values: GallerySeoValues,
) {
  const changes = {
    ...(values.altText ? { altText: values.altText } : {}),
    ...(values.seoDescription ? { seoDescription: values.seoDescription } : {}),
    ...(values.seoKeywords ? { seoKeywords: values.seoKeywords } : {}),
  };
  if (values.imageIds.length === 0) throw new GalleryError(galleryMessages.noSelection);
  if (Object.keys(changes).length === 0) throw new GalleryError(galleryMessages.noData);
  return mutate(context, async (m) => {
    await lockGallery(m, projectId);
    const updated = await m.tx
      .update(projectImages)
      .set(changes)
      .where(and(eq(projectImages.projectId, projectId), inArray(projectImages.id, values.imageIds)))
      .returning({ id: projectImages.id });
    if (updated.length === 0) throw new GalleryError(galleryMessages.seoFailed);
    await m.audit({
      action: "update",
      entityType: "project_images",
      entityId: projectId,
      changedFields: Object.keys(changes).map((key) =>
        key === "altText" ? "alt_text" : key === "seoDescription" ? "seo_description" : "seo_keywords",
      ),
      details: { imageIds: updated.map((row) => row.id) },
    });
    return updated.length;
  });
}
