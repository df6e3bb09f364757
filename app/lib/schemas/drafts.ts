import { revisionEntityTypes, type RevisionEntityType } from "~/lib/enums";
import { isUuid } from "~/lib/uuid";
import { z } from "~/lib/zod";

/**
 * Autosaved editor forms (issue 21, `/admin/api/drafts`): what an editor posts while its form
 * differs from the saved version, and what it posts to drop it ('Ignorer').
 */

/** The draft key of the item being created: one per person and kind of content. */
export const NEW_ITEM_KEY = "new";

/** The form's values as JSON, at most this long (an article's HTML is long; a runaway is not). */
export const DRAFT_MAX_CHARS = 512 * 1024;
export const DRAFT_TOO_LARGE_MESSAGE =
  "Le brouillon est trop volumineux pour être enregistré automatiquement.";

/** The form's values as posted: every control's value, a repeated name as a list. */
export type DraftValues = Record<string, string | string[]>;

/** Which item a draft belongs to. */
export type DraftTarget = { entityType: RevisionEntityType; entityKey: string };

/** A draft newer than the saved item, as the editor's loader hands it to the frame. */
export type SavedDraft = { values: DraftValues; updatedAt: string };

const target = {
  entityType: z.enum(revisionEntityTypes),
  entityKey: z.string().refine((key) => key === NEW_ITEM_KEY || isUuid(key)),
};

const draftValues = z.record(z.string().max(200), z.union([z.string(), z.array(z.string())]));

export const draftRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    ...target,
    values: z.string().transform((text, context) => {
      try {
        const parsed = draftValues.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // Not JSON: refused below like a value of the wrong shape.
      }
      context.addIssue({ code: "custom", message: "Valeurs du brouillon illisibles." });
      return z.NEVER;
    }),
  }),
  z.object({ intent: z.literal("discard"), ...target }),
]);

export type DraftRequest = z.output<typeof draftRequestSchema>;
