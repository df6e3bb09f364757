import { data } from "react-router";
import type { Route } from "./+types/login-again";
import { signInAgainSchema, type SignInAgainAnswer } from "~/lib/schemas/sign-in-again";
import { pendingSecondFactorEmail, signIn, verifySecondFactor } from "~/server/auth/credentials.server";
import { getOptionalUser, noStoreHeaders } from "~/server/auth/session.server";
import { SECOND_FACTOR_EXPIRED_MESSAGE, signInRefusal } from "~/server/auth/sign-in-refusals.server";
import { withSetCookies } from "~/server/http/headers.server";
import { logger } from "~/server/logger.server";
import { unknownIntent } from "~/server/admin/form-replies.server";

/**
 * Signing in again without leaving the page (issue 21): an editor whose session ended asks here,
 * by fetch, then saves. The same steps, throttle and audit as /admin/login and /admin/login/code
 * (under /admin/login so that the code step's pending cookie reaches it), answered in JSON:
 *   intent=password&email=&password=   → { step: "done" } | { step: "code" } | { error }
 *   intent=code&code=                  → { step: "done" } | { step: "password", error } | { error }
 */
export async function action({ request }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData());
  switch (fields.intent) {
    case "password":
    case "code":
      return signInAgain(request, fields);
  }
  unknownIntent();
}

/** One step, password or code; the answer says what comes next. */
async function signInAgain(request: Request, fields: Record<string, FormDataEntryValue>) {
  const answer = (
    body: SignInAgainAnswer,
    status = 200,
    cookies = new Headers(),
    headers?: Record<string, string>,
  ) => data(body, { status, headers: withSetCookies(cookies, { ...noStoreHeaders, ...headers }) });
  // Signed in meanwhile (another tab): nothing to do.
  if (await getOptionalUser(request)) return answer({ step: "done" });
  const parsed = signInAgainSchema.safeParse(fields);
  if (!parsed.success) return answer({ error: parsed.error.issues[0]!.message }, 400);
  const input = parsed.data;
  try {
    if (input.intent === "password") {
      const outcome = await signIn(request, { email: input.email, password: input.password });
      if (outcome.status === "ok") return answer({ step: "done" }, 200, outcome.headers);
      if (outcome.status === "second_factor") return answer({ step: "code" }, 200, outcome.headers);
      const refusal = signInRefusal(outcome, "password");
      return answer({ error: refusal.message }, refusal.status, undefined, refusal.headers);
    }
    if (!pendingSecondFactorEmail(request))
      return answer({ step: "password", error: SECOND_FACTOR_EXPIRED_MESSAGE }, 401);
    const outcome = await verifySecondFactor(request, { code: input.code, trustDevice: false });
    if (outcome.status === "ok") return answer({ step: "done" }, 200, outcome.headers);
    if (outcome.status === "expired")
      return answer({ step: "password", error: SECOND_FACTOR_EXPIRED_MESSAGE }, 401);
    const refusal = signInRefusal(outcome, "code");
    return answer({ error: refusal.message }, refusal.status, undefined, refusal.headers);
  } catch (error) {
    logger.error({ err: error }, "sign-in again failed");
    return answer({ error: "Une erreur s'est produite lors de la connexion" }, 500);
  }
}
