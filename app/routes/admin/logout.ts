import { isAPIError } from "better-auth/api";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { auth } from "~/server/auth/auth.server";
import { getOptionalUser, noStoreHeaders, safeRedirectTo } from "~/server/auth/session.server";
import { withSetCookies } from "~/server/http/headers.server";
import { logger } from "~/server/logger.server";
import { SIGN_OUT_INTENT } from "~/lib/schemas/users";
import { unknownIntent } from "~/server/admin/form-replies.server";
import { redirectWithToast } from "~/server/toast.server";

// Signing out changes state: only by POST (the header's form), never by following a link.
export async function loader() {
  throw redirect("/admin", { headers: noStoreHeaders });
}

export async function action({ request }: Route.ActionArgs) {
  if (!(await getOptionalUser(request))) throw redirect("/admin/login", { headers: noStoreHeaders });
  if ((await request.formData()).get("intent") === SIGN_OUT_INTENT) return signOut(request);
  unknownIntent();
}

/** The session ended, to the sign-in page; on failure the person stays where they were, told why. */
async function signOut(request: Request) {
  const referer = request.headers.get("Referer");
  const back = safeRedirectTo(referer ? new URL(referer, request.url).pathname : null);
  try {
    const { headers } = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithToast(
      "/admin/login",
      { type: "success", title: "Déconnexion réussie", description: "Vous avez été déconnecté avec succès" },
      { headers: withSetCookies(headers, noStoreHeaders) },
    );
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return redirectWithToast(
      back,
      {
        type: "error",
        title: "Erreur",
        description: isAPIError(error)
          ? "Une erreur s'est produite lors de la déconnexion. Veuillez réessayer."
          : "Une erreur inattendue s'est produite lors de la déconnexion",
      },
      { headers: noStoreHeaders },
    );
  }
}
