import type { FieldMetadata } from "@conform-to/react";
import { TextField, ToggleField } from "~/components/admin/fields";
import { CacheCard, SectionCard } from "~/components/admin/settings/settings-sections";
import {
  MAX_RETENTION_MONTHS,
  SIGN_IN_AUDIT_RETENTION_DAYS,
  type SiteSettingsInput,
} from "~/lib/schemas/site-settings";

type FeaturesFieldset = ReturnType<FieldMetadata<SiteSettingsInput["features"]>["getFieldset"]>;

/**
 * The settings' 'Fonctionnalités' tab: the site's sections, the back office's security, how long
 * personal data is kept, and the page cache (its own card, which posts at once; `tab` brings the
 * answer back to this tab).
 */
export function FeatureSettings({
  features,
  cacheEnabled,
  tab,
}: {
  features: FeaturesFieldset;
  cacheEnabled: boolean;
  tab: string;
}) {
  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title="Sections du site"
        description="Une section désactivée disparaît du site (menus, accueil, plan du site) ; les pages du blog ou des projets répondent alors 404."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <ToggleField variant="switch" meta={features.enableBlog} label="Blog" />
          <ToggleField variant="switch" meta={features.enableProjects} label="Projets" />
          <ToggleField variant="switch" meta={features.enableExpertise} label="Pôles d'expertise" />
          <ToggleField variant="switch" meta={features.enableContactForm} label="Formulaire de contact" />
          <ToggleField
            variant="switch"
            meta={features.enableRecaptcha}
            label="reCAPTCHA"
            description="Vérification anti-robot du formulaire de contact (clés dans Clés API)."
          />
          <ToggleField
            variant="switch"
            meta={features.enableTestimonials}
            label="Témoignages"
            description="Le site n'a pas encore de section Témoignages : sans effet pour l'instant."
          />
          <ToggleField
            variant="switch"
            meta={features.enableNewsletter}
            label="Newsletter"
            description="Le site n'a pas encore d'inscription à une newsletter : sans effet pour l'instant."
          />
        </div>
      </SectionCard>
      <SectionCard title="Sécurité du back-office">
        <ToggleField
          variant="switch"
          meta={features.requireAdminTwoFactor}
          label="Exiger la double authentification pour les administrateurs"
          description="Un administrateur qui ne l'a pas activée est envoyé sur son profil pour l'activer avant toute autre action."
        />
      </SectionCard>
      <SectionCard title="Données personnelles">
        <TextField
          meta={features.contactRetentionMonths}
          type="number"
          min={1}
          max={MAX_RETENTION_MONTHS}
          className="max-w-md"
          label="Conservation des demandes de contact (mois)"
          description={`Une demande est effacée ce nombre de mois après son dernier changement de statut (CNIL : ${MAX_RETENTION_MONTHS} mois au plus).`}
        />
        <TextField
          meta={features.signInAuditRetentionDays}
          type="number"
          min={SIGN_IN_AUDIT_RETENTION_DAYS.min}
          max={SIGN_IN_AUDIT_RETENTION_DAYS.max}
          className="max-w-md"
          label="Conservation des connexions refusées (jours)"
          description="Les tentatives de connexion refusées (mot de passe erroné, trop de tentatives) sont effacées du journal d'activité après ce nombre de jours."
        />
      </SectionCard>
      <CacheCard enabled={cacheEnabled} tab={tab} />
    </div>
  );
}
