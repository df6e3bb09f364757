import { trashEntityLabels } from "~/lib/enums";
import { defineListSpec } from "~/lib/list-query";
import { isUuid } from "~/lib/uuid";

/**
 * What each audit action reads as in the 'Journal d'activité' and its CSV (issue 21, point 4): the
 * one map of them. An action missing here shows as stored.
 */
export const auditActionLabels: Record<string, string> = {
  create: "Création",
  update: "Modification",
  delete: "Suppression",
  restore: "Restauration d'une révision",
  reorder: "Réorganisation",
  upload: "Envoi de fichier",
  duplicate: "Duplication",
  ignore: "Adresse introuvable ignorée",
  status: "Changement de statut",
  assign: "Attribution",
  follow_up: "Date de relance",
  reply: "Réponse envoyée",
  erase: "Effacement (RGPD)",
  erase_spam: "Effacement des indésirables",
  retention_purge: "Purge des demandes anciennes",
  trash: "Mise à la corbeille",
  trash_restore: "Restauration depuis la corbeille",
  trash_purge: "Suppression définitive",
  sign_in: "Connexion",
  sign_in_password_ok: "Mot de passe accepté, code demandé",
  sign_in_failed: "Échec de connexion",
  sign_in_throttled: "Connexion bloquée (trop d'essais)",
  password_change: "Changement de mot de passe",
  password_reset_requested: "Demande de réinitialisation du mot de passe",
  password_reset: "Réinitialisation du mot de passe",
  two_factor_enable: "Activation de la double authentification",
  two_factor_disable: "Désactivation de la double authentification",
  two_factor_reset: "Réinitialisation de la double authentification",
  suspend: "Suspension du compte",
  reactivate: "Réactivation du compte",
  test_email: "E-mail de test",
  resend: "Nouvel envoi d'un e-mail",
  clear_cache: "Vidage du cache",
  enable_cache: "Activation du cache",
  disable_cache: "Désactivation du cache",
};

/** The kinds of item an audit row names (its table), as the journal shows them. */
export const auditEntityLabels: Record<string, string> = {
  ...trashEntityLabels,
  blog_categories: "Catégorie d'articles",
  project_categories: "Catégorie de projets",
  project_images: "Galerie de projet",
  contact_notes: "Note de demande",
  media_assets: "Média",
  users: "Utilisateur",
  site_settings: "Paramètres du site",
  gtm_settings: "Balises de suivi",
  sitemap_settings: "Sitemap",
  robots_settings: "Robots.txt",
  cors_domains: "Domaine CORS / CSP",
  csp_config: "En-tête CSP",
  email_templates: "Template d'email",
  email_outbox: "E-mail envoyé",
  backup_settings: "Sauvegardes",
  page_cache: "Cache des pages",
  trash_items: "Corbeille",
};

export const actionLabel = (action: string) => auditActionLabels[action] ?? action;
export const entityLabel = (type: string) => auditEntityLabels[type] ?? type;

/** The person filter's value for rows written by the daily jobs (no account, no address). */
export const SYSTEM_ACTOR = "system";
/** Who the journal names for those rows. */
export const SYSTEM_ACTOR_LABEL = "Système";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day that exists: JavaScript reads '2026-02-30' as 2 March, PostgreSQL refuses it. */
function isDay(value: string) {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
const isName = (value: string) => /^[a-z_]{1,64}$/.test(value);

/**
 * The journal's filters, all in the query string (a GET form): `person` (an account's id, or
 * 'system'), `action`, `type` (the table), `from` / `to` (Paris days, both included) and `q`
 * (the item's title). No sort: newest first, always.
 */
export const journalListSpec = defineListSpec({
  sorts: ["date"],
  defaultSort: "date",
  defaultDir: "desc",
  filters: {
    person: (value: string) => value === SYSTEM_ACTOR || isUuid(value),
    action: isName,
    type: isName,
    from: isDay,
    to: isDay,
  },
});

/**
 * Where a page starts: the (created_at, id) of the row next to it. `created_at` travels as
 * PostgreSQL's own text, to the microsecond (a JavaScript Date would round it to the millisecond
 * and skip or repeat rows written in the same millisecond).
 */
export type JournalCursor = { at: string; id: string };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function formatCursor(cursor: JournalCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

/** A cursor from the URL, or null when absent or malformed (the first page then). */
export function parseCursor(value: string | null | undefined): JournalCursor | null {
  if (!value) return null;
  const split = value.lastIndexOf("_");
  const at = value.slice(0, split);
  const id = value.slice(split + 1);
  return split > 0 && TIMESTAMP.test(at) && isUuid(id) ? { at, id } : null;
}

/** 'Plus anciennes' follows `older`, 'Plus récentes' `newer`; neither is the first page. */
export type JournalPosition =
  { direction: "first" } | { direction: "older" | "newer"; cursor: JournalCursor };

export function parsePosition(params: URLSearchParams): JournalPosition {
  const older = parseCursor(params.get("older"));
  if (older) return { direction: "older", cursor: older };
  const newer = parseCursor(params.get("newer"));
  if (newer) return { direction: "newer", cursor: newer };
  return { direction: "first" };
}
