import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LoaderCircle, MailCheck, Send } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-forgot";
import { FormErrors, TextField } from "~/components/admin/fields";
import { SignInCard } from "~/components/admin/sign-in-card";
import { adminLinks } from "~/components/admin/stylesheet";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formTiming } from "~/lib/admin/form-timing";
import { passwordResetRequestSchema, RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { noStoreHeaders } from "~/server/auth/session.server";
import { leaveIfSignedIn, signInHeaders } from "~/server/auth/sign-in-pages.server";
import { answerOrFail, replyFormProblem } from "~/server/admin/form-replies.server";
import { retryAfterText } from "~/server/security/password-throttle.server";
import { getPublicSettings } from "~/server/settings.server";

/** The same answer whether an account has the address or not (nothing to learn from it). */
const SENT_MESSAGE = "Si un compte existe pour cette adresse, un e-mail vient d'être envoyé.";

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Mot de passe oublié | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  const { companyName, companyLogo } = await getPublicSettings();
  // After a request (post/redirect/get): the answer, and no form to send again by reloading.
  const sent = new URL(request.url).searchParams.has("sent");
  return data({ companyName, companyLogo, sent }, { headers: noStoreHeaders });
}

export async function action({ request }: Route.ActionArgs) {
  await leaveIfSignedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: passwordResetRequestSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400, headers: noStoreHeaders });
  }
  return answerOrFail(
    async () => {
      const outcome = await requestPasswordReset(request, submission.value.email);
      if (outcome.status === "throttled")
        return replyFormProblem(
          submission,
          429,
          `Trop de demandes depuis cette adresse. Réessayez dans ${retryAfterText(outcome.retryAfterSeconds)}.`,
          { headers: { ...noStoreHeaders, "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      return redirect("/admin/login/forgot?sent", { headers: noStoreHeaders });
    },
    "Une erreur s'est produite. Réessayez dans quelques instants.",
    noStoreHeaders,
  );
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetRequestSchema }),
    ...formTiming,
  });

  return (
    <SignInCard
      logo={loaderData.companyLogo}
      companyName={loaderData.companyName}
      title="Mot de passe oublié"
      description={
        loaderData.sent
          ? undefined
          : "Saisissez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe."
      }
    >
      {loaderData.sent ? (
        <div className="flex flex-col gap-4">
          <Alert role="status">
            <MailCheck aria-hidden />
            <AlertDescription>
              {SENT_MESSAGE} Le lien est valable {RESET_LINK_MINUTES} minutes et ne sert qu'une fois.
            </AlertDescription>
          </Alert>
          <Button asChild variant="outline">
            <Link to="/admin/login">Revenir à la connexion</Link>
          </Button>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            meta={fields.email}
            type="email"
            label="Email"
            autoComplete="username"
            autoFocus
            required
          />
          <Button type="submit" className="mt-2 w-full" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {busy ? "Envoi..." : "Recevoir un lien"}
          </Button>
          <Link to="/admin/login" className="text-center text-sm text-muted-foreground underline">
            Revenir à la connexion
          </Link>
        </Form>
      )}
    </SignInCard>
  );
}
