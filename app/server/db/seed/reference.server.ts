import type { CspDirective } from "~/lib/csp-domain";
import { sql } from "drizzle-orm";
import { textToHtml } from "~/lib/admin/email-templates";
import { BRAND_NAME, DEFAULT_COMPANY_DESCRIPTION, DEFAULT_SITE_TITLE } from "~/lib/site-defaults";
import { db } from "../client.server";
import {
  backupSettings,
  corsDomains,
  emailTemplates,
  gtmSettings,
  robotsSettings,
  siteSettings,
  sitemapSettings,
} from "../schema";

/**
 * Reference data every installation needs. Each insert skips rows that already exist, so
 * running it again changes nothing and never overwrites what staff have edited.
 */
export async function seedReferenceData() {
  await db().transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values({
        companyName: BRAND_NAME,
        companyEmail: "contact@betic-electricite.fr",
        companyPhone: "05 55 34 21 87",
        companyAddress: "18 rue François Chénieux",
        companyCity: "Limoges",
        companyZipCode: "87000",
        companyDescription: DEFAULT_COMPANY_DESCRIPTION,
        fromEmail: "ne-pas-repondre@betic-electricite.fr",
        mailjetFromName: BRAND_NAME,
        replyToEmail: "contact@betic-electricite.fr",
        siteTitle: DEFAULT_SITE_TITLE,
        siteDescription:
          "Électricien à Limoges : installation, rénovation et dépannage électrique pour particuliers et professionnels. Devis gratuit.",
        siteKeywords:
          "électricien Limoges, dépannage électrique, rénovation électrique, installation électrique, Haute-Vienne",
      })
      .onConflictDoNothing();

    await tx.insert(gtmSettings).values({ isEnabled: false }).onConflictDoNothing();

    await tx.insert(backupSettings).values({}).onConflictDoNothing();

    await tx.insert(robotsSettings).values({ content: DEFAULT_ROBOTS }).onConflictDoNothing();

    await tx
      .insert(sitemapSettings)
      .values(
        SITEMAP_DEFAULTS.map(([pageType, changeFrequency, priority]) => ({
          pageType,
          changeFrequency,
          priority,
        })),
      )
      .onConflictDoNothing();

    await tx.insert(emailTemplates).values(EMAIL_TEMPLATES).onConflictDoNothing();

    await tx
      .insert(corsDomains)
      .values(ESSENTIAL_DOMAINS.map((domain) => ({ ...domain, isEssential: true })))
      .onConflictDoNothing();
  });
}

/** True when the database holds no content yet (first start: load the demo). */
export async function isContentEmpty() {
  const result = await db().execute<{ empty: boolean }>(
    sql`select not exists (select 1 from blog_articles) and not exists (select 1 from projects) as empty`,
  );
  return result.rows[0]!.empty;
}

const DEFAULT_ROBOTS = `User-agent: *
Allow: /
Disallow: /admin
`;

const SITEMAP_DEFAULTS = [
  ["home", "daily", 1],
  ["about", "monthly", 0.8],
  ["blog", "daily", 0.9],
  ["blog_article", "weekly", 0.7],
  ["projects", "weekly", 0.9],
  ["project", "monthly", 0.7],
  ["contact", "monthly", 0.8],
  ["cms_page", "monthly", 0.5],
] as const;

// Each only in the CSP directives it needs (app/lib/csp-domain.ts).
const ESSENTIAL_DOMAINS = [
  {
    domain: "https://www.googletagmanager.com",
    cspDirectives: ["script-src", "img-src", "connect-src"] satisfies CspDirective[],
    type: "csp",
    description: "Google Tag Manager (après consentement)",
  },
  {
    domain: "https://www.google-analytics.com",
    cspDirectives: ["img-src", "connect-src"] satisfies CspDirective[],
    type: "csp",
    description: "Google Analytics 4 (après consentement)",
  },
  // GA4 sends its measurements to regional servers (region1.google-analytics.com, ...).
  {
    domain: "https://*.google-analytics.com",
    cspDirectives: ["img-src", "connect-src"] satisfies CspDirective[],
    type: "csp",
    description: "Google Analytics 4 : envoi des mesures (après consentement)",
  },
  {
    domain: "https://*.analytics.google.com",
    cspDirectives: ["img-src", "connect-src"] satisfies CspDirective[],
    type: "csp",
    description: "Google Analytics 4 : envoi des mesures (après consentement)",
  },
  {
    domain: "https://www.google.com",
    cspDirectives: ["script-src", "frame-src"] satisfies CspDirective[],
    type: "csp",
    description: "reCAPTCHA : script et vérification",
  },
  {
    domain: "https://www.gstatic.com",
    cspDirectives: ["script-src", "img-src"] satisfies CspDirective[],
    type: "csp",
    description: "reCAPTCHA : ressources statiques",
  },
] as const;

