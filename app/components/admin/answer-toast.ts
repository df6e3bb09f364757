import { useEffect } from "react";
import { toast } from "sonner";
import type { ProblemAnswer } from "~/lib/admin/form-answer";

/**
 * Shows an action's `problem` as an error toast (its `success` as a success toast), once per
 * answer (a new answer object is a new submission's). Give it `useActionData()` or a fetcher's `data`.
 */
export function useAnswerToast(answer: ProblemAnswer | undefined) {
  const problem = answer?.problem;
  const success = answer?.success;
  useEffect(() => {
    if (problem) toast.error(problem.title, { description: problem.description });
    if (success) toast.success(success.title, { description: success.description });
  }, [answer, problem, success]);
}
