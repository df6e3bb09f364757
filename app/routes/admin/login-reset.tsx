import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/login-reset";
import { TextField } from "~/components/admin/fields";
import { BackToSignIn, SignInCard, SignInForm, signInMeta } from "~/components/admin/sign-in-card";
import { adminLinks } from "~/components/admin/stylesheet";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { WEAK_PASSWORD_MESSAGE } from "~/lib/schemas/password";
import { MIN_PASSWORD_LENGTH, passwordResetSchema, RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { resetLinkAccount, resetPassword } from "~/server/auth/password-reset.server";
import { noStoreHeaders } from "~/server/auth/session.server";
import { signInHeaders, signInPage } from "~/server/auth/sign-in-pages.server";
import {
  answerOrFail,
  replyFormProblem,
  replyInvalid,
  unknownIntent,
} from "~/server/admin/form-replies.server";
import { redirectWithToast } from "~/server/toast.server";

/** Never sent back: what was typed in them is emptied by a refusal. */
const hideFields = ["newPassword", "confirmPassword"];

const RESET_INTENT = "reset-password";

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => signInMeta("Nouveau mot de passe");

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = await resetLinkAccount(token);
  return signInPage({ token, email: account?.email ?? null });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === RESET_INTENT) return resetWithLink(request, formData);
  unknownIntent();
}

/** The new password of the link's account; a link used or expired meanwhile shows the page's refusal. */
async function resetWithLink(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordResetSchema });
  if (submission.status !== "success") return replyInvalid(submission, {}, { hideFields });
  const { token, newPassword } = submission.value;
  return answerOrFail(
    async () => {
      const outcome = await resetPassword(request, token, newPassword);
      switch (outcome.status) {
        case "ok":
          return redirectWithToast(
            "/admin/login",
            {
              title: "Mot de passe mis à jour",
              description: "Connectez-vous avec votre nouveau mot de passe.",
            },
            { headers: noStoreHeaders },
          );
        case "weak":
          return replyInvalid(
            submission,
            { fieldErrors: { newPassword: [WEAK_PASSWORD_MESSAGE] } },
            { hideFields },
          );
        case "busy":
          return replyFormProblem(
            submission,
            503,
            "Le service est momentanément surchargé. Réessayez dans quelques secondes.",
            { headers: { ...noStoreHeaders, "Retry-After": String(outcome.retryAfterSeconds) }, hideFields },
          );
        case "invalid":
          // The page again, from its link: the loader now finds it invalid and says why.
          return redirect(`/admin/login/reset?${new URLSearchParams({ token })}`, {
            headers: noStoreHeaders,
          });
      }
    },
    "Une erreur s'est produite. Réessayez dans quelques instants.",
    noStoreHeaders,
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.email) {
    return (
      <SignInCard company={loaderData.company} title="Lien invalide ou expiré">
        <div className="flex flex-col gap-4">
          <Alert variant="destructive" role="alert">
            <AlertDescription>
              Ce lien de réinitialisation n'est plus valable : il a déjà servi, ou les {RESET_LINK_MINUTES}{" "}
              minutes pendant lesquelles il était valable sont passées. Demandez-en un nouveau.
            </AlertDescription>
          </Alert>
          <Button asChild>
            <Link to="/admin/login/forgot">Demander un nouveau lien</Link>
          </Button>
          <BackToSignIn />
        </div>
      </SignInCard>
    );
  }

  return (
    <SignInCard
      company={loaderData.company}
      title="Choisissez un nouveau mot de passe"
      description={`Pour le compte ${loaderData.email}. Toutes les sessions ouvertes de ce compte seront fermées.`}
    >
      <SignInForm
        schema={passwordResetSchema}
        intent={RESET_INTENT}
        hidden={{ token: loaderData.token }}
        lastResult={actionData?.result}
        submit={{
          label: "Enregistrer le mot de passe",
          pendingLabel: "Enregistrement...",
          icon: <KeyRound aria-hidden />,
        }}
      >
        {(fields) => (
          <>
            <TextField
              meta={fields.newPassword}
              type="password"
              label="Nouveau mot de passe"
              description={`Au moins ${MIN_PASSWORD_LENGTH} caractères ; les mots de passe trop courants sont refusés.`}
              autoComplete="new-password"
              autoFocus
              required
            />
            <TextField
              meta={fields.confirmPassword}
              type="password"
              label="Confirmer le nouveau mot de passe"
              autoComplete="new-password"
              required
            />
          </>
        )}
      </SignInForm>
    </SignInCard>
  );
}
