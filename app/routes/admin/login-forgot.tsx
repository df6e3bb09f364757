import { parseWithZod } from "@conform-to/zod/v4";
import { MailCheck, Send } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/login-forgot";
import {
  BackToSignIn,
  EmailField,
  SignInCard,
  SignInForm,
  signInMeta,
} from "~/components/admin/sign-in-card";
import { adminLinks } from "~/components/admin/stylesheet";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { passwordResetRequestSchema, RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { noStoreHeaders } from "~/server/auth/session.server";
import {
  leaveIfSignedIn,
  signInHeaders,
  signInPage,
  signInPageAction,
} from "~/server/auth/sign-in-pages.server";
import { answerOrFail, replyFormProblem, replyInvalid } from "~/server/admin/form-replies.server";
import { retryAfterText } from "~/server/security/password-throttle.server";

/** The same answer whether an account has the address or not (nothing to learn from it). */
const SENT_MESSAGE = "Si un compte existe pour cette adresse, un e-mail vient d'être envoyé.";

const SEND_LINK_INTENT = "send-link";

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => signInMeta("Mot de passe oublié");

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  // After a request (post/redirect/get): the answer, and no form to send again by reloading.
  return signInPage({ sent: new URL(request.url).searchParams.has("sent") });
}

export async function action({ request }: Route.ActionArgs) {
  return signInPageAction(request, SEND_LINK_INTENT, (formData) => sendLink(request, formData));
}

/** A reset link by mail, the same answer for any address; a flood of requests is slowed. */
async function sendLink(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordResetRequestSchema });
  if (submission.status !== "success") return replyInvalid(submission);
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
  return (
    <SignInCard
      company={loaderData.company}
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
        <SignInForm
          schema={passwordResetRequestSchema}
          intent={SEND_LINK_INTENT}
          lastResult={actionData?.result}
          submit={{ label: "Recevoir un lien", pendingLabel: "Envoi...", icon: <Send aria-hidden /> }}
          after={<BackToSignIn />}
        >
          {(fields) => <EmailField meta={fields.email} />}
        </SignInForm>
      )}
    </SignInCard>
  );
}
