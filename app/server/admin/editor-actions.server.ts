import type { z } from "zod";
import { RESTORE_INTENT } from "~/lib/admin/revisions";
import type { RevisionEntityType } from "~/lib/enums";
import type { MutationContext } from "~/server/audit/mutation.server";
import { discardDraft } from "~/server/content/drafts.server";
import type { ToastInput } from "~/server/toast.server";
import { unknownIntent } from "./form-replies.server";
import { restoreFromForm } from "./restore.server";
import { saveFromForm, type Refusal } from "./row-actions.server";

/**
 * The action of a content editor (articles, projects, CMS pages: one route for create and edit,
 * `id` the edited row's): 'Enregistrer' (intent "save") creates or updates the row and drops the
 * person's autosaved draft, then the toast on the list (created) or the editor (updated); the
 * revision history's 'Restaurer' puts a revision back. A save over a row deleted meanwhile
 * answers `gone` (404) in place; a stale one the spec's 409.
 *
 *   return editorAction(request, formData, { who, userId: user.id, id: params.id, entityType: "cms_pages",
 *     list: "/admin/cms", schema: cmsPageSchema, create: (page) => createCmsPage(who, page), ... });
 */
export function editorAction<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  editor: {
    who: MutationContext;
    userId: string;
    id: string | undefined;
    entityType: RevisionEntityType;
    list: string;
    schema: Schema;
    create: (value: z.output<Schema>) => Promise<unknown>;
    update: (value: z.output<Schema>, id: string) => Promise<unknown>;
    created: ToastInput;
    updated: ToastInput;
    /** The message of a save over a row deleted meanwhile. */
    gone: string;
    /** The screen's §8 messages when a create or an update fails. */
    failed: { create: string; update: string };
    /** A failure meant for the person (a slug taken): the form's errors. */
    refuse?: (error: unknown) => Refusal | undefined;
  },
) {
  const { id, list } = editor;
  const back = id ? `${list}/edit/${id}` : list;
  switch (formData.get("intent")) {
    case "save":
      return saveFromForm(request, formData, editor.schema, {
        save: async (value) => {
          await (id ? editor.update(value, id) : editor.create(value));
          await discardDraft(editor.userId, editor.entityType, id ?? null);
        },
        to: back,
        done: id ? editor.updated : editor.created,
        gone: editor.gone,
        refuse: editor.refuse,
        failed: id ? editor.failed.update : editor.failed.create,
      });
    case RESTORE_INTENT:
      if (id) return restoreFromForm(editor.who, editor.entityType, id, formData, back, editor.failed.update);
  }
  unknownIntent();
}
