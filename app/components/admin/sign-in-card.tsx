import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, type MetaDescriptor } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { formTiming } from "~/lib/admin/form-timing";
import { FormErrors, TextField } from "./fields";
import type { Fields, Values } from "./form-dialog";
import { PendingButton } from "./pending-button";

/** What a sign-in page's card shows of the company (the loaders' `company`). */
export type SignInCompany = { companyName: string; companyLogo: string };

/** A sign-in page's title, and no search engine. */
export function signInMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Back-office` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The frame of the sign-in steps (password, code, forgotten password, new password): logo, company, title. */
export function SignInCard({
  company,
  title,
  description,
  children,
}: {
  company: SignInCompany;
  title: string;
  description?: string;
  /** The step's form, or what it says instead. */
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src={company.companyLogo} alt="" width={48} height={48} className="size-12" />
          <p className="text-sm font-medium text-muted-foreground">{company.companyName} · Back-office</p>
          <h1 className="text-xl font-semibold leading-snug">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}

/**
 * A sign-in step's form, posted as a document (it works without JavaScript): its `intent` and
 * `hidden` fields, the errors the action answered, the step's fields, then the submit button,
 * busy while the post and what follows it are on their way, and `after` (a link) below it.
 *
 *   <SignInForm schema={codeSchema} intent="verify-code" lastResult={actionData?.result}
 *     submit={{ label: "Vérifier", pendingLabel: "Vérification...", icon: <ShieldCheck aria-hidden /> }}>
 *     {(fields) => <TextField meta={fields.code} label="Code" />}
 *   </SignInForm>
 */
export function SignInForm<Input extends Values>({
  schema,
  intent,
  hidden = {},
  lastResult,
  submit,
  after,
  children,
}: {
  schema: z.ZodType<unknown, Input>;
  intent: string;
  hidden?: Record<string, string | null>;
  lastResult: SubmissionResult<string[]> | undefined;
  submit: { label: string; pendingLabel: string; icon: React.ReactNode };
  after?: React.ReactNode;
  children: (fields: Fields<Input>) => React.ReactNode;
}) {
  const navigation = useNavigation();
  // Until the page it leads to has loaded (a refused try comes back to this one).
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<Input, unknown>({
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...formTiming,
  });
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) =>
        value === null ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children(fields as Fields<Input>)}
      <PendingButton pending={busy} pendingLabel={submit.pendingLabel} className="mt-2 w-full">
        {submit.icon}
        {submit.label}
      </PendingButton>
      {after}
    </Form>
  );
}

/** The account's e-mail, the first field of the sign-in and of the forgotten password. */
export function EmailField({ meta }: { meta: FieldMetadata<string> }) {
  return <TextField meta={meta} type="email" label="Email" autoComplete="username" autoFocus required />;
}

/** The link of the other sign-in steps back to the first one. */
export function BackToSignIn() {
  return (
    <Link to="/admin/login" className="text-center text-sm text-muted-foreground underline">
      Revenir à la connexion
    </Link>
  );
}

/**
 * A refused try (the answer's `problem`): told by a toast, and the secret field (password, code)
 * emptied and focused for a new try. Returns the ref to put on that field.
 */
export function useRefusedSecret(failure: { title: string; description?: string } | null | undefined) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!failure) return;
    toast.error(failure.title, { description: failure.description });
    if (input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }, [failure]);
  return input;
}
