/**
 * When every back-office form validates (Conform's `useForm` options): first on submit, then, once
 * a submit was refused, as the person types. A message that appeared on blur would push the next
 * control down between press and release and lose that click (a switch below an empty field).
 */
export const formTiming = { shouldValidate: "onSubmit", shouldRevalidate: "onInput" } as const;
