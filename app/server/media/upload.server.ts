import {
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { notAnImageError, UPLOAD_LIMITS, type UploadKind } from "~/lib/admin/media";
import { InvalidUploadError, tooLarge } from "./images.server";

/** Room for the multipart boundaries and the small fields (kind, alt) beside the file. */
const FORM_OVERHEAD = 64 * 1024;

export type ImageUpload = { file: File; kind: UploadKind; alt: string | null };

/** `?kind=icon` selects the 2 MB icon limit; anything else is a photo (20 MB). */
export function uploadKindOf(request: Request): UploadKind {
  return new URL(request.url).searchParams.get("kind") === "icon" ? "icon" : "image";
}

/**
 * Reads one image from a multipart request while it streams (and the form's `intent`, for the
 * action to dispatch on): a body announcing more than the
 * limit is refused before a byte is read, and one that turns out longer is cut off at the limit
 * (never buffered whole first). Throws InvalidUploadError (413 when too large) with the French
 * message; whether the bytes are an image is for `storeUploadedImage` to decide, from the bytes.
 */
export async function readImageUpload(request: Request): Promise<ImageUpload & { intent: unknown }> {
  const kind = uploadKindOf(request);
  const limit = UPLOAD_LIMITS[kind];
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit + FORM_OVERHEAD) throw tooLarge(kind);

  let file: File | null = null;
  let formData: FormData;
  try {
    formData = await parseFormData(
      request,
      { maxFiles: 1, maxParts: 5, maxFileSize: limit, maxTotalSize: limit + FORM_OVERHEAD },
      (upload: FileUpload) => {
        if (upload.fieldName === "file") file = upload;
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw tooLarge(kind);
    // Not multipart, several files, a broken body: nothing a person can fix but by retrying.
    throw new InvalidUploadError(
      "Erreur de téléchargement",
      "Le fichier n'a pas pu être lu. Réessayez avec une seule image.",
      400,
    );
  }
  if (!file) throw new InvalidUploadError(notAnImageError.title, notAnImageError.description, 400);
  const alt = formData.get("alt");
  return {
    file,
    kind,
    alt: typeof alt === "string" && alt.trim() ? alt.trim().slice(0, 500) : null,
    intent: formData.get("intent"),
  };
}
