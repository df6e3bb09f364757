import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, LogIn } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import { FormErrors, TextField } from "~/components/admin/fields";
import { SignInCard, useRefusedSecret } from "~/components/admin/sign-in-card";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { signIn } from "~/server/auth/credentials.server";
import { noStoreHeaders, safeRedirectTo } from "~/server/auth/session.server";
import { leaveIfSignedIn, signInHeaders, welcomeIn } from "~/server/auth/sign-in-pages.server";
import { answerOrFail, replyFormProblem, replyInvalid } from "~/server/admin/form-replies.server";
import { withSetCookies } from "~/server/http/headers.server";
import { signInRefusal } from "~/server/auth/sign-in-refusals.server";
import { getPublicSettings } from "~/server/settings.server";
import { adminLinks } from "~/components/admin/stylesheet";
import { formTiming } from "~/lib/admin/form-timing";

const loginSchema = z.object({
  email: z
    .string({ error: "L'email est requis" })
    .trim()
    .max(254, "Email invalide")
    .pipe(z.email({ error: "Email invalide" })),
  password: z.string({ error: "Le mot de passe est requis" }),
  redirectTo: z.string().optional(),
});

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Connexion | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const { companyName, companyLogo } = await getPublicSettings();
  return data(
    { redirectTo: redirectTo ? safeRedirectTo(redirectTo) : null, companyName, companyLogo },
    { headers: noStoreHeaders },
  );
}

export async function action({ request }: Route.ActionArgs) {
  await leaveIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return replyInvalid(submission, {}, { hideFields: ["password"] });

  const { email, password, redirectTo } = submission.value;
  return answerOrFail(
    async () => {
      const outcome = await signIn(request, { email, password });
      if (outcome.status !== "ok" && outcome.status !== "second_factor") {
        const refusal = signInRefusal(outcome, "password");
        return replyFormProblem(submission, refusal.status, refusal.message, {
          title: "Erreur de connexion",
          headers: { ...noStoreHeaders, ...refusal.headers },
          hideFields: ["password"],
        });
      }

      if (outcome.status === "second_factor") {
        const search = redirectTo
          ? `?${new URLSearchParams({ redirectTo: safeRedirectTo(redirectTo) })}`
          : "";
        return redirect(`/admin/login/code${search}`, {
          headers: withSetCookies(outcome.headers, noStoreHeaders),
        });
      }

      return welcomeIn(redirectTo, outcome.headers);
    },
    "Une erreur s'est produite lors de la connexion",
    noStoreHeaders,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith("/admin/login");

  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    ...formTiming,
  });

  // A refused password is emptied (the server never sends it back) and focused for a new try.
  const passwordInput = useRefusedSecret(actionData?.problem);

  return (
    <SignInCard
      logo={loaderData.companyLogo}
      companyName={loaderData.companyName}
      title="Connectez-vous pour accéder au tableau de bord"
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.email}
          type="email"
          label="Email"
          autoComplete="username"
          autoFocus
          required
        />
        <TextField
          meta={fields.password}
          type="password"
          label="Mot de passe"
          ref={passwordInput}
          autoComplete="current-password"
          required
        />
        <Link to="/admin/login/forgot" className="self-end text-sm text-muted-foreground underline">
          Mot de passe oublié ?
        </Link>
        <Button type="submit" className="mt-2 w-full" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <LogIn aria-hidden />}
          {busy ? "Connexion en cours..." : "Se connecter"}
        </Button>
      </Form>
    </SignInCard>
  );
}
