import { redirect, type HeadersFunction } from "react-router";
import { getOptionalUser, noStoreHeaders } from "~/server/auth/session.server";

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
