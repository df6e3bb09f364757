import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, LoaderCircle } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login-reset";
import { FormErrors, TextField } from "~/components/admin/fields";
import { SignInCard } from "~/components/admin/sign-in-card";
import { adminLinks } from "~/components/admin/stylesheet";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formTiming } from "~/lib/admin/form-timing";
import { WEAK_PASSWORD_MESSAGE } from "~/lib/schemas/password";
import { MIN_PASSWORD_LENGTH, passwordResetSchema, RESET_LINK_MINUTES } from "~/lib/schemas/users";
import { resetLinkAccount, resetPassword } from "~/server/auth/password-reset.server";
import { noStoreHeaders } from "~/server/auth/session.server";
import { signInHeaders } from "~/server/auth/sign-in-pages.server";
import { logger } from "~/server/logger.server";
import { getPublicSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";

const PASSWORD_FIELDS = ["newPassword", "confirmPassword"];

export const links: Route.LinksFunction = adminLinks;

export const meta: Route.MetaFunction = () => [
  { title: "Nouveau mot de passe | Back-office" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = signInHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [account, { companyName, companyLogo }] = await Promise.all([
    resetLinkAccount(token),
    getPublicSettings(),
  ]);
  return data(
    { companyName, companyLogo, token, email: account?.email ?? null },
    { headers: noStoreHeaders },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: passwordResetSchema });
  const answer = (
    status: number,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
    extra: { linkInvalid?: boolean; headers?: Record<string, string> } = {},
  ) =>
    data(
      {
        result: submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }),
        linkInvalid: extra.linkInvalid ?? false,
      },
      { status, headers: { ...noStoreHeaders, ...extra.headers } },
    );
  if (submission.status !== "success") return answer(400);
  const { token, newPassword } = submission.value;
  try {
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
        return answer(400, { fieldErrors: { newPassword: [WEAK_PASSWORD_MESSAGE] } });
      case "busy":
        return answer(
          503,
          { formErrors: ["Le service est momentanément surchargé. Réessayez dans quelques secondes."] },
          { headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      case "invalid":
        return answer(400, {}, { linkInvalid: true });
    }
  } catch (error) {
    logger.error({ err: error }, "password reset failed");
    return answer(500, { formErrors: ["Une erreur s'est produite. Réessayez dans quelques instants."] });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetSchema }),
    ...formTiming,
  });

  if (!loaderData.email || actionData?.linkInvalid) {
    return (
      <SignInCard
        logo={loaderData.companyLogo}
        companyName={loaderData.companyName}
        title="Lien invalide ou expiré"
      >
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
          <Link to="/admin/login" className="text-center text-sm text-muted-foreground underline">
            Revenir à la connexion
          </Link>
        </div>
      </SignInCard>
    );
  }

  return (
    <SignInCard
      logo={loaderData.companyLogo}
      companyName={loaderData.companyName}
      title="Choisissez un nouveau mot de passe"
      description={`Pour le compte ${loaderData.email}. Toutes les sessions ouvertes de ce compte seront fermées.`}
    >
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors id={form.errorId} errors={form.errors} />
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
        <Button type="submit" className="mt-2 w-full" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          {busy ? "Enregistrement..." : "Enregistrer le mot de passe"}
        </Button>
      </Form>
    </SignInCard>
  );
}
