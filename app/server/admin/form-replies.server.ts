import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { FormAnswer, Problem, ProblemAnswer } from "~/lib/admin/form-answer";
import { StaleContentError } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";

type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
/** Fields whose submitted value must not come back to the browser (secrets, passwords). */
type ReplyOptions = { hideFields?: string[] };
/** A whole-form refusal's toast title ('Erreur' when not given) and response headers (Retry-After...). */
type ProblemOptions = ReplyOptions & { title?: string; headers?: Record<string, string> };

/**
 * Refused input (400): Conform's errors plus any found on the server (a slug already taken...),
 * with the values as submitted so the form shows what was typed.
 */
export function replyInvalid(submission: Submission<unknown>, errors?: Errors, options: ReplyOptions = {}) {
  return data<FormAnswer>({ result: submission.reply({ ...errors, ...options }) }, { status: 400 });
}

/**
 * The answer to a save that threw: a stale save gives 409 and the spec's message; anything else
 * is logged and gives 500 with `fallback` (the screen's §8 message). The message is both the
 * form's error (shown in place) and the answer's `problem` (toasted where the form cannot show it,
 * as the editors' save bar). What was typed comes back.
 *
 *   try { await mutate(...) } catch (error) { return replyFailed(submission, error, "Impossible de mettre à jour la page.") }
 */
export function replyFailed(
  submission: Submission<unknown>,
  error: unknown,
  fallback: string,
  options: ReplyOptions = {},
) {
  const stale = error instanceof StaleContentError;
  if (!stale) logger.error({ err: error }, "back-office save failed");
  return replyFormProblem(submission, stale ? 409 : 500, stale ? error.message : fallback, options);
}

/**
 * Runs `work` (a form that answers in place: a password change, the second factor's steps): any
 * throw is logged and answered 500 with `message`, under the form and in a toast. No value
 * typed comes back (a password, a code).
 */
export async function answerOrFail<Answer>(
  work: () => Promise<Answer>,
  message: string,
  headers?: Record<string, string>,
) {
  try {
    return await work();
  } catch (error) {
    logger.error({ err: error }, "back-office form failed");
    return data<FormAnswer>(
      { result: { status: "error", error: { "": [message] } }, problem: errorProblem(message) },
      { status: 500, headers },
    );
  }
}

/**
 * A post refused as a whole (`status`: 404 for a row gone, 409, 429 for a sign-in to try later,
 * 500): `message` under the form and in a toast.
 */
export function replyFormProblem(
  submission: Submission<unknown>,
  status: number,
  message: string,
  { title = "Erreur", headers, hideFields }: ProblemOptions = {},
) {
  return data<FormAnswer>(
    {
      result: submission.reply({ formErrors: [message], hideFields }),
      problem: { title, description: message },
    },
    { status, headers },
  );
}

/**
 * A failure answered to a fetcher that has no form to show it in (a switch, a button): the kit
 * toasts it (`useAnswerToast`).
 *
 *   return replyProblem("Impossible de vider le cache: le cache est désactivé", 409);
 */
export function replyProblem(description: string, status: number) {
  return data<ProblemAnswer>({ problem: errorProblem(description) }, { status });
}

/** The toast every failure of the back office shows: 'Erreur' and what went wrong. */
function errorProblem(description: string): Problem {
  return { title: "Erreur", description };
}

/**
 * A request no form of the screen can send (a forged or outdated post, a value outside its
 * choices): 400 and `message` on the error boundary. The one way an action refuses a bad request.
 */
export function refuseRequest(message: string): never {
  throw data(message, { status: 400 });
}

/**
 * The answer to a post whose `intent` no action knows: 400, the error boundary's 'Action
 * inconnue'. Ends every action, after its `switch` (or its one `if`).
 */
export function unknownIntent(): never {
  refuseRequest("Action inconnue");
}
