import { parseFormData } from "@remix-run/form-data-parser";
import { data } from "react-router";
import type { Route } from "./+types/media";
import type { MediaError, UploadAnswer } from "~/lib/admin/media";
import { parseListQuery } from "~/lib/list-query";
import { readRowRef } from "~/lib/schemas/common";
import { noStoreHeaders, requireActor, requireRole } from "~/server/auth/session.server";
import { logger } from "~/server/logger.server";
import { refuseRequest, unknownIntent } from "~/server/admin/form-replies.server";
import type { MutationContext } from "~/server/audit/mutation.server";
import { InvalidUploadError } from "~/server/media/images.server";
import {
  addToLibrary,
  deleteFromLibrary,
  listMedia,
  MediaInUseError,
  mediaListSpec,
} from "~/server/media/library.server";
import { readImageUpload } from "~/server/media/upload.server";

/**
 * The back office's media library, in JSON for the image field and the editor:
 *   GET  ?q=&page=                      one page of the library
 *   POST multipart (intent=upload, alt, file), ?kind=icon for the 2 MB icon limit   an upload
 *   POST intent=delete&id=              removes an unused image (409 while content uses it)
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  return data(await listMedia(parseListQuery(request, mediaListSpec)), { headers: noStoreHeaders });
}

function refused(error: MediaError, status: number) {
  return data<UploadAnswer>({ error }, { status, headers: noStoreHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  // Before the body is read: an anonymous upload is never parsed.
  const { who } = await requireActor(request, context, "user");
  // An upload is read while it streams (multipart, its file last); a delete is a small form.
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return upload(request, who);
  const form = await parseFormData(request, { maxParts: 10, maxTotalSize: 16 * 1024 }).catch(() => null);
  if (form?.get("intent") === "delete") return remove(form, who);
  unknownIntent();
}

/** intent=upload: the image stored in the library (201), or refused with why. */
async function upload(request: Request, who: MutationContext) {
  try {
    const { intent, ...image } = await readImageUpload(request);
    if (intent === "upload") {
      const asset = await addToLibrary(image, who);
      return data<UploadAnswer>({ asset }, { status: 201, headers: noStoreHeaders });
    }
  } catch (error) {
    if (error instanceof InvalidUploadError) {
      return refused({ title: error.title, description: error.description }, error.status);
    }
    logger.error({ err: error }, "media upload failed");
    return refused(
      {
        title: "Erreur de téléchargement",
        description: "L'image n'a pas pu être enregistrée. Veuillez réessayer.",
      },
      500,
    );
  }
  unknownIntent();
}

/** intent=delete&id=: an image no content uses is removed (409 while some does). */
async function remove(form: FormData, who: MutationContext) {
  const ref = readRowRef(form);
  if (!ref) refuseRequest("Image non précisée");
  try {
    if (!(await deleteFromLibrary(ref.id, who)))
      return refused({ title: "Erreur", description: "Cette image n'existe plus." }, 404);
    return data({ deleted: ref.id }, { headers: noStoreHeaders });
  } catch (error) {
    if (error instanceof MediaInUseError)
      return refused({ title: "Impossible de supprimer", description: error.message }, 409);
    throw error;
  }
}
