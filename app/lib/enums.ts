/** Enumerated values of the specs, shared by the database checks, the forms and the screens. */

export const contentStatuses = ["draft", "published", "scheduled", "archived"] as const;
export type ContentStatus = (typeof contentStatuses)[number];
export const contentStatusLabels: Record<ContentStatus, string> = {
  draft: "Brouillon",
  published: "Publié",
  scheduled: "Planifié",
  archived: "Archivé",
};

export const serviceTypes = ["installation", "renovation", "depannage", "autre"] as const;
export type ServiceType = (typeof serviceTypes)[number];
export const serviceTypeLabels: Record<ServiceType, string> = {
  installation: "Installation électrique",
  renovation: "Rénovation électrique",
  depannage: "Dépannage électrique",
  autre: "Autre demande",
};

/**
 * The spec's four statuses, and 'spam' ('Indésirable'): hidden from the default list, the counts
 * and the notifications, shown by its filter, erased in bulk (decision 009).
 */
export const contactStatuses = ["new", "in_progress", "completed", "archived", "spam"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  new: "Nouveau",
  in_progress: "En cours",
  completed: "Terminé",
  archived: "Archivé",
  spam: "Indésirable",
};

export const expertiseIcons = [
  "Home",
  "Zap",
  "Wrench",
  "Sun",
  "ShieldCheck",
  "Plug",
  "Building",
  "Factory",
] as const;
export type ExpertiseIcon = (typeof expertiseIcons)[number];

export const expertiseSizes = ["small", "medium", "large"] as const;
export type ExpertiseSize = (typeof expertiseSizes)[number];

export const corsDomainTypes = ["cors", "csp", "both"] as const;

export const emailTemplateNames = [
  "contact_confirmation",
  "contact_notification",
  "contact_reply",
  "password_reset",
  "password_changed",
  "health_alert",
  "health_recovered",
  "weekly_report",
] as const;
export type EmailTemplateName = (typeof emailTemplateNames)[number];

export const sitemapPageTypes = [
  "home",
  "about",
  "blog",
  "blog_article",
  "projects",
  "project",
  "contact",
  "cms_page",
] as const;
export type SitemapPageType = (typeof sitemapPageTypes)[number];

export const sitemapChangeFrequencies = [
  "always",
  "hourly",
  "daily",
  "weekly",
  "monthly",
  "yearly",
  "never",
] as const;

export const outboxStatuses = ["pending", "sending", "sent", "failed"] as const;

export const userRoles = ["admin", "user"] as const;
export type UserRole = (typeof userRoles)[number];

/** Tables whose rows keep revisions and old-slug redirects. */
export const revisionEntityTypes = ["blog_articles", "projects", "cms_pages"] as const;
export type RevisionEntityType = (typeof revisionEntityTypes)[number];

/** What 'Supprimer' puts in the trash (issue 21): restorable for 30 days, then purged. */
export const trashEntityTypes = [
  "blog_articles",
  "projects",
  "cms_pages",
  "expertise_blocks",
  "blog_authors",
  "contacts",
] as const;
export type TrashEntityType = (typeof trashEntityTypes)[number];
export const trashEntityLabels: Record<TrashEntityType, string> = {
  blog_articles: "Article",
  projects: "Projet",
  cms_pages: "Page",
  expertise_blocks: "Bloc d'expertise",
  blog_authors: "Auteur",
  contacts: "Demande de contact",
};

/** How the daily analytics rollups break page views down. */
export const analyticsDimensions = [
  "total",
  "path",
  "referrer",
  "device",
  "source",
  "medium",
  "campaign",
] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

/** How a quote request's origin is summed (contact_origin_counts): first page, source, campaign. */
export const contactOriginDimensions = ["landing", "source", "campaign"] as const;
export type ContactOriginDimension = (typeof contactOriginDimensions)[number];

/** A backup run: in progress, finished with an archive, or stopped by an error. */
export const backupStatuses = ["running", "succeeded", "failed"] as const;
export type BackupStatus = (typeof backupStatuses)[number];
export const backupTriggers = ["scheduled", "manual"] as const;

/** What a WordPress import creates (wordpress_items): the tables its items become. */
export const importedEntityTypes = [
  "blog_articles",
  "cms_pages",
  "media_assets",
  "blog_categories",
  "blog_authors",
] as const;
export type ImportedEntityType = (typeof importedEntityTypes)[number];
/** The imported rows an old address may lead to (legacy_redirects). */
export const redirectTargetTypes = ["blog_articles", "cms_pages", "blog_categories"] as const;
export type RedirectTargetType = (typeof redirectTargetTypes)[number];

/** A check of 'État du site': green, orange, red (and 0, 1, 2 in /metrics). */
export const healthStatuses = ["ok", "warning", "error"] as const;
export type HealthStatus = (typeof healthStatuses)[number];

/** What the site search finds (search_documents.kind), in the order its results are grouped. */
export const searchKinds = ["page", "expertise", "project", "article"] as const;
