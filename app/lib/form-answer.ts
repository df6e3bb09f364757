import type { SubmissionResult } from "@conform-to/react";

/**
 * What a back-office action returns when it does not redirect: Conform's result (the field and
 * form errors, and the values as submitted so nothing typed is lost). Status 400 for invalid
 * input, 409 for a stale save.
 */
export type FormAnswer = { result: SubmissionResult<string[]> };
