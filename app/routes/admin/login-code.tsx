import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, ShieldCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import { FormErrors, TextField } from "~/components/admin/fields";
import { SignInCard, useRefusedSecret } from "~/components/admin/sign-in-card";
import type { Route } from "./+types/login-code";
import { adminLinks } from "~/components/admin/stylesheet";
import { Button } from "~/components/ui/button";
import { pendingSecondFactorEmail, verifySecondFactor } from "~/server/auth/credentials.server";
import { noStoreHeaders, safeRedirectTo } from "~/server/auth/session.server";
import { leaveIfSignedIn, signInHeaders, welcomeIn } from "~/server/auth/sign-in-pages.server";
import { answerOrFail, replyFormProblem, replyInvalid } from "~/server/admin/form-replies.server";
import { SECOND_FACTOR_EXPIRED_MESSAGE, signInRefusal } from "~/server/auth/sign-in-refusals.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";

/** The sign-in's second step: the authenticator's code (or a backup code) after the password. */
const codeSchema = z.object({
  code: z.string({ error: "Le code est requis" }).trim().min(6, { error: "Le code est trop court" }),
  trustDevice: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Double authentification | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = signInHeaders;

function backToPassword(redirectTo: string | null) {
  const search = redirectTo ? `?${new URLSearchParams({ redirectTo: safeRedirectTo(redirectTo) })}` : "";
  return redirectWithToast(
    `/admin/login${search}`,
    { type: "error", title: "Erreur de connexion", description: SECOND_FACTOR_EXPIRED_MESSAGE },
    { headers: noStoreHeaders },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (!pendingSecondFactorEmail(request)) throw await backToPassword(redirectTo);
  const { companyName, companyLogo } = await getPublicSettings();
  return data(
    { redirectTo: redirectTo ? safeRedirectTo(redirectTo) : null, companyName, companyLogo },
    { headers: noStoreHeaders },
  );
}

export async function action({ request }: Route.ActionArgs) {
  await leaveIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: codeSchema });
  if (submission.status !== "success") return replyInvalid(submission, {}, { hideFields: ["code"] });
  const { code, trustDevice, redirectTo } = submission.value;
  return answerOrFail(
    async () => {
      const outcome = await verifySecondFactor(request, { code, trustDevice: trustDevice === "on" });
      switch (outcome.status) {
        case "ok":
          return welcomeIn(redirectTo, outcome.headers);
        case "expired":
          return backToPassword(redirectTo ?? null);
        default: {
          const refusal = signInRefusal(outcome, "code");
          return replyFormProblem(submission, refusal.status, refusal.message, {
            title: "Erreur de connexion",
            headers: { ...noStoreHeaders, ...refusal.headers },
            hideFields: ["code"],
          });
        }
      }
    },
    "Une erreur s'est produite lors de la connexion",
    noStoreHeaders,
  );
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // A refused code is emptied and focused for a new try.
  const codeInput = useRefusedSecret(actionData?.problem);

  return (
    <SignInCard
      logo={loaderData.companyLogo}
      companyName={loaderData.companyName}
      title="Double authentification"
      description="Saisissez le code à 6 chiffres affiché par votre application d'authentification, ou l'un de vos codes de secours."
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.code}
          type="text"
          label="Code"
          ref={codeInput}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          required
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            {...getInputProps(fields.trustDevice, { type: "checkbox" })}
            className="mt-0.5 size-4 accent-primary"
          />
          Se souvenir de cet appareil pendant 30 jours
        </label>
        <Button type="submit" className="mt-2 w-full" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
          {busy ? "Vérification..." : "Vérifier"}
        </Button>
        <Link to="/admin/login" className="text-center text-sm text-muted-foreground underline">
          Revenir à la connexion
        </Link>
      </Form>
    </SignInCard>
  );
}
