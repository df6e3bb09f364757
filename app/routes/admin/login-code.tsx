import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck } from "lucide-react";
import { z } from "~/lib/zod";
import { TextField } from "~/components/admin/fields";
import {
  BackToSignIn,
  SignInCard,
  SignInForm,
  signInMeta,
  useRefusedSecret,
} from "~/components/admin/sign-in-card";
import type { Route } from "./+types/login-code";
import { adminLinks } from "~/components/admin/stylesheet";
import { pendingSecondFactorEmail, verifySecondFactor } from "~/server/auth/credentials.server";
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
import { SECOND_FACTOR_EXPIRED_MESSAGE } from "~/server/auth/sign-in-refusals.server";
import { redirectWithToast } from "~/server/toast.server";

/** The sign-in's second step: the authenticator's code (or a backup code) after the password. */
const codeSchema = z.object({
  code: z.string({ error: "Le code est requis" }).trim().min(6, { error: "Le code est trop court" }),
  trustDevice: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

const VERIFY_INTENT = "verify-code";

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => signInMeta("Double authentification");

export const headers = signInHeaders;

function backToPassword(redirectTo: string | null | undefined) {
  return redirectWithToast(
    signInStep("/admin/login", redirectTo),
    { type: "error", title: "Erreur de connexion", description: SECOND_FACTOR_EXPIRED_MESSAGE },
    { headers: noStoreHeaders },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await leaveIfSignedIn(request);
  const redirectTo = redirectToOf(request);
  if (!pendingSecondFactorEmail(request)) throw await backToPassword(redirectTo);
  return signInPage({ redirectTo });
}

export async function action({ request }: Route.ActionArgs) {
  return signInPageAction(request, VERIFY_INTENT, (formData) => verifyCode(request, formData));
}

/** The code: signed in, back to the password when the step has expired, or refused with why. */
async function verifyCode(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") return replyInvalid(submission, {}, { hideFields: ["code"] });
  const { code, trustDevice, redirectTo } = submission.value;
  return answerOrFail(
    async () => {
      const outcome = await verifySecondFactor(request, { code, trustDevice: trustDevice === "on" });
      switch (outcome.status) {
        case "ok":
          return welcomeIn(redirectTo, outcome.headers);
        case "expired":
          return backToPassword(redirectTo);
        default:
          return replySignInRefusal(submission, outcome, "code");
      }
    },
    "Une erreur s'est produite lors de la connexion",
    noStoreHeaders,
  );
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  // A refused code is emptied and focused for a new try.
  const codeInput = useRefusedSecret(actionData?.problem);

  return (
    <SignInCard
      company={loaderData.company}
      title="Double authentification"
      description="Saisissez le code à 6 chiffres affiché par votre application d'authentification, ou l'un de vos codes de secours."
    >
      <SignInForm
        schema={codeSchema}
        intent={VERIFY_INTENT}
        hidden={{ redirectTo: loaderData.redirectTo }}
        lastResult={actionData?.result}
        submit={{ label: "Vérifier", pendingLabel: "Vérification...", icon: <ShieldCheck aria-hidden /> }}
        after={<BackToSignIn />}
      >
        {(fields) => (
          <>
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
          </>
        )}
      </SignInForm>
    </SignInCard>
  );
}
