import type { SubmissionResult } from "@conform-to/react";

/**
 * What went wrong, as the person reads it: the kit shows it as an error toast
 * (`useAnswerToast`, app/components/admin/answer-toast.ts). The one channel by which an action
 * that does not redirect tells a problem, whether its caller is a form or a fetcher.
 */
export type Problem = {
  title: string;
  description?: string;
  /**
   * For a refusal the person settles by choosing another value (a slug taken meanwhile): the row,
   * the value refused and a free one to offer in its place.
   */
  proposal?: { id: string; taken: string; value: string };
};

/**
 * What a back-office action returns when it does not redirect: Conform's result (the field and
 * form errors, and the values as submitted so nothing typed is lost; absent for a post that is
 * a button, not a form) and, for a failure that is not about a field, a `problem` to toast. A
 * form of several steps (the second factor's enrolment) gets the next one as `step`.
 * Status 400 for invalid input, 409 for a stale save or a value taken, 404 for a row gone, 429
 * or 503 for a sign-in to try later, 500 for a failure.
 */
export type FormAnswer<Step = never> = {
  result?: SubmissionResult<string[]>;
  problem?: Problem;
  step?: Step;
};

/**
 * An answer that carries only a problem (a fetcher's action: the gallery, a cache purge...), or,
 * for a fetcher whose page stays where it is (no redirect, so no redirect toast), a `success` to
 * show as a success toast.
 */
export type ProblemAnswer = { problem?: Problem; success?: Problem };
