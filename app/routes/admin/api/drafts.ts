import { data } from "react-router";
import type { Route } from "./+types/drafts";
import { DRAFT_MAX_CHARS, DRAFT_TOO_LARGE_MESSAGE, draftRequestSchema } from "~/lib/schemas/drafts";
import { replyProblem, unknownIntent } from "~/server/admin/form-replies.server";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { discardDraft, saveDraft } from "~/server/content/drafts.server";

/**
 * The editors' autosave (issue 21), a form post of the signed-in person's own drafts:
 *   intent=save&entityType=&entityKey=&values={json}   saves the form's values; answers { savedAt }
 *   intent=discard&entityType=&entityKey=              'Ignorer': drops the draft
 * Same-origin only like every admin post (sameOriginWrites); the values at most DRAFT_MAX_CHARS.
 */
/** Nothing to read here: signed in or not, like every /admin address, then "post only". */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  throw data("Méthode non autorisée", { status: 405, headers: { ...noStoreHeaders, Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  // Before the body is read: an anonymous post is never parsed.
  const user = await requireRole(request, "user");
  // Room for the other fields and their encoding; the values' own length is checked below.
  if (Number(request.headers.get("Content-Length") ?? 0) > DRAFT_MAX_CHARS * 3 + 1024)
    return replyProblem(DRAFT_TOO_LARGE_MESSAGE, 413);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "save" && intent !== "discard") unknownIntent();
  const values = formData.get("values");
  if (typeof values === "string" && values.length > DRAFT_MAX_CHARS)
    return replyProblem(DRAFT_TOO_LARGE_MESSAGE, 413);
  const parsed = draftRequestSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return replyProblem("Brouillon refusé : requête non valide.", 400);

  const draft = parsed.data;
  switch (draft.intent) {
    case "save": {
      const { entityType, entityKey } = draft;
      const savedAt = await saveDraft(user.id, { entityType, entityKey }, draft.values);
      return data({ savedAt: savedAt.toISOString() }, { headers: noStoreHeaders });
    }
    case "discard":
      await discardDraft(user.id, draft.entityType, draft.entityKey);
      return data({ discarded: true }, { headers: noStoreHeaders });
  }
}
