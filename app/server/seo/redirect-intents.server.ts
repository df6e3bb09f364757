import { redirectSchema } from "~/lib/schemas/redirect";
import type { MutationContext } from "~/server/audit/mutation.server";
import { saveFromForm, saveRowFromForm, type Refusal } from "~/server/admin/row-actions.server";
import { config } from "~/server/config.server";
import { createRedirect, RedirectRefusedError, updateRedirect } from "./redirects.server";

/**
 * The redirect dialog's intents, answered on the list it was posted from: 'Redirections', and
 * 'Pages introuvables' whose 'Créer une redirection' opens the same dialog.
 */

function refuseRedirect(error: unknown): Refusal | undefined {
  return error instanceof RedirectRefusedError
    ? { fieldErrors: { [error.field]: [error.message] } }
    : undefined;
}

export function createRedirectFromForm(request: Request, formData: FormData, who: MutationContext) {
  return saveFromForm(request, formData, redirectSchema(config.publicUrl), {
    save: (value) => createRedirect(who, value),
    done: (value) => ({ title: "Redirection ajoutée", description: `${value.source} → ${value.target}` }),
    failed: "Impossible d'ajouter la redirection",
    refuse: refuseRedirect,
  });
}

export function updateRedirectFromForm(request: Request, formData: FormData, who: MutationContext) {
  return saveRowFromForm(request, formData, redirectSchema(config.publicUrl), {
    missing: "Redirection introuvable.",
    save: (value, ref) => updateRedirect(who, ref.id, value, ref.updatedAt),
    done: { title: "Redirection modifiée" },
    failed: "Impossible de modifier la redirection",
    refuse: refuseRedirect,
  });
}
