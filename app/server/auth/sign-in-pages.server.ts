import { redirect, type HeadersFunction } from "react-router";
import { getOptionalUser, noStoreHeaders, safeRedirectTo } from "~/server/auth/session.server";
import { withSetCookies } from "~/server/http/headers.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";

/**
 * What the sign-in pages (password, code, forgotten password, new password) share: never kept by
 * a cache, and for whoever is signed in already, nothing to do there.
 */

/** Never stored; a throttled or busy answer tells when to come back (Retry-After, set by the action). */
export const signInHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...noStoreHeaders, "Retry-After": retryAfter } : noStoreHeaders;
};

/** Sends a signed-in person to the dashboard (a sign-in page's loader and action start with it). */
export async function leaveIfSignedIn(request: Request) {
  if (await getOptionalUser(request)) throw redirect("/admin", { headers: noStoreHeaders });
}

/** Signed in (by the password, or by the code after it): to where the person was going, welcomed. */
export async function welcomeIn(redirectTo: string | null | undefined, sessionHeaders: Headers) {
  const { companyName } = await getPublicSettings();
  return redirectWithToast(
    safeRedirectTo(redirectTo),
    {
      type: "success",
      title: "Connexion réussie",
      description: `Bienvenue dans le backoffice ${companyName}`,
    },
    { headers: withSetCookies(sessionHeaders, noStoreHeaders) },
  );
}
