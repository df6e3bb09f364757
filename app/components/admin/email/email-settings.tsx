import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/admin/fields";
import { SecretField } from "~/components/admin/secret-field";
import { MailConnectionTest, SectionCard } from "~/components/admin/settings/settings-sections";
import type { SecretField as SecretName, SiteSettingsInput } from "~/lib/schemas/site-settings";

type EmailFieldset = ReturnType<FieldMetadata<SiteSettingsInput["email"]>["getFieldset"]>;

/**
 * The settings screen's 'Email' tab: the sender, the Mailjet keys, the SMTP server, and
 * 'Tester la connexion' on what is typed in form `formId`. `secret(name)` says whether a secret
 * is stored and how the form asks to erase it.
 */
export function EmailSettings({
  email,
  secret,
  formId,
}: {
  email: EmailFieldset;
  secret: (name: SecretName) => { isSet: boolean; clearName: string; clearValue: string };
  formId: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Expédition" description="L'expéditeur des emails envoyés par le site.">
        <div className="grid gap-4 md:grid-cols-2">
          <TextField meta={email.fromName} label="Nom d'expéditeur" />
          <TextField meta={email.fromEmail} type="email" label="Email d'expédition" />
          <TextField meta={email.replyToEmail} type="email" label="Email de réponse" />
          <TextField
            meta={email.projectNotificationEmail}
            type="email"
            label="Email de notification des projets"
            description="Reçoit l'avis de chaque projet créé. Vide : l'email de l'entreprise."
          />
        </div>
      </SectionCard>
      <SectionCard
        title="Mailjet"
        description="Utilisé quand ses deux clés sont définies ; sinon le serveur SMTP ci-dessous."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <SecretField
            meta={email.mailjetApiKey}
            label="Clé API Mailjet"
            {...secret("email.mailjetApiKey")}
          />
          <SecretField
            meta={email.mailjetSecretKey}
            label="Clé secrète Mailjet"
            {...secret("email.mailjetSecretKey")}
          />
        </div>
      </SectionCard>
      <SectionCard
        title="SMTP"
        description="Connexion chiffrée obligatoire : STARTTLS (port 587) ou TLS (port 465)."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            meta={email.smtpServer}
            label="Serveur SMTP"
            placeholder="smtp.exemple.fr"
            spellCheck={false}
          />
          <TextField
            meta={email.smtpPort}
            type="number"
            label="Port SMTP"
            placeholder="587"
            min={1}
            max={65535}
          />
          <TextField meta={email.smtpUsername} label="Nom d'utilisateur SMTP" autoComplete="off" />
          <SecretField
            meta={email.smtpPassword}
            label="Mot de passe SMTP"
            {...secret("email.smtpPassword")}
          />
        </div>
      </SectionCard>
      <MailConnectionTest formId={formId} />
    </div>
  );
}
