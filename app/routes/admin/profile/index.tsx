import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, UserRound } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { FormErrors, TextField } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formatDateTime } from "~/lib/format-date";
import { plural } from "~/lib/plural";
import { passwordChangeSchema, twoFactorConfirmSchema, twoFactorPasswordSchema } from "~/lib/schemas/users";
import { getAccount } from "~/server/auth/manage-users.server";
import { changeOwnPassword, type CredentialRefusal } from "~/server/auth/credentials.server";
import {
  confirmEnrolment,
  disableOwnSecondFactor,
  enrolmentOf,
  startEnrolment,
} from "~/server/auth/two-factor.server";
import { getSiteSettings } from "~/server/settings.server";
import { receivesDailyDigest, setDailyDigest } from "~/server/contacts/digest.server";
import { receivesWeeklyReportOf, setWeeklyReport } from "~/server/analytics/weekly-report.server";
import { TwoFactorCard, type TwoFactorStep } from "~/components/admin/two-factor-card";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { answerOrFail, unknownIntent } from "~/server/admin/form-replies.server";
import { runAction } from "~/server/admin/row-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import { formTiming } from "~/lib/admin/form-timing";
import { PendingButton } from "~/components/admin/pending-button";
import { MailSwitchCard } from "~/components/admin/profile/mail-switch-card";

export const meta: Route.MetaFunction = () => [{ title: "Profil | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const settings = await getSiteSettings();
  return {
    account: await getAccount(user.id),
    dailyDigest: await receivesDailyDigest(user.id),
    weeklyReport: await receivesWeeklyReportOf(user.id),
    // An admin sent here by 'Exiger la double authentification pour les administrateurs'.
    twoFactorRequired: user.role === "admin" && Boolean(settings?.requireAdminTwoFactor),
    // The generated first admin, sent here until it has its own password (requireUser).
    passwordChangeRequired: Boolean(user.mustChangePassword),
  };
}

function refusedPasswordMessage(outcome: CredentialRefusal | { status: "weak" }): string {
  switch (outcome.status) {
    case "wrong":
      return WRONG_PASSWORD_MESSAGE;
    case "throttled":
      return `Trop de tentatives. Réessayez dans ${plural(outcome.retryAfterSeconds, "seconde")}.`;
    case "busy":
      return "Le service est momentanément surchargé. Réessayez dans quelques secondes.";
    default:
      return FAILED_MESSAGE;
  }
}

const refusalStatus = { wrong: 400, throttled: 429, busy: 503 } as Record<string, number>;

async function twoFactorAction(request: Request, user: { id: string; email: string }, formData: FormData) {
  const intent = formData.get("intent");
  const schema = intent === "two-factor-confirm" ? twoFactorConfirmSchema : twoFactorPasswordSchema;
  const submission = parseWithZod(formData, { schema });
  const answer = (status: number, step: Omit<TwoFactorStep, "form">, formErrors?: string[]) =>
    data<FormAnswer<TwoFactorStep>>(
      {
        result: submission.reply({ formErrors, hideFields: ["password", "code"] }),
        step: { form: "two-factor", ...step },
      },
      { status },
    );
  if (submission.status !== "success") {
    const uri = formData.get("uri");
    const enrolment = typeof uri === "string" ? await enrolmentOf(uri) : null;
    return answer(400, enrolment ? { enrolment } : {});
  }
  switch (intent) {
    case "two-factor-start": {
      const { password } = submission.value as { password: string };
      const outcome = await startEnrolment(request, user, password);
      if (outcome.status !== "ok") return answer(400, {}, [refusedPasswordMessage(outcome)]);
      return answer(200, { enrolment: outcome.enrolment });
    }
    case "two-factor-confirm": {
      const { code, uri } = submission.value as { code: string; uri: string };
      const outcome = await confirmEnrolment(request, user, code);
      if (outcome.status === "not_pending")
        return answer(400, {}, [
          "La double authentification est déjà activée, ou son activation n'a pas commencé.",
        ]);
      if (outcome.status !== "ok") {
        const enrolment = await enrolmentOf(uri);
        const message = outcome.status === "wrong" ? "Code incorrect" : refusedPasswordMessage(outcome);
        const status = outcome.status === "throttled" ? 429 : outcome.status === "busy" ? 503 : 400;
        return answer(status, enrolment ? { enrolment } : {}, [message]);
      }
      // Shown once: the codes stay encrypted in the database.
      return data<FormAnswer<TwoFactorStep>>(
        {
          result: submission.reply({ resetForm: true }),
          step: { form: "two-factor", backupCodes: outcome.backupCodes },
        },
        { headers: outcome.headers },
      );
    }
    default: {
      const { password } = submission.value as { password: string };
      const outcome = await disableOwnSecondFactor(request, user, password);
      if (outcome.status !== "ok") return answer(400, {}, [refusedPasswordMessage(outcome)]);
      return redirectWithToast(
        "/admin/profile",
        { title: "Double authentification désactivée" },
        { headers: outcome.headers },
      );
    }
  }
}

async function changePassword(request: Request, user: { id: string; email: string }, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  const refuse = (
    status: number,
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  ) =>
    data<FormAnswer>(
      {
        result: submission.reply({
          ...errors,
          hideFields: ["currentPassword", "newPassword", "confirmPassword"],
        }),
      },
      { status },
    );
  if (submission.status !== "success") return refuse(400, {});
  const outcome = await changeOwnPassword(request, user, submission.value);
  if (outcome.status === "ok")
    // The other sessions are over; this browser carries the new one (Set-Cookie).
    return redirectWithToast(
      "/admin/profile",
      { title: "Mot de passe mis à jour" },
      { headers: outcome.headers },
    );
  if (outcome.status === "wrong")
    return refuse(400, { fieldErrors: { currentPassword: [WRONG_PASSWORD_MESSAGE] } });
  return refuse(refusalStatus[outcome.status] ?? 400, { formErrors: [refusedPasswordMessage(outcome)] });
}

const WRONG_PASSWORD_MESSAGE = "Mot de passe actuel incorrect";
const FAILED_MESSAGE = "Une erreur est survenue lors de la mise à jour du profil";

export async function action({ request, context }: Route.ActionArgs) {
  const { user, who } = await requireActor(request, context, "user");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "daily-digest": {
      const on = formData.get("dailyDigest") === "on";
      return runAction(
        request,
        {
          done: { title: on ? "Récapitulatif quotidien activé" : "Récapitulatif quotidien désactivé" },
          failed: FAILED_MESSAGE,
        },
        () => setDailyDigest(who, on),
      );
    }
    case "weekly-report": {
      const on = formData.get("weeklyReport") === "on";
      return runAction(
        request,
        {
          done: { title: on ? "Rapport hebdomadaire activé" : "Rapport hebdomadaire désactivé" },
          failed: FAILED_MESSAGE,
        },
        () => setWeeklyReport(who, on),
      );
    }
    case "two-factor-start":
    case "two-factor-confirm":
    case "two-factor-disable":
      return answerOrFail(() => twoFactorAction(request, user, formData), FAILED_MESSAGE);
    case "password":
      return answerOrFail(() => changePassword(request, user, formData), FAILED_MESSAGE);
  }
  unknownIntent();
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted-foreground sm:w-44 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-all text-sm">{value}</dd>
    </div>
  );
}

