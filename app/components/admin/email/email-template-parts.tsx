import { Send } from "lucide-react";
import { TextField } from "~/components/admin/fields";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  emailTemplateLabels,
  emailTemplateUses,
  renderEmail,
  STAFF_NAME_PLACEHOLDER,
  templateProblem,
} from "~/lib/admin/email-templates";
import type { EmailTemplateName } from "~/lib/enums";
import { testEmailSchema } from "~/lib/schemas/email-template";

// The side pieces of a template's editor on 'Templates d'email' (back-office.md §2.16): its
// placeholders, its live preview and the test send.

export function TemplatePlaceholders({ name }: { name: EmailTemplateName }) {
  return (
    <div className="rounded-md border border-dashed p-3 text-sm">
      <p className="font-medium">Variables disponibles</p>
      <p className="mt-1 text-muted-foreground">
        Elles sont remplacées par les valeurs de l'envoi, toujours échappées (les balises {"{{{…}}}"} et{" "}
        {"{{&…}}"} sont refusées).
        {emailTemplateUses[name].placeholders.includes(STAFF_NAME_PLACEHOLDER)
          ? ` {{${STAFF_NAME_PLACEHOLDER}}} : le nom de la personne qui répond.`
          : null}
      </p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Variables disponibles">
        {emailTemplateUses[name].placeholders.map((name) => (
          <li key={name}>
            <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{`{{${name}}}`}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The template as it would be sent, filled with its sample, from the fields as typed. */
export function TemplatePreview({
  name,
  subject,
  html,
  text,
}: {
  name: EmailTemplateName;
  subject: string;
  html: string;
  text: string;
}) {
  const use = emailTemplateUses[name];
  const problem =
    templateProblem(subject, name) ?? templateProblem(html, name) ?? templateProblem(text, name);
  const email = problem ? null : renderEmail({ subject, htmlContent: html, textContent: text }, use.sample);
  return (
    <Card aria-labelledby="preview-title">
      <CardHeader>
        <CardTitle id="preview-title">Aperçu</CardTitle>
        <CardDescription>{use.sampleNote}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {email ? (
          <>
            <p className="text-sm">
              <span className="text-muted-foreground">Sujet : </span>
              <span className="font-medium" data-testid="preview-subject">
                {email.subject}
              </span>
            </p>
            {/* No script runs in the preview, whatever the HTML holds. */}
            <iframe
              title="Aperçu du contenu HTML"
              sandbox=""
              srcDoc={email.html}
              className="h-80 w-full rounded-md border bg-white"
            />
            <details>
              <summary className="cursor-pointer text-sm text-muted-foreground">Version texte</summary>
              <pre className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
                {email.text}
              </pre>
            </details>
          </>
        ) : (
          <p
            role="status"
            className="rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm text-red-200"
          >
            Aperçu impossible : {problem}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function TestEmailDialog({
  name,
  disabled,
  companyEmail,
}: {
  name: EmailTemplateName;
  disabled: boolean;
  companyEmail: string;
}) {
  return (
    <FormDialog
      trigger={
        <Button type="button" variant="outline" disabled={disabled}>
          <Send aria-hidden />
          Tester
        </Button>
      }
      title="Envoyer un email de test"
      description={`Le template « ${emailTemplateLabels[name]} » tel qu'il est enregistré, rempli avec ses valeurs d'exemple, part par la boîte d'envoi.`}
      schema={testEmailSchema}
      intent="send-test"
      hidden={{ name }}
      defaultValue={{ to: companyEmail }}
      submitLabel="Envoyer"
      pendingLabel="Envoi..."
    >
      {(fields) => (
        <TextField meta={fields.to} type="email" label="Adresse email de test" autoComplete="email" />
      )}
    </FormDialog>
  );
}
