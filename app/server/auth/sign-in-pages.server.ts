import type { Submission } from "@conform-to/react";
import { data, redirect, type HeadersFunction } from "react-router";
import { getOptionalUser, noStoreHeaders, safeRedirectTo } from "~/server/auth/session.server";
import { withSetCookies } from "~/server/http/headers.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";
import { replyFormProblem, unknownIntent } from "~/server/admin/form-replies.server";
import type { CredentialRefusal } from "./credentials.server";
import { signInRefusal } from "./sign-in-refusals.server";

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

/**
 * A sign-in page's action: a signed-in person is sent away, then the post of the page's form
 * (its `intent`) goes to `step`; any other intent is refused (unknownIntent).
 */
export async function signInPageAction<Answer>(
  request: Request,
  intent: string,
  step: (formData: FormData) => Promise<Answer>,
) {
  await leaveIfSignedIn(request);
  const formData = await request.formData();
  if (formData.get("intent") === intent) return step(formData);
  unknownIntent();
}

/**
 * A refused password or code, under the form and in a toast: signInRefusal's message and status
 * (Retry-After when a wait applies); what was typed in the secret field does not come back.
 */
export function replySignInRefusal(
  submission: Submission<unknown>,
  outcome: CredentialRefusal,
  secret: "password" | "code",
) {
  const refusal = signInRefusal(outcome, secret);
  return replyFormProblem(submission, refusal.status, refusal.message, {
    title: "Erreur de connexion",
    headers: { ...noStoreHeaders, ...refusal.headers },
    hideFields: [secret],
  });
}

/** A sign-in page's loader answer: `page`'s own data and the company its card shows; never stored. */
export async function signInPage<Page extends object>(page: Page) {
  const { companyName, companyLogo } = await getPublicSettings();
  return data({ ...page, company: { companyName, companyLogo } }, { headers: noStoreHeaders });
}

/** Where the person was going (`?redirectTo=` of a sign-in page's address), made safe; null when not said. */
export function redirectToOf(request: Request) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirectTo ? safeRedirectTo(redirectTo) : null;
}

/** A sign-in step's address (`path`) that carries on to where the person was going. */
export function signInStep(path: string, redirectTo: string | null | undefined) {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo: safeRedirectTo(redirectTo) })}` : path;
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