export default function ProfileScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { account, twoFactorRequired, passwordChangeRequired, dailyDigest, weeklyReport } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "password-change",
    lastResult: navigation.state === "idle" && actionData && !actionData.step ? actionData.result : undefined,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Profil" description="Votre compte et votre mot de passe." />
      {/* After a refused change, the form is where the person is. */}
      <Tabs
        defaultValue={
          actionData || passwordChangeRequired || (twoFactorRequired && !account?.twoFactorEnabled)
            ? "security"
            : "account"
        }
      >
        <TabsList>
          <TabsTrigger value="account">
            <UserRound aria-hidden />
            Compte
          </TabsTrigger>
          <TabsTrigger value="security">
            <KeyRound aria-hidden />
            Sécurité
          </TabsTrigger>
        </TabsList>
        <TabsContent value="account">
          <Card>
            <CardHeader>
              <CardTitle>Informations du compte</CardTitle>
            </CardHeader>
            <CardContent>
              {account ? (
                <dl className="flex flex-col gap-3">
                  <Detail label="Email" value={account.email} />
                  <Detail label="Identifiant" value={<code className="text-xs">{account.id}</code>} />
                  <Detail
                    label="Dernière connexion"
                    value={account.lastSignInAt ? formatDateTime(account.lastSignInAt) : "Jamais"}
                  />
                  <Detail label="Date de création" value={formatDateTime(account.createdAt)} />
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">Aucune information disponible</p>
              )}
            </CardContent>
          </Card>
          <MailSwitchCard
            intent="daily-digest"
            on={dailyDigest}
            title="Récapitulatif quotidien"
            description="Chaque matin à 8 h, par e-mail : vos demandes à relancer et les nouvelles demandes non attribuées. Rien n'est envoyé les jours où il n'y a rien à signaler."
            label="Recevoir le récapitulatif quotidien"
          />
          <MailSwitchCard
            intent="weekly-report"
            on={weeklyReport}
            title="Rapport hebdomadaire"
            description="Chaque lundi à 8 h, par e-mail : les visites et les demandes de la semaine écoulée comparées à la précédente, les pages les plus vues, les sources et les campagnes, les demandes encore « Nouveau » et les e-mails en échec. Rien n'est envoyé pour une semaine sans visite ni demande."
            label="Recevoir le rapport hebdomadaire"
          />
        </TabsContent>
        <TabsContent value="security">
          <Card>
            <CardHeader>
              <CardTitle>Changer le mot de passe</CardTitle>
              <CardDescription>
                Vos autres sessions ouvertes (autres navigateurs, autres appareils) seront fermées.
              </CardDescription>
              {passwordChangeRequired ? (
                <Alert variant="destructive">
                  <AlertDescription>
                    Ce compte utilise encore le mot de passe généré à l'installation : choisissez le vôtre
                    pour accéder au back-office.
                  </AlertDescription>
                </Alert>
              ) : null}
            </CardHeader>
            <CardContent>
              <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="password" />
                <TextField
                  meta={fields.currentPassword}
                  type="password"
                  label="Mot de passe actuel"
                  autoComplete="current-password"
                />
                <TextField
                  meta={fields.newPassword}
                  type="password"
                  label="Nouveau mot de passe"
                  autoComplete="new-password"
                  description="Au moins 6 caractères ; les mots de passe trop courants sont refusés."
                />
                <TextField
                  meta={fields.confirmPassword}
                  type="password"
                  label="Confirmer le nouveau mot de passe"
                  autoComplete="new-password"
                />
                <FormErrors id={form.errorId} errors={form.errors} />
                <PendingButton className="self-start" pending={saving}>
                  Mettre à jour le mot de passe
                </PendingButton>
              </Form>
            </CardContent>
          </Card>
          <TwoFactorCard
            enabled={Boolean(account?.twoFactorEnabled)}
            required={twoFactorRequired}
            answer={actionData?.step ? actionData : undefined}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} message={FAILED_MESSAGE} retryTo="/admin/profile" />;
}
