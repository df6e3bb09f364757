import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { UPLOAD_LIMITS } from "~/lib/admin/media";
import type { MutationContext } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";
import { InvalidUploadError, tooLarge } from "./images.server";
import { addToLibrary, libraryUrls } from "./library.server";

/** What became of one photo of a form: stored (its media URL) or refused (why, in French). */
export type PhotoOutcome = { url: string } | { error: string };

/** Photos one form may carry (a phone's selection of a site visit). */
export const MAX_FORM_PHOTOS = 20;
const FORM_OVERHEAD = 256 * 1024;

/**
 * Reads a form of text fields and photos (quick creation) either way it comes:
 * - without JavaScript, multipart with the files: while it streams, each photo of `field` is
 *   stored in the media library as it arrives, under the 20 MB limit; one that is not an image is
 *   reported and the others are kept. A photo over the limit stops the stream (the rest is never
 *   read): InvalidUploadError, 413;
 * - with JavaScript, the browser has sent each photo to the library already (with its progress):
 *   the form carries their URLs (`photo`, checked against the library) and how many failed
 *   (`failedPhotos`).
 */
export async function readPhotoForm(
  request: Request,
  context: MutationContext,
  field = "photos",
): Promise<{ form: FormData; photos: PhotoOutcome[] }> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const form = await request.formData();
    const urls = form.getAll("photo").filter((url): url is string => typeof url === "string");
    const known = await libraryUrls(urls);
    const failed = Math.min(Math.max(0, Math.trunc(Number(form.get("failedPhotos"))) || 0), MAX_FORM_PHOTOS);
    const photos: PhotoOutcome[] = [
      ...urls.map((url) => (known.has(url) ? { url } : { error: "Image inconnue de la médiathèque" })),
      ...Array.from({ length: failed }, () => ({ error: "Image non envoyée" })),
    ];
    return { form, photos };
  }

  const limit = UPLOAD_LIMITS.image;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > MAX_FORM_PHOTOS * limit + FORM_OVERHEAD)
    throw tooLarge("image");

  const photos: PhotoOutcome[] = [];
  const store = async (file: FileUpload) => {
    // An empty file input still sends a nameless, empty part.
    if (file.fieldName !== field || (file.size === 0 && !file.name)) return;
    try {
      const asset = await addToLibrary({ file, kind: "image", alt: null }, context);
      photos.push({ url: asset.url });
    } catch (error) {
      if (!(error instanceof InvalidUploadError)) logger.error({ err: error }, "form photo not stored");
      photos.push({
        error: error instanceof InvalidUploadError ? `${file.name} : ${error.description}` : file.name,
      });
    }
  };
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: MAX_FORM_PHOTOS,
        maxFileSize: limit,
        maxTotalSize: MAX_FORM_PHOTOS * limit + FORM_OVERHEAD,
      },
      store,
    );
    return { form, photos };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw tooLarge("image");
    if (error instanceof MaxFilesExceededError)
      throw new InvalidUploadError(
        "Trop de photos",
        `Envoyez au plus ${MAX_FORM_PHOTOS} photos à la fois.`,
        413,
      );
    throw new InvalidUploadError(
      "Erreur de téléchargement",
      "Le formulaire n'a pas pu être lu. Veuillez réessayer.",
      400,
    );
  }
}
