import { redirect } from "react-router";
import type { Route } from "./+types/consent";
import { safeLocalPath } from "~/lib/safe-redirect";
import { CONSENT_ALL, CONSENT_COOKIE, CONSENT_NONE, MANAGE_CONSENT_HASH, consentCookie } from "~/lib/consent";

/**
 * POST /api/consent: the cookie banner without JavaScript (with it, the banner sets the cookie
 * itself). choice = accept | refuse | custom (with analytics / marketing ticks) | reset.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("choice");
  const secure = new URL(request.url).protocol === "https:";
  const cookie =
    choice === "accept"
      ? consentCookie(CONSENT_ALL, secure)
      : choice === "refuse"
        ? consentCookie(CONSENT_NONE, secure)
        : choice === "custom"
          ? consentCookie({ analytics: form.has("analytics"), marketing: form.has("marketing") }, secure)
          : `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  const back = safeLocalPath(form.get("redirectTo")) + (choice === "reset" ? MANAGE_CONSENT_HASH : "");
  return redirect(back, { status: 303, headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
