import { useEffect } from "react";
import { toast } from "sonner";
import type { ProblemAnswer } from "~/lib/form-answer";

/**
 * Shows an action's `problem` as an error toast, once per answer (a new answer object is a new
 * submission's). Give it `useActionData()` or a fetcher's `data`.
 */
export function useAnswerToast(answer: ProblemAnswer | undefined) {
  const problem = answer?.problem;
  useEffect(() => {
    if (problem) toast.error(problem.title, { description: problem.description });
  }, [answer, problem]);
}
