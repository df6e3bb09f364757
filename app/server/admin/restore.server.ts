import { isUuid } from "~/lib/uuid";
import type { RevisionEntityType } from "~/lib/enums";
import { MissingRowError, StaleContentError, type MutationContext } from "~/server/audit/mutation.server";
import { restoreRevision } from "~/server/content/revisions.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * The `restore` intent of an editor's action, posted by `<RevisionHistory>`: puts the row back as
 * the chosen revision (refused over a newer save, like any save) and redirects to `back` with a
 * toast saying what happened. `failure` is the screen's §8 update failure ('Une erreur est
 * survenue lors de la mise à jour de l'article').
 *
 *   if (formData.get("intent") === RESTORE_INTENT)
 *     return restoreFromForm(who, "cms_pages", id, formData, `/admin/cms/edit/${id}`, "Impossible de mettre à jour la page.");
 */
export async function restoreFromForm(
  context: MutationContext,
  entityType: RevisionEntityType,
  entityId: string,
  formData: FormData,
  back: string,
  failure: string,
) {
  const revisionId = String(formData.get("revisionId") ?? "");
  const expected = String(formData.get("updatedAt") ?? "") || null;
  const refuse = (description: string) =>
    redirectWithToast(back, { type: "error", title: "Erreur", description });
  if (!isUuid(revisionId) || !isUuid(entityId)) return refuse("Cette version n'existe plus.");
  try {
    await restoreRevision(context, entityType, entityId, revisionId, expected);
  } catch (error) {
    if (error instanceof StaleContentError) return refuse(error.message);
    if (error instanceof MissingRowError) return refuse("Cette version n'existe plus.");
    logger.error({ err: error, entityType, entityId, revisionId }, "revision restore failed");
    return refuse(failure);
  }
  return redirectWithToast(back, {
    title: "Version restaurée",
    description: "Le contenu de cette version est de nouveau en place.",
  });
}
