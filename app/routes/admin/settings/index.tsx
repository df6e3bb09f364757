import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Building2, KeyRound, Loader2, Mail, RefreshCw, Search, Share2, ToggleRight } from "lucide-react";
import { useState } from "react";
import { data, Form, useActionData, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { FormErrors, TextareaField, TextField } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { ResponsiveTabs, type ResponsiveSection } from "~/components/admin/responsive-tabs";
import { SecretField } from "~/components/admin/secret-field";
import { EmailSettings } from "~/components/admin/email/email-settings";
import { FeatureSettings } from "~/components/admin/settings/feature-settings";
import { MissingKeyWarnings, SectionCard } from "~/components/admin/settings/settings-sections";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { Button } from "~/components/ui/button";
import {
  SECRET_FIELDS,
  siteSettingsSchema,
  type SecretField as SecretName,
  type SiteSettingsInput,
} from "~/lib/schemas/site-settings";
import type { FormAnswer, ProblemAnswer } from "~/lib/admin/form-answer";
import { replyProblem, unknownIntent } from "~/server/admin/form-replies.server";
import { runInPlace, saveFromForm } from "~/server/admin/row-actions.server";
import { requireActor, requireRole } from "~/server/auth/session.server";
import { clearPageCacheEverywhere, setCacheEnabled } from "~/server/cache/cache-controls.server";
import { getSiteSettings } from "~/server/settings.server";
import {
  readSettingsForm,
  saveSiteSettings,
  withTypedMailSettings,
} from "~/server/settings/settings-form.server";
import { checkMailConfiguration } from "~/server/mail/mail-check.server";
import { formTiming } from "~/lib/admin/form-timing";
import { PendingButton, useIsPending } from "~/components/admin/pending-button";

const TABS = ["company", "email", "social", "seo", "features", "apiKeys"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: unknown): value is Tab => TABS.includes(value as Tab);

export const meta: Route.MetaFunction = () => [{ title: "Configuration du site | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const [{ values, secrets }, settings] = await Promise.all([readSettingsForm(), getSiteSettings()]);
  const tab = new URL(request.url).searchParams.get("tab");
  return { values, secrets, cacheEnabled: settings!.enableCache, tab: isTab(tab) ? tab : "company" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { who } = await requireActor(request, context, "admin");
  const formData = await request.formData();
  const tab = formData.get("tab");
  const back = `/admin/settings${isTab(tab) && tab !== "company" ? `?tab=${tab}` : ""}`;

  switch (formData.get("intent")) {
    case "save":
      return saveFromForm(request, formData, siteSettingsSchema, {
        save: (settings) => saveSiteSettings(who, settings),
        to: back,
        done: {
          title: "Paramètres enregistrés",
          description: "Les paramètres du site ont été mis à jour avec succès",
        },
        failed: "Une erreur est survenue lors de la mise à jour des paramètres",
        // Typed secrets never travel back to the browser, not even in a refusal.
        hideFields: [...SECRET_FIELDS],
      });
    case "cache-toggle": {
      const enabled = formData.get("features.enableCache") === "on";
      return runInPlace(
        request,
        {
          back,
          done: {
            title: enabled ? "Cache activé" : "Cache désactivé",
            description: `Le cache a été ${enabled ? "activé" : "désactivé"} avec succès`,
          },
          failed: (error) => `Impossible de mettre à jour les paramètres de cache: ${reasonOf(error)}`,
        },
        () => setCacheEnabled(who, enabled),
      );
    }
    case "test-mail": {
      // The keys as typed, never saved: a doubtful key is tried before anyone keeps it.
      const check = await checkMailConfiguration(withTypedMailSettings(formData, await getSiteSettings()));
      return check.valid
        ? data<ProblemAnswer>({ success: { title: "Connexion réussie", description: check.message } })
        : data<ProblemAnswer>(
            { problem: { title: "Échec du test", description: check.message } },
            { status: 422 },
          );
    }
    case "cache-clear": {
      const settings = await getSiteSettings();
      if (!settings?.enableCache) {
        return replyProblem("Impossible de vider le cache: le cache est désactivé", 409);
      }
      return runInPlace(
        request,
        {
          back,
          done: {
            title: "Cache vidé",
            description: "Les pages publiques seront recalculées à leur prochaine visite.",
          },
          failed: (error) => `Impossible de vider le cache: ${reasonOf(error)}`,
        },
        () => clearPageCacheEverywhere(who),
      );
    }
  }
  unknownIntent();
}

function reasonOf(error: unknown) {
  return error instanceof Error && error.message ? error.message : "Erreur inconnue";
}

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const { values, secrets, cacheEnabled } = loaderData;
  const revalidator = useRevalidator();
  // The page's own form posts only "save"; the cache card's answers go to its fetcher.
  const answer = useActionData<FormAnswer>();
  const [tab, setTab] = useState<Tab>(loaderData.tab);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set([loaderData.tab]));
  const saving = useIsPending("save");
  const refreshing = revalidator.state === "loading";
  const formId = `settings-${values.updatedAt}`;

  const [form, fields] = useForm<SiteSettingsInput>({
    id: formId,
    lastResult: answer?.result,
    defaultValue: values as never,
    ...formTiming,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteSettingsSchema }),
  });

  const company = fields.company.getFieldset();
  const seo = fields.seo.getFieldset();
  const email = fields.email.getFieldset();
  const social = fields.social.getFieldset();
  const features = fields.features.getFieldset();
  const apiKeys = fields.apiKeys.getFieldset();
  const secret = (name: SecretName) => ({
    isSet: secrets[name],
    clearName: fields.clearSecrets.name,
    clearValue: name,
  });

  const sections: ResponsiveSection[] = [
    {
      id: "company",
      label: "Entreprise",
      icon: Building2,
      content: (
        <SectionCard
          repeatsSection
          title="Entreprise"
          description="Les coordonnées affichées sur le site (pied de page, contact, titres)."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField meta={company.name} label="Nom de l'entreprise" autoComplete="organization" />
            <TextField meta={company.email} type="email" label="Email de l'entreprise" autoComplete="email" />
            <TextField meta={company.phone} type="tel" label="Téléphone" autoComplete="tel" />
            <TextField meta={company.address} label="Adresse" autoComplete="street-address" />
            <TextField meta={company.city} label="Ville" autoComplete="address-level2" />
            <TextField
              meta={company.zipCode}
              label="Code postal"
              inputMode="numeric"
              autoComplete="postal-code"
            />
          </div>
          <TextareaField meta={company.description} label="Description" rows={3} />
          <TextField
            meta={company.logo}
            label="Logo"
            placeholder="/logo.svg ou https://..."
            description="Une adresse https:// ou un chemin du site (/media/...). Vide : le logo intégré."
          />
        </SectionCard>
      ),
    },
    {
      id: "email",
      label: "Email",
      icon: Mail,
      content: <EmailSettings email={email} secret={secret} formId={form.id} />,
    },
    {
      id: "social",
      label: "Réseaux Sociaux",
      icon: Share2,
      content: (
        <SectionCard
          repeatsSection
          title="Réseaux sociaux"
          description="Les liens du pied de page ; un lien vide n'est pas affiché."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              meta={social.facebook}
              type="url"
              label="Facebook"
              placeholder="https://www.facebook.com/..."
            />
            <TextField meta={social.twitter} type="url" label="Twitter" placeholder="https://x.com/..." />
            <TextField
              meta={social.instagram}
              type="url"
              label="Instagram"
              placeholder="https://www.instagram.com/..."
            />
            <TextField
              meta={social.linkedin}
              type="url"
              label="LinkedIn"
              placeholder="https://www.linkedin.com/..."
            />
            <TextField
              meta={social.youtube}
              type="url"
              label="YouTube"
              placeholder="https://www.youtube.com/..."
            />
          </div>
        </SectionCard>
      ),
    },
    {
      id: "seo",
      label: "SEO",
      icon: Search,
      content: (
        <SectionCard
          repeatsSection
          title="Référencement"
          description="Les valeurs par défaut des pages qui n'ont pas les leurs."
        >
          <TextField meta={seo.siteTitle} label="Titre du site" />
          <TextareaField meta={seo.siteDescription} label="Description du site" rows={3} />
          <TextField meta={seo.keywords} label="Mots-clés" description="Séparés par des virgules." />
          <TextField
            meta={seo.googleAnalyticsId}
            label="Identifiant Google Analytics"
            placeholder="UA-XXXXXXXXX-X"
            description="Enregistré pour mémoire : la mesure d'audience passe par la page Balises de suivi (GTM / GA4), après consentement."
          />
        </SectionCard>
      ),
    },
    {
      id: "features",
      label: "Fonctionnalités",
      icon: ToggleRight,
      content: <FeatureSettings features={features} cacheEnabled={cacheEnabled} tab={tab} />,
    },
    {
      id: "apiKeys",
      label: "Clés API",
      icon: KeyRound,
      content: (
        <SectionCard
          repeatsSection
          title="Clés API"
          description="Les clés secrètes ne sont jamais affichées : seulement si elles sont définies."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField meta={apiKeys.recaptchaSiteKey} label="Clé de site reCAPTCHA" spellCheck={false} />
            <SecretField
              meta={apiKeys.recaptchaSecretKey}
              label="Clé secrète reCAPTCHA"
              {...secret("apiKeys.recaptchaSecretKey")}
            />
            <SecretField
              meta={apiKeys.tinymceApiKey}
              label="Clé API de l'éditeur de texte"
              {...secret("apiKeys.tinymceApiKey")}
            />
          </div>
        </SectionCard>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Configuration du site"
        description="Coordonnées, envoi des emails, réseaux sociaux, référencement, fonctionnalités et clés."
        actions={
          <Button
            type="button"
            variant="outline"
            disabled={refreshing}
            onClick={() => {
              void revalidator.revalidate().then(() => toast.success("Paramètres actualisés"));
            }}
          >
            <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden />
            Actualiser
          </Button>
        }
      />
      <MissingKeyWarnings secrets={loaderData.secrets} values={loaderData.values} />
      {refreshing ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Chargement des paramètres...
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name={fields.updatedAt.name} value={values.updatedAt} />
        <ResponsiveTabs
          label="Sections des paramètres"
          sections={sections}
          value={tab}
          onValueChange={(next) => isTab(next) && setTab(next)}
          open={expanded}
          onOpenChange={setExpanded}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="sticky bottom-0 -mx-4 flex justify-end border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
          <PendingButton className="w-full md:w-auto" pending={saving}>
            Enregistrer les paramètres
          </PendingButton>
        </div>
      </Form>
      <UnsavedChangesGuard formId={formId} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de trouver les paramètres existants"
      retryTo="/admin/settings"
    />
  );
}
