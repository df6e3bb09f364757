import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Copy, Download, Loader2, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, TextField } from "~/components/admin/fields";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormAnswer } from "~/lib/admin/form-answer";
import { formTiming } from "~/lib/admin/form-timing";
import { twoFactorConfirmSchema, twoFactorPasswordSchema } from "~/lib/schemas/users";
import { useIsPending } from "~/components/admin/pending-button";

type Enrolment = { qrSvg: string; secret: string; uri: string };
/** The step the profile's action answers with: the QR code to scan, then the backup codes. */
export type TwoFactorStep = { form: "two-factor"; enrolment?: Enrolment; backupCodes?: string[] };
type Answer = FormAnswer<TwoFactorStep>;

/**
 * Profile, 'Double authentification': turn it on (password → QR code and secret → first code →
 * the 10 backup codes, shown once) or off (password).
 */
export function TwoFactorCard({
  enabled,
  required,
  answer,
}: {
  enabled: boolean;
  required: boolean;
  answer: Answer | undefined;
}) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          Double authentification
          {enabled ? <Badge variant="success">Activée</Badge> : <Badge variant="muted">Désactivée</Badge>}
        </CardTitle>
        <CardDescription>
          Après le mot de passe, la connexion demande un code à 6 chiffres de votre application
          d'authentification (Google Authenticator, Microsoft Authenticator, 1Password...).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {required && !enabled && !answer?.step?.backupCodes ? (
          <Alert variant="destructive">
            <AlertDescription>
              La double authentification est exigée pour les administrateurs : activez-la pour accéder au
              back-office.
            </AlertDescription>
          </Alert>
        ) : null}
        {answer?.step?.backupCodes ? (
          <BackupCodes codes={answer.step.backupCodes} />
        ) : answer?.step?.enrolment ? (
          <ConfirmEnrolment enrolment={answer.step.enrolment} answer={answer} />
        ) : (
          <PasswordStep enabled={enabled} answer={answer} />
        )}
      </CardContent>
    </Card>
  );
}

function PasswordStep({ enabled, answer }: { enabled: boolean; answer: Answer | undefined }) {
  const navigation = useNavigation();
  const intent = enabled ? "two-factor-disable" : "two-factor-start";
  const busy = useIsPending(intent);
  const [form, fields] = useForm({
    id: intent,
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorPasswordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <TextField
        meta={fields.password}
        type="password"
        label="Votre mot de passe"
        autoComplete="current-password"
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Button
        type="submit"
        variant={enabled ? "destructive" : "default"}
        className="self-start"
        disabled={busy}
      >
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
        {enabled ? "Désactiver la double authentification" : "Activer la double authentification"}
      </Button>
    </Form>
  );
}

function ConfirmEnrolment({ enrolment, answer }: { enrolment: Enrolment; answer: Answer }) {
  const navigation = useNavigation();
  const busy = useIsPending("two-factor-confirm");
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    // The start's answer (which opened this step) carries no error: only a refused code shows.
    lastResult: navigation.state === "idle" ? answer.result : undefined,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorConfirmSchema }),
  });
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Scannez ce QR code avec votre application d'authentification.</li>
        <li>Ou saisissez la clé ci-dessous dans l'application.</li>
        <li>Saisissez le code à 6 chiffres affiché par l'application.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div
          role="img"
          aria-label="QR code de la double authentification"
          className="size-44 shrink-0 rounded-md bg-white p-2 [&>svg]:size-full"
          // The SVG is drawn on the server by the qrcode package from the otpauth URI alone.
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-muted-foreground">Clé secrète</p>
          <code className="break-all rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="totp-secret">
            {enrolment.secret}
          </code>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <TextField
          meta={fields.code}
          label="Code de vérification"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Confirmer
        </Button>
      </Form>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="flex flex-col gap-4">
      <Alert>
        <AlertDescription>
          La double authentification est activée. Conservez ces 10 codes de secours en lieu sûr : chacun
          permet une seule connexion si vous n'avez plus accès à votre application. Ils ne seront plus
          affichés.
        </AlertDescription>
      </Alert>
      <ul aria-label="Codes de secours" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true))}
        >
          <Copy aria-hidden />
          {copied ? "Codes copiés" : "Copier les codes"}
        </Button>
        <Button asChild variant="outline">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="codes-de-secours.txt"
          >
            <Download aria-hidden />
            Télécharger les codes
          </a>
        </Button>
      </div>
    </div>
  );
}