const REPLY_TEXT = `Bonjour {{name}},

Merci pour votre demande.

Bien cordialement,
{{staff_name}}
${BRAND_NAME} · 05 55 34 21 87`;

const EMAIL_TEMPLATES: (typeof emailTemplates.$inferInsert)[] = [
  {
    name: "contact_confirmation",
    subject: "Nous avons bien reçu votre demande, {{name}}",
    htmlContent: `<p>Bonjour {{name}},</p>
<p>Merci d'avoir contacté ${BRAND_NAME}. Nous avons bien reçu votre demande concernant « {{subject}} » et un électricien de notre équipe vous répondra dans les plus brefs délais, en général sous 24 heures ouvrées.</p>
<p><strong>Récapitulatif de votre demande</strong></p>
<ul>
  <li>Prestation : {{service_type}}</li>
  <li>Téléphone : {{phone}}</li>
  <li>E-mail : {{email}}</li>
</ul>
<p>En cas d'urgence électrique, appelez-nous directement au 05 55 34 21 87, du lundi au vendredi de 7h à 17h.</p>
<p>Bien cordialement,<br>L'équipe ${BRAND_NAME}</p>`,
    textContent: `Bonjour {{name}},

Merci d'avoir contacté ${BRAND_NAME}. Nous avons bien reçu votre demande concernant « {{subject}} » et un électricien de notre équipe vous répondra dans les plus brefs délais, en général sous 24 heures ouvrées.

Récapitulatif de votre demande
- Prestation : {{service_type}}
- Téléphone : {{phone}}
- E-mail : {{email}}

En cas d'urgence électrique, appelez-nous directement au 05 55 34 21 87, du lundi au vendredi de 7h à 17h.

Bien cordialement,
L'équipe ${BRAND_NAME}`,
  },
  {
    name: "contact_notification",
    subject: "Nouvelle demande de contact : {{subject}}",
    htmlContent: `<p>Une nouvelle demande est arrivée depuis le site.</p>
<ul>
  <li><strong>Nom :</strong> {{name}}</li>
  <li><strong>E-mail :</strong> {{email}}</li>
  <li><strong>Téléphone :</strong> {{phone}}</li>
  <li><strong>Prestation :</strong> {{service_type}}</li>
  <li><strong>Objet :</strong> {{subject}}</li>
</ul>
<p><strong>Message :</strong></p>
<blockquote>{{message}}</blockquote>
<p>Retrouvez toutes les demandes dans le back-office, rubrique Contacts.</p>`,
    textContent: `Une nouvelle demande est arrivée depuis le site.

Nom : {{name}}
E-mail : {{email}}
Téléphone : {{phone}}
Prestation : {{service_type}}
Objet : {{subject}}

Message :
{{message}}

Retrouvez toutes les demandes dans le back-office, rubrique Contacts.`,
  },
  {
    name: "password_reset",
    subject: "Réinitialisation de votre mot de passe",
    htmlContent: `<p>Bonjour,</p>
<p>Une demande de nouveau mot de passe a été faite pour le compte {{email}} du back-office ${BRAND_NAME}.</p>
<p><a href="{{reset_url}}">Choisir un nouveau mot de passe</a></p>
<p>Ce lien ne sert qu'une fois et reste valable {{valid_minutes}} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.</p>
<p>L'équipe ${BRAND_NAME}</p>`,
    textContent: `Bonjour,

Une demande de nouveau mot de passe a été faite pour le compte {{email}} du back-office ${BRAND_NAME}.

Choisir un nouveau mot de passe : {{reset_url}}

Ce lien ne sert qu'une fois et reste valable {{valid_minutes}} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.

L'équipe ${BRAND_NAME}`,
  },
  {
    name: "password_changed",
    subject: "Votre mot de passe a été modifié",
    htmlContent: `<p>Bonjour,</p>
<p>Le mot de passe du compte {{email}} du back-office ${BRAND_NAME} a été réinitialisé le {{changed_at}}. Toutes les sessions ouvertes de ce compte ont été fermées.</p>
<p>Vous pouvez vous connecter avec votre nouveau mot de passe : <a href="{{login_url}}">{{login_url}}</a></p>
<p>Si vous n'êtes pas à l'origine de ce changement, prévenez au plus vite un administrateur du site.</p>
<p>L'équipe ${BRAND_NAME}</p>`,
    textContent: `Bonjour,

Le mot de passe du compte {{email}} du back-office ${BRAND_NAME} a été réinitialisé le {{changed_at}}. Toutes les sessions ouvertes de ce compte ont été fermées.

Vous pouvez vous connecter avec votre nouveau mot de passe : {{login_url}}

Si vous n'êtes pas à l'origine de ce changement, prévenez au plus vite un administrateur du site.

L'équipe ${BRAND_NAME}`,
  },
  {
    name: "health_alert",
    subject: "État du site : {{check}} en alerte",
    htmlContent: `<p>Bonjour,</p>
<p>Une vérification de l'état du site ${BRAND_NAME} vient de passer au rouge : <strong>{{check}}</strong>.</p>
<p>{{summary}}</p>
<p><strong>À faire :</strong> {{action}}</p>
<p><a href="{{health_url}}">Voir l'état du site</a></p>
<p>Vous ne recevrez pas d'autre message tant qu'elle reste en alerte, puis un message quand elle sera rétablie.</p>`,
    textContent: `Bonjour,

Une vérification de l'état du site ${BRAND_NAME} vient de passer au rouge : {{check}}.

{{summary}}

À faire : {{action}}

Voir l'état du site : {{health_url}}

Vous ne recevrez pas d'autre message tant qu'elle reste en alerte, puis un message quand elle sera rétablie.`,
  },
  {
    name: "health_recovered",
    subject: "État du site : {{check}} rétabli",
    htmlContent: `<p>Bonjour,</p>
<p>La vérification <strong>{{check}}</strong> de l'état du site ${BRAND_NAME} n'est plus en alerte.</p>
<p>{{summary}}</p>
<p><a href="{{health_url}}">Voir l'état du site</a></p>`,
    textContent: `Bonjour,

La vérification {{check}} de l'état du site ${BRAND_NAME} n'est plus en alerte.

{{summary}}

Voir l'état du site : {{health_url}}`,
  },
  {
    name: "weekly_report",
    subject: "Rapport hebdomadaire du site, {{period}}",
    htmlContent: `<p>Bonjour,</p>
<p>Voici comment le site ${BRAND_NAME} s'est porté {{period}}.</p>
<p><strong>Visiteurs :</strong> {{visitors}}<br>
<strong>Demandes de devis :</strong> {{requests}}</p>
<p><strong>Pages les plus vues</strong></p>
<p style="white-space:pre-line">{{top_pages}}</p>
<p><strong>Sources</strong></p>
<p style="white-space:pre-line">{{top_sources}}</p>
<p><strong>Campagnes</strong></p>
<p style="white-space:pre-line">{{top_campaigns}}</p>
<p><strong>Demandes encore « Nouveau » :</strong> {{new_requests}}<br>
<strong>E-mails en échec :</strong> {{failed_mails}}</p>
<p><strong>Recherches sans résultat sur le site</strong></p>
<p style="white-space:pre-line">{{fruitless_searches}}</p>
<p><a href="{{statistics_url}}">Voir les statistiques</a></p>
<p>Pour ne plus recevoir ce rapport : <a href="{{profile_url}}">{{profile_url}}</a></p>`,
    textContent: `Bonjour,

Voici comment le site ${BRAND_NAME} s'est porté {{period}}.

Visiteurs : {{visitors}}
Demandes de devis : {{requests}}

Pages les plus vues :
{{top_pages}}

Sources :
{{top_sources}}

Campagnes :
{{top_campaigns}}

Demandes encore « Nouveau » : {{new_requests}}
E-mails en échec : {{failed_mails}}

Recherches sans résultat sur le site :
{{fruitless_searches}}

Voir les statistiques : {{statistics_url}}

Pour ne plus recevoir ce rapport : {{profile_url}}`,
  },
  {
    // The composer's draft when staff answer from the inbox: it quotes nothing of the visitor's
    // message (staff choose what to quote); its HTML is made from the text as it is sent.
    name: "contact_reply",
    subject: "Re : {{subject}}{{^subject}}votre demande{{/subject}}",
    htmlContent: textToHtml(REPLY_TEXT),
    textContent: REPLY_TEXT,
  },
];
