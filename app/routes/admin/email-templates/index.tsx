import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, CircleX, Inbox, Loader2, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/index";
import type { loader as mailStatusLoader } from "./mail-status";
import { AdminError } from "~/components/admin/admin-error";
import { Field, FormErrors, TextField } from "~/components/admin/fields";
import {
  TemplatePlaceholders,
  TemplatePreview,
  TestEmailDialog,
} from "~/components/admin/email/email-template-parts";
import { PageHeader } from "~/components/admin/page-header";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { emailTemplateLabels, emailTemplateUses, textToHtml } from "~/lib/admin/email-templates";
import { emailTemplateNames, type EmailTemplateName } from "~/lib/enums";
import {
  emailTemplateSchema,
  testEmailSchema,
  textOnlyTemplate,
  type EmailTemplateInput,
} from "~/lib/schemas/email-template";
import { replyInvalid, unknownIntent } from "~/server/admin/form-replies.server";
import { saveFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { countFailedOutbox } from "~/server/mail/outbox-admin.server";
import { listEmailTemplates, saveEmailTemplate } from "~/server/mail/template-admin.server";
import { sendTestEmail } from "~/server/mail/test-email.server";
import { getSiteSettings } from "~/server/settings.server";
import { redirectWithToast } from "~/server/toast.server";
import { formTiming } from "~/lib/admin/form-timing";
import { PendingButton } from "~/components/admin/pending-button";

const isTemplateName = (value: unknown): value is EmailTemplateName =>
  emailTemplateNames.includes(value as EmailTemplateName);

export const meta: Route.MetaFunction = () => [{ title: "Templates d'email | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const [templates, failed, settings] = await Promise.all([
    listEmailTemplates(),
    countFailedOutbox(),
    getSiteSettings(),
  ]);
  const tab = new URL(request.url).searchParams.get("tab");
  return {
    templates,
    failed,
    companyEmail: settings?.companyEmail ?? "",
    tab: isTemplateName(tab) ? tab : (templates[0]?.name ?? "contact_confirmation"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  const name = formData.get("name");
  const back = `/admin/email-templates${isTemplateName(name) ? `?tab=${name}` : ""}`;

  switch (formData.get("intent")) {
    case "save":
      return saveFromForm(request, formData, emailTemplateSchema, {
        save: (template) => saveEmailTemplate(who, template),
        to: back,
        done: (template) => ({
          title: "Template sauvegardé",
          description: `${emailTemplateLabels[template.name]} enregistré.`,
        }),
        failed: "Impossible de sauvegarder le template email",
      });
    case "send-test": {
      const submission = parseWithZod(formData, { schema: testEmailSchema });
      if (submission.status !== "success") return replyInvalid(submission);
      const result = await sendTestEmail(who, submission.value.to, submission.value.name);
      return redirectWithToast(
        back,
        result.success
          ? { title: "Email envoyé", description: result.message }
          : { type: "error", title: "Échec de l'envoi", description: result.message },
      );
    }
  }
  unknownIntent();
}

type Template = Route.ComponentProps["loaderData"]["templates"][number];

type MailStatus = Awaited<ReturnType<typeof mailStatusLoader>>["data"];

export default function EmailTemplatesScreen({ loaderData }: Route.ComponentProps) {
  const { templates, failed, companyEmail } = loaderData;
  const [tab, setTab] = useState<string>(loaderData.tab);
  const status = useMailStatus();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Templates d'email"
        description="Les emails envoyés après chaque demande de contact, le brouillon des réponses et ceux du mot de passe oublié."
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/email-templates/outbox">
              <Inbox aria-hidden />
              Boîte d'envoi
              {failed > 0 ? <Badge variant="destructive">{failed}</Badge> : null}
            </Link>
          </Button>
        }
      />
      <MailStatusBanner status={status} />
      {failed > 0 ? (
        <Alert variant="destructive">
          <CircleX aria-hidden />
          <AlertTitle>
            {failed === 1 ? "1 email n'a pas pu être envoyé" : `${failed} emails n'ont pas pu être envoyés`}
          </AlertTitle>
          <AlertDescription>
            <Link to="/admin/email-templates/outbox?status=failed" className="underline underline-offset-4">
              Voir la boîte d'envoi
            </Link>{" "}
            pour la raison et les renvoyer.
          </AlertDescription>
        </Alert>
      ) : null}

      {templates.length === 0 ? (
        <p className="rounded-lg border bg-card p-8 text-center text-muted-foreground">
          Aucun template d'email trouvé
        </p>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Templates">
            {templates.map((template) => (
              <TabsTrigger key={template.id} value={template.name}>
                {emailTemplateLabels[template.name] ?? template.name}
              </TabsTrigger>
            ))}
          </TabsList>
          {templates.map((template) => (
            <TabsContent key={template.id} value={template.name}>
              <TemplateEditor
                template={template}
                active={template.name === tab}
                mailReady={status.state === "valid"}
                companyEmail={companyEmail}
              />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

type StatusState = { state: "checking" } | ({ state: "valid" | "invalid" } & MailStatus);

/** Checks the mail configuration once the page has shown (it may take up to 10 s), and on demand. */
function useMailStatus(): StatusState & { recheck: () => void } {
  const fetcher = useFetcher<MailStatus>();
  const { load } = fetcher;
  useEffect(() => {
    void load("/admin/email-templates/mail-status");
  }, [load]);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result && !result.valid) {
      toast.error(
        result.provider === "smtp" ? "Configuration SMTP invalide" : "Configuration Mailjet invalide",
        {
          description: result.message,
        },
      );
    }
  }, [result]);
  const recheck = () => void load("/admin/email-templates/mail-status");
  if (!result) return { state: "checking", recheck };
  return { ...result, state: result.valid ? "valid" : "invalid", recheck };
}

const providerNames = { mailjet: "Mailjet", smtp: "SMTP" } as const;

function MailStatusBanner({ status }: { status: ReturnType<typeof useMailStatus> }) {
  if (status.state === "checking") {
    return (
      <Alert aria-live="polite">
        <Loader2 className="animate-spin" aria-hidden />
        <AlertTitle>Vérification en cours</AlertTitle>
        <AlertDescription>
          Connexion au fournisseur d'email avec les paramètres enregistrés...
        </AlertDescription>
      </Alert>
    );
  }
  const valid = status.state === "valid";
  return (
    <Alert
      className={valid ? "border-green-500/40 bg-green-500/10 text-green-100" : undefined}
      variant={valid ? "default" : "destructive"}
    >
      {valid ? <CircleCheck aria-hidden /> : <CircleX aria-hidden />}
      <AlertTitle>
        {valid
          ? `Configuration valide${status.provider ? ` (${providerNames[status.provider]})` : ""}`
          : `Configuration invalide${status.provider ? ` (${providerNames[status.provider]})` : ""}`}
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span>{status.message}</span>
        <span className="flex shrink-0 gap-2">
          {valid ? null : (
            <Button asChild size="sm" variant="outline">
              <Link to="/admin/settings?tab=email">Paramètres email</Link>
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" onClick={status.recheck}>
            <RefreshCw aria-hidden />
            Vérifier à nouveau
          </Button>
        </span>
      </AlertDescription>
    </Alert>
  );
}

function TemplateEditor({
  template,
  active,
  mailReady,
  companyEmail,
}: {
  template: Template;
  active: boolean;
  mailReady: boolean;
  companyEmail: string;
}) {
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const version = new Date(template.updatedAt).toISOString();
  const formId = `template-${template.name}-${version}`;
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "save" &&
    navigation.formData.get("name") === template.name;
  const textOnly = textOnlyTemplate(template.name);
  const [form, fields] = useForm<EmailTemplateInput>({
    id: formId,
    lastResult: active && answer && "result" in answer ? answer.result : undefined,
    defaultValue: {
      subject: template.subject,
      htmlContent: template.htmlContent,
      textContent: template.textContent,
    },
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailTemplateSchema }),
  });

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>{emailTemplateLabels[template.name]}</CardTitle>
          <CardDescription>{emailTemplateUses[template.name].purpose}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="name" value={template.name} />
            <input type="hidden" name="updatedAt" value={version} />
            <TextField meta={fields.subject} label="Sujet" />
            {textOnly ? null : (
              <Field meta={fields.htmlContent} label="Contenu HTML">
                {(control) => (
                  <Textarea
                    {...getTextareaProps(fields.htmlContent, { ariaAttributes: false })}
                    key={fields.htmlContent.key}
                    {...control}
                    rows={14}
                    spellCheck={false}
                    className="font-mono text-xs"
                  />
                )}
              </Field>
            )}
            <Field meta={fields.textContent} label="Contenu texte">
              {(control) => (
                <Textarea
                  {...getTextareaProps(fields.textContent, { ariaAttributes: false })}
                  key={fields.textContent.key}
                  {...control}
                  rows={10}
                  className="font-mono text-xs"
                />
              )}
            </Field>
            <TemplatePlaceholders name={template.name} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap justify-end gap-2">
              <TestEmailDialog name={template.name} disabled={!mailReady} companyEmail={companyEmail} />
              <PendingButton pending={saving} pendingLabel="Sauvegarde...">
                Sauvegarder
              </PendingButton>
            </div>
          </Form>
          {active ? <UnsavedChangesGuard formId={formId} /> : null}
        </CardContent>
      </Card>
      <TemplatePreview
        name={template.name}
        subject={fields.subject.value ?? ""}
        html={textOnly ? textToHtml(fields.textContent.value ?? "") : (fields.htmlContent.value ?? "")}
        text={fields.textContent.value ?? ""}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de récupérer les templates email"
      retryTo="/admin/email-templates"
    />
  );
}
