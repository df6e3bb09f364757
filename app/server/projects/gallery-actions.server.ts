/**
 * The gallery intents of a project's edit screen (back-office.md §2.11, §5, §8): each is one
 * fetcher request, answered in the kit's shape (`ProblemAnswer`): `success` or `problem`, which
 * `useAnswerToast` turns into the toast.
 */
import { data } from "react-router";
import type { Problem, ProblemAnswer } from "~/lib/admin/form-answer";
import { galleryMessages, gallerySeoSchema } from "~/lib/schemas/project";
import { z } from "~/lib/zod";
import type { MutationContext } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";
import { libraryUrls } from "~/server/media/library.server";
import {
  addGalleryImages,
  deleteGalleryImage,
  GalleryError,
  moveGalleryImage,
  reorderGallery,
  updateGallerySeo,
} from "~/server/projects/gallery.server";
import { plural } from "~/lib/plural";

export const GALLERY_INTENT_PREFIX = "gallery-";

const idsSchema = z.array(z.uuid());

const succeeded = (success: Problem) => data<ProblemAnswer>({ success });
const refused = (description: string, status = 400) =>
  data<ProblemAnswer>({ problem: { title: "Erreur", description } }, { status });

/** §8: the message of a change that threw, by intent ('Erreur lors de la suppression: …'). */
function failureMessage(intent: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  switch (intent) {
    case "gallery-delete":
      return galleryMessages.deleteFailed(message);
    case "gallery-seo":
      return error instanceof GalleryError ? message : galleryMessages.seoUpdateFailed(message);
    case "gallery-add":
      return galleryMessages.uploadFailed(message);
    default:
      return galleryMessages.reorderFailed(message);
  }
}

/**
 * Runs one `gallery-*` intent on the project (`projectId` undefined on the create screen, which
 * has no gallery yet). A refused change answers 400, a failure 500 (logged); an unknown intent
 * throws a 400 response.
 */
export async function galleryAction(
  context: MutationContext,
  projectId: string | undefined,
  intent: string,
  formData: FormData,
) {
  if (!projectId) return refused(galleryMessages.missingProject);
  try {
    switch (intent) {
      case "gallery-add": {
        const urls = formData.getAll("url").map(String);
        const alts = formData.getAll("alt").map(String);
        // Only images of the media library: what the browser uploaded a moment ago.
        const known = await libraryUrls(urls);
        const images = urls.flatMap((url, index) =>
          known.has(url) ? [{ url, altText: alts[index]?.slice(0, 500) ?? "" }] : [],
        );
        if (images.length === 0) return refused(galleryMessages.noneUploaded);
        await addGalleryImages(context, projectId, images);
        return succeeded({ title: images.length > 1 ? galleryMessages.addedMany : galleryMessages.added });
      }
      case "gallery-delete":
        await deleteGalleryImage(context, projectId, String(formData.get("imageId")));
        return succeeded({ title: galleryMessages.deleted });
      case "gallery-move": {
        const direction = formData.get("direction") === "up" ? "up" : "down";
        await moveGalleryImage(context, projectId, String(formData.get("imageId")), direction);
        return succeeded({ title: galleryMessages.reordered });
      }
      case "gallery-reorder": {
        const ids = idsSchema.safeParse(formData.getAll("ids"));
        if (!ids.success) throw new GalleryError("ordre illisible");
        await reorderGallery(context, projectId, ids.data);
        return succeeded({ title: galleryMessages.reordered });
      }
      case "gallery-seo": {
        const values = gallerySeoSchema.safeParse({
          imageIds: formData.getAll("imageIds"),
          altText: String(formData.get("altText") ?? "").trim() || undefined,
          seoDescription: String(formData.get("seoDescription") ?? "").trim() || undefined,
          seoKeywords: String(formData.get("seoKeywords") ?? "").trim() || undefined,
        });
        if (!values.success) return refused(galleryMessages.noSelection);
        const count = await updateGallerySeo(context, projectId, values.data);
        return succeeded({
          title: galleryMessages.updated,
          description: `${plural(count, "image mise")} à jour.`,
        });
      }
    }
  } catch (error) {
    if (!(error instanceof GalleryError)) logger.error({ err: error, intent }, "gallery change failed");
    return refused(failureMessage(intent, error), error instanceof GalleryError ? 400 : 500);
  }
  throw new Response("Action inconnue", { status: 400 });
}
