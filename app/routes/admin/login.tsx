import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn } from "lucide-react";
import { Link, redirect } from "react-router";
import { z } from "~/lib/zod";
import { TextField } from "~/components/admin/fields";
import {
  EmailField,
  SignInCard,
  SignInForm,
  signInMeta,
  useRefusedSecret,
} from "~/components/admin/sign-in-card";
import type { Route } from "./+types/login";
import { SIGN_IN_INTENT } from "~/lib/schemas/users";
import { signIn } from "~/server/auth/credentials.server";
import { noStoreHeaders } from "~/server/auth/session.server";
import {
  leaveIfSignedIn,
  redirectToOf,
  replySignInRefusal,
  signInHeaders,
  signInPage,
  signInPageAction,
  signInStep,
  welcomeIn,
} from "~/server/auth/sign-in-pages.server";
import { answerOrFail, replyInvalid } from "~/server/admin/form-replies.server";
import { withSetCookies } from "~/server/http/headers.server";
import { adminLinks } from "~/components/admin/stylesheet";

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

export const meta: Route.MetaFunction = () => signInMeta("Connexion");

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  return signInPage({ redirectTo: redirectToOf(request) });
}

export async function action({ request }: Route.ActionArgs) {
  return signInPageAction(request, SIGN_IN_INTENT, (formData) => signInWithPassword(request, formData));
}

/** The password: signed in, on to the code step (a second factor), or refused with why. */
async function signInWithPassword(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return replyInvalid(submission, {}, { hideFields: ["password"] });

  const { email, password, redirectTo } = submission.value;
  return answerOrFail(
    async () => {
      const outcome = await signIn(request, { email, password });
      if (outcome.status === "second_factor")
        return redirect(signInStep("/admin/login/code", redirectTo), {
          headers: withSetCookies(outcome.headers, noStoreHeaders),
        });
      if (outcome.status === "ok") return welcomeIn(redirectTo, outcome.headers);
      return replySignInRefusal(submission, outcome, "password");
    },
    "Une erreur s'est produite lors de la connexion",
    noStoreHeaders,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // A refused password is emptied (the server never sends it back) and focused for a new try.
  const passwordInput = useRefusedSecret(actionData?.problem);

  return (
    <SignInCard company={loaderData.company} title="Connectez-vous pour accéder au tableau de bord">
      <SignInForm
        schema={loginSchema}
        intent={SIGN_IN_INTENT}
        hidden={{ redirectTo: loaderData.redirectTo }}
        lastResult={actionData?.result}
        submit={{ label: "Se connecter", pendingLabel: "Connexion en cours...", icon: <LogIn aria-hidden /> }}
      >
        {(fields) => (
          <>
            <EmailField meta={fields.email} />
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
          </>
        )}
      </SignInForm>
    </SignInCard>
  );
}
