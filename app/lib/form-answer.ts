import type { SubmissionResult } from "@conform-to/react";

/**
 * What went wrong, as the person reads it: the kit shows it as an error toast
 * (`useAnswerToast`, app/components/admin/answer-toast.ts). The one channel by which an action
 * that does not redirect tells a problem, whether its caller is a form or a fetcher.
 */
export type Problem = { title: string; description?: string };

/**
 * What a back-office action returns when it does not redirect: Conform's result (the field and
 * form errors, and the values as submitted so nothing typed is lost) and, for a failure that is
 * not about a field, a `problem` to toast.
 * Status 400 for invalid input, 409 for a stale save, 404 for a row gone, 500 for a failure.
 */
export type FormAnswer = { result: SubmissionResult<string[]>; problem?: Problem };

/**
 * An answer that carries only a problem (a fetcher's action: the gallery, a cache purge...), or,
 * for a fetcher whose page stays where it is (no redirect, so no redirect toast), a `success` to
 * show as a success toast.
 */
export type ProblemAnswer = { problem?: Problem; success?: Problem };
