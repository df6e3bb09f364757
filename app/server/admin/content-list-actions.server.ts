import type { RevisionEntityType } from "~/lib/enums";
import type { MutationContext } from "~/server/audit/mutation.server";
import { DUPLICATE_NOTICE, duplicateContent } from "~/server/content/duplicate.server";
import type { ToastInput } from "~/server/toast.server";
import { unknownIntent } from "./form-replies.server";
import { deleteRowFromForm, rowActionFromForm } from "./row-actions.server";

/** What a content list says of a row deleted or duplicated (the screen's §8 texts). */
type RowMessages = { gone: string; failed: string };

/**
 * The action of a content list (articles, projects, CMS pages): a row's 'Supprimer' moves it to
 * the trash (`remove`), 'Dupliquer' makes a draft copy and opens it in its editor (`editor`/id).
 *
 *   return contentListAction(request, formData, who, { entityType: "projects", editor: "/admin/projects/edit",
 *     remove: (id) => deleteProject(who, id), deleted: { title: "Projet supprimé" }, duplicated: "Projet dupliqué", ... });
 */
export function contentListAction(
  request: Request,
  formData: FormData,
  who: MutationContext,
  list: {
    entityType: RevisionEntityType;
    editor: string;
    remove: (id: string) => Promise<unknown>;
    deleted: ToastInput;
    duplicated: string;
    delete: RowMessages;
    duplicate: RowMessages;
  },
) {
  switch (formData.get("intent")) {
    case "delete":
      return deleteRowFromForm(request, formData, {
        remove: (ref) => list.remove(ref.id),
        deleted: list.deleted,
        ...list.delete,
      });
    case "duplicate":
      return rowActionFromForm(request, formData, {
        act: (ref) => duplicateContent(who, list.entityType, ref.id),
        to: (copyId) => `${list.editor}/${copyId}`,
        done: { title: list.duplicated, description: DUPLICATE_NOTICE },
        ...list.duplicate,
      });
  }
  unknownIntent();
}
