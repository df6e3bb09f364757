import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { FormAnswer } from "~/lib/form-answer";
import { StaleContentError } from "~/server/audit/mutation.server";
import { logger } from "~/server/logger.server";

type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
/** Fields whose submitted value must not come back to the browser (secrets, passwords). */
type ReplyOptions = { hideFields?: string[] };

/**
 * Refused input (400): Conform's errors plus any found on the server (a slug already taken...),
 * with the values as submitted so the form shows what was typed.
 */
export function replyInvalid(submission: Submission<unknown>, errors?: Errors, options: ReplyOptions = {}) {
  return data<FormAnswer>({ result: submission.reply({ ...errors, ...options }) }, { status: 400 });
}

/**
 * The answer to a save that threw: a stale save gives 409 and the spec's message; anything else
 * is logged and gives 500 with `fallback` (the screen's §8 message). What was typed comes back; the
 * message is also the answer's `problem`, for the screens that toast it (`useAnswerToast`).
 *
 *   try { await mutate(...) } catch (error) { return replyFailed(submission, error, "Impossible de mettre à jour la page.") }
 */
export function replyFailed(
  submission: Submission<unknown>,
  error: unknown,
  fallback: string,
  options: ReplyOptions = {},
) {
  if (error instanceof StaleContentError) return replyProblem(submission, 409, error.message, options);
  logger.error({ err: error }, "back-office save failed");
  return replyProblem(submission, 500, fallback, options);
}

/** A save refused as a whole (`status`: 404 for a row gone, 409, 500): `message` under the form and in a toast. */
export function replyProblem(
  submission: Submission<unknown>,
  status: number,
  message: string,
  options: ReplyOptions = {},
) {
  return data<FormAnswer>(
    {
      result: submission.reply({ formErrors: [message], ...options }),
      problem: { title: "Erreur", description: message },
    },
    { status },
  );
}
