import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import {
  analyticsDimensions,
  backupStatuses,
  backupTriggers,
  contactOriginDimensions,
  contactStatuses,
  contentStatuses,
  corsDomainTypes,
  emailTemplateNames,
  expertiseIcons,
  importedEntityTypes,
  searchKinds,
  expertiseSizes,
  healthStatuses,
  outboxStatuses,
  redirectTargetTypes,
  revisionEntityTypes,
  serviceTypes,
  sitemapChangeFrequencies,
  sitemapPageTypes,
  trashEntityTypes,
  userRoles,
} from "~/lib/enums";
import { CONTACT_RETENTION_MONTHS } from "~/lib/schemas/contacts";
import { SIGN_IN_AUDIT_RETENTION_DAYS } from "~/lib/schemas/site-settings";
import { cspDirectiveChoices, DEFAULT_CSP_DIRECTIVES } from "~/lib/csp-domain";
import { encryptedText } from "./encrypted-text.server";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** SQL `col IN ('a','b')` for a check constraint over a list of allowed values. */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(", ")})`);
}

const seoColumns = () => ({
  metaTitle: text("meta_title"),
  metaDescription: text("meta_description"),
  metaKeywords: text("meta_keywords"),
  canonicalUrl: text("canonical_url"),
  ogTitle: text("og_title"),
  ogDescription: text("og_description"),
  ogImage: text("og_image"),
  twitterTitle: text("twitter_title"),
  twitterDescription: text("twitter_description"),
  twitterImage: text("twitter_image"),
});

// ---------------------------------------------------------------- settings

export const siteSettings = pgTable(
  "site_settings",
  {
    id: id(),
    companyName: text("company_name"),
    companyEmail: text("company_email"),
    companyPhone: text("company_phone"),
    companyAddress: text("company_address"),
    companyCity: text("company_city"),
    companyZipCode: text("company_zip_code"),
    companyDescription: text("company_description"),
    companyLogo: text("company_logo"),
    enableBlog: boolean("enable_blog").notNull().default(true),
    enableProjects: boolean("enable_projects").notNull().default(true),
    enableContactForm: boolean("enable_contact_form").notNull().default(true),
    enableTestimonials: boolean("enable_testimonials").notNull().default(true),
    enableExpertise: boolean("enable_expertise").notNull().default(true),
    enableNewsletter: boolean("enable_newsletter").notNull().default(false),
    enableCache: boolean("enable_cache").notNull().default(true),
    enableRecaptcha: boolean("enable_recaptcha").notNull().default(true),
    /** Admins without a second factor are sent to enrol before anything else (issue 20). */
    requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
    fromEmail: text("from_email"),
    mailjetFromName: text("mailjet_from_name"),
    mailjetFromEmail: text("mailjet_from_email"),
    replyToEmail: text("reply_to_email"),
    mailjetApiKey: encryptedText("mailjet_api_key"),
    mailjetSecretKey: encryptedText("mailjet_secret_key"),
    smtpServer: text("smtp_server"),
    smtpPort: integer("smtp_port"),
    smtpUsername: text("smtp_username"),
    smtpPassword: encryptedText("smtp_password"),
    facebookUrl: text("facebook_url"),
    twitterUrl: text("twitter_url"),
    instagramUrl: text("instagram_url"),
    linkedinUrl: text("linkedin_url"),
    youtubeUrl: text("youtube_url"),
    siteTitle: text("site_title"),
    siteDescription: text("site_description"),
    siteKeywords: text("site_keywords"),
    googleAnalyticsId: text("google_analytics_id"),
    recaptchaSiteKey: text("recaptcha_site_key"),
    recaptchaSecretKey: encryptedText("recaptcha_secret_key"),
    tinymceApiKey: text("tinymce_api_key"),
    /** Where project-creation notices go (empty: the company e-mail). */
    projectNotificationEmail: text("project_notification_email"),
    /** Contact requests are erased this many months after their last status change (CNIL). */
    contactRetentionMonths: integer("contact_retention_months").notNull().default(36),
    /** Refused sign-ins leave the audit trail this many days after (the daily job). */
    signInAuditRetentionDays: integer("sign_in_audit_retention_days")
      .notNull()
      .default(SIGN_IN_AUDIT_RETENTION_DAYS.default),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One row only: every row indexes the same constant.
  () => [
    uniqueIndex("site_settings_singleton").on(sql`(true)`),
    check(
      "site_settings_contact_retention_months_check",
      sql.raw(
        `"contact_retention_months" BETWEEN ${CONTACT_RETENTION_MONTHS.min} AND ${CONTACT_RETENTION_MONTHS.max}`,
      ),
    ),
    check(
      "site_settings_sign_in_audit_retention_days_check",
      sql.raw(
        `"sign_in_audit_retention_days" BETWEEN ${SIGN_IN_AUDIT_RETENTION_DAYS.min} AND ${SIGN_IN_AUDIT_RETENTION_DAYS.max}`,
      ),
    ),
  ],
);

/** The only settings the public side may read: an explicit allowlist, no secrets. */
export const publicSettings = pgView("public_settings").as((qb) =>
  qb
    .select({
      id: siteSettings.id,
      companyName: siteSettings.companyName,
      companyEmail: siteSettings.companyEmail,
      companyPhone: siteSettings.companyPhone,
      companyAddress: siteSettings.companyAddress,
      companyCity: siteSettings.companyCity,
      companyZipCode: siteSettings.companyZipCode,
      companyDescription: siteSettings.companyDescription,
      companyLogo: siteSettings.companyLogo,
      enableBlog: siteSettings.enableBlog,
      enableProjects: siteSettings.enableProjects,
      enableContactForm: siteSettings.enableContactForm,
      enableTestimonials: siteSettings.enableTestimonials,
      enableExpertise: siteSettings.enableExpertise,
      enableNewsletter: siteSettings.enableNewsletter,
      enableCache: siteSettings.enableCache,
      enableRecaptcha: siteSettings.enableRecaptcha,
      facebookUrl: siteSettings.facebookUrl,
      twitterUrl: siteSettings.twitterUrl,
      instagramUrl: siteSettings.instagramUrl,
      linkedinUrl: siteSettings.linkedinUrl,
      youtubeUrl: siteSettings.youtubeUrl,
      siteTitle: siteSettings.siteTitle,
      siteDescription: siteSettings.siteDescription,
      siteKeywords: siteSettings.siteKeywords,
      recaptchaSiteKey: siteSettings.recaptchaSiteKey,
      updatedAt: siteSettings.updatedAt,
    })
    .from(siteSettings),
);

export const gtmSettings = pgTable(
  "gtm_settings",
  {
    id: id(),
    isEnabled: boolean("is_enabled").notNull().default(false),
    gtmId: text("gtm_id"),
    ga4Id: text("ga4_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [uniqueIndex("gtm_settings_singleton").on(sql`(true)`)],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: id(),
    name: text("name").notNull().$type<(typeof emailTemplateNames)[number]>(),
    subject: text("subject").notNull(),
    htmlContent: text("html_content").notNull(),
    textContent: text("text_content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("email_templates_name_unique").on(t.name),
    check("email_templates_name_check", oneOf("name", emailTemplateNames)),
  ],
);

export const sitemapSettings = pgTable(
  "sitemap_settings",
  {
    id: id(),
    pageType: text("page_type").notNull(),
    changeFrequency: text("change_frequency").notNull().default("weekly"),
    priority: real("priority").notNull().default(0.5),
    includeInSitemap: boolean("include_in_sitemap").notNull().default(true),
    lastModified: timestamp("last_modified", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sitemap_settings_page_type_unique").on(t.pageType),
    check("sitemap_settings_page_type_check", oneOf("page_type", sitemapPageTypes)),
    check("sitemap_settings_change_frequency_check", oneOf("change_frequency", sitemapChangeFrequencies)),
    check("sitemap_settings_priority_check", sql`"priority" >= 0 AND "priority" <= 1`),
  ],
);

export const robotsSettings = pgTable(
  "robots_settings",
  {
    id: id(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [uniqueIndex("robots_settings_singleton").on(sql`(true)`)],
);

export const corsDomains = pgTable(
  "cors_domains",
  {
    id: id(),
    domain: text("domain").notNull(),
    type: text("type").notNull().default("both"),
    /** What the domain may serve on the public pages (csp/both types): one CSP directive each. */
    cspDirectives: text("csp_directives")
      .array()
      .notNull()
      .default(sql.raw(`'{${DEFAULT_CSP_DIRECTIVES.join(",")}}'::text[]`)),
    description: text("description"),
    isEssential: boolean("is_essential").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cors_domains_domain_unique").on(t.domain),
    check("cors_domains_type_check", oneOf("type", corsDomainTypes)),
    check(
      "cors_domains_csp_directives_check",
      sql.raw(`"csp_directives" <@ ARRAY[${cspDirectiveChoices.map((d) => `'${d}'`).join(", ")}]::text[]`),
    ),
  ],
);

export const cspConfig = pgTable(
  "csp_config",
  {
    id: id(),
    cspHeader: text("csp_header").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [uniqueIndex("csp_config_singleton").on(sql`(true)`)],
);

// ---------------------------------------------------------------- blog

export const blogAuthors = pgTable("blog_authors", {
  id: id(),
  name: text("name").notNull(),
  avatarUrl: text("avatar_url"),
  bio: text("bio"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogCategories = pgTable(
  "blog_categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("blog_categories_slug_unique").on(t.slug)],
);

export const blogArticles = pgTable(
  "blog_articles",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    content: text("content"),
    mainImage: text("main_image"),
    // An author with articles cannot be deleted (spec: reassign first).
    authorId: uuid("author_id").references(() => blogAuthors.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    readTime: text("read_time").notNull().default("5 min"),
    ...seoColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_articles_slug_unique").on(t.slug),
    check("blog_articles_status_check", oneOf("status", contentStatuses)),
    index("blog_articles_status_published_at_idx").on(t.status, t.publishedAt.desc()),
    // With the one above, counts what the public sees from the indexes alone (countPubliclyVisible).
    index("blog_articles_status_scheduled_at_idx").on(t.status, t.scheduledAt),
    // The back office's search in titles (a category's name is matched through its links).
    index("blog_articles_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // The back office's list order exactly (list.server.ts `listOrder`: nulls last, then the id), so
    // a page, even the last, is read off the index without sorting the table.
    index("blog_articles_created_at_id_idx").on(t.createdAt.desc().nullsLast(), t.id),
    index("blog_articles_author_id_idx").on(t.authorId),
  ],
);

export const blogArticleCategories = pgTable(
  "blog_article_categories",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => blogArticles.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryId] }),
    index("blog_article_categories_category_id_idx").on(t.categoryId),
  ],
);

// ---------------------------------------------------------------- projects

export const projectCategories = pgTable(
  "project_categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("project_categories_slug_unique").on(t.slug),
    uniqueIndex("project_categories_name_unique").on(t.name),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    location: text("location"),
    // The category's name, as the original stored it; the relation table holds the link.
    category: text("category"),
    status: text("status").notNull().default("draft"),
    mainImage: text("main_image"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    content: text("content"),
    challenges: text("challenges"),
    solutions: text("solutions"),
    results: text("results"),
    readTime: text("read_time").notNull().default("5 min"),
    ...seoColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("projects_slug_unique").on(t.slug),
    check("projects_status_check", oneOf("status", contentStatuses)),
    index("projects_status_published_at_idx").on(t.status, t.publishedAt.desc()),
    index("projects_status_scheduled_at_idx").on(t.status, t.scheduledAt),
    index("projects_category_idx").on(t.category),
    // The back office's list order exactly (`listOrder`, as for articles).
    index("projects_created_at_id_idx").on(t.createdAt.desc().nullsLast(), t.id),
  ],
);

export const projectImages = pgTable(
  "project_images",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    imageUrl: text("image_url").notNull(),
    altText: text("alt_text"),
    displayOrder: integer("display_order").notNull().default(0),
    seoDescription: text("seo_description"),
    seoKeywords: text("seo_keywords"),
    createdAt: createdAt(),
  },
  (t) => [index("project_images_project_id_order_idx").on(t.projectId, t.displayOrder)],
);

export const projectCategoryRelations = pgTable(
  "project_category_relations",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => projectCategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.categoryId] }),
    index("project_category_relations_category_id_idx").on(t.categoryId),
  ],
);

// ---------------------------------------------------------------- other content

export const expertiseBlocks = pgTable(
  "expertise_blocks",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    iconName: text("icon_name").notNull().default("Home"),
    backgroundColor: text("background_color").notNull().default("bg-card"),
    textColor: text("text_color").notNull().default("text-foreground"),
    isFeatured: boolean("is_featured").notNull().default(false),
    imageUrl: text("image_url"),
    size: text("size").notNull().default("medium"),
    customIconUrl: text("custom_icon_url"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("expertise_blocks_icon_name_check", oneOf("icon_name", expertiseIcons)),
    check("expertise_blocks_size_check", oneOf("size", expertiseSizes)),
    index("expertise_blocks_display_order_idx").on(t.displayOrder),
  ],
);

export const cmsPages = pgTable(
  "cms_pages",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull().default(""),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords"),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("cms_pages_slug_unique").on(t.slug)],
);

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    serviceType: text("service_type").notNull().default("autre"),
    status: text("status").notNull().default("new"),
    /** The public page that brought the visitor to the form (the one before it), when known. */
    sourcePage: text("source_page"),
    /** Where the visit came from (issue 38; decision 029): its first page, the referring site's
     * host, the UTM values of its first address, the device class, and the page the form was on. */
    landingPage: text("landing_page"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    deviceType: text("device_type"),
    formPage: text("form_page"),
    /** Retention counts from here (a status change restarts it). */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member in charge ('Attribuer à'); none while unassigned. */
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** 'À relancer le': the day the request is due for a follow-up (the daily digest lists it). */
    followUpOn: date("follow_up_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contacts_service_type_check", oneOf("service_type", serviceTypes)),
    check("contacts_status_check", oneOf("status", contactStatuses)),
    // The inbox's order (newest first, id breaking ties), whole or for one status. The status last:
    // a deep page's "not spam" is checked in the index, whose entries alone are skipped (50,000 in
    // 7.7 ms instead of 17.5 ms through the table's rows). Not a partial index: the planner would
    // read all of it to count a search rather than take the trigram indexes.
    index("contacts_created_at_idx").on(t.createdAt.desc(), t.id, t.status),
    index("contacts_status_idx").on(t.status, t.createdAt.desc(), t.id),
    index("contacts_status_changed_at_idx").on(t.statusChangedAt),
    // 'Mes demandes' / 'Non attribuées' in the inbox's order, and the digest's requests per person.
    index("contacts_assigned_to_idx").on(t.assignedTo, t.createdAt.desc(), t.id),
    index("contacts_follow_up_on_idx")
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null`),
    // The statistics' requests per source page over a period, read from the index alone.
    index("contacts_created_at_source_page_idx").on(t.createdAt, t.sourcePage),
    // The inbox's "contains" search (ILIKE '%…%') on 100,000 requests: trigram indexes, one a column.
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contacts_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contacts_subject_trgm_idx").using("gin", t.subject.op("gin_trgm_ops")),
    index("contacts_message_trgm_idx").using("gin", t.message.op("gin_trgm_ops")),
  ],
);

/**
 * How many requests each status holds, kept by triggers on `contacts` (migration 0009) in the
 * same transaction as the change: the inbox, the header and the statistics read their counts here
 * instead of counting 100,000 rows on every request.
 */
export const contactStatusCounts = pgTable(
  "contact_status_counts",
  {
    status: text("status").primaryKey(),
    requests: integer("requests").notNull(),
  },
  () => [check("contact_status_counts_status_check", oneOf("status", contactStatuses))],
);

/**
 * The requests that are not spam, a day (in analytics' time zone) and a source page ('' when the
 * request came without one), kept by triggers on `contacts` (migration 0027) as the status counts
 * are: the statistics over 12 months read at most 730 days of sums, not every request of two years.
 */
export const contactDailyCounts = pgTable(
  "contact_daily_counts",
  {
    day: date("day").notNull(),
    sourcePage: text("source_page").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.sourcePage] })],
);

/**
 * The requests that are not spam, a day (analytics' time zone), an origin dimension ('landing':
 * the visit's first page, 'source': its UTM source else the referring host, 'campaign': its UTM
 * campaign) and value ('' when unknown), kept by triggers on `contacts` (migration
 * …_campaigns_conversions) as contact_daily_counts is: 'Demandes de devis' reads these sums.
 */
export const contactOriginCounts = pgTable(
  "contact_origin_counts",
  {
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("contact_origin_counts_dimension_check", oneOf("dimension", contactOriginDimensions)),
  ],
);

/**
 * contact_origin_counts summed per calendar month (`month` is its first day), kept by the same
 * triggers: 'Demandes de devis' over 12 months reads a row a month and value, not 365.
 */
export const contactOriginMonthly = pgTable(
  "contact_origin_monthly",
  {
    month: date("month").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.dimension, t.value] }),
    check("contact_origin_monthly_dimension_check", oneOf("dimension", contactOriginDimensions)),
    check("contact_origin_monthly_month_check", sql`extract(day from ${t.month}) = 1`),
  ],
);

/** Staff notes on a contact request (beyond the spec). */
export const contactNotes = pgTable(
  "contact_notes",
  {
    id: id(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_notes_contact_id_idx").on(t.contactId, t.createdAt)],
);

// ---------------------------------------------------------------- back office: history and media

/**
 * Who did what, when: every back-office mutation and every sign-in outcome. `changed_fields`
 * names columns only; `details` never holds a secret or a password.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    // Kept as text so the trail still reads after the account is deleted.
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    changedFields: text("changed_fields").array(),
    details: jsonb("details"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  // The activity journal reads newest first, a page at a time after a (created_at, id) cursor: each
  // of its filters has an index in that order, so a page reads its 26 rows, never the table. NULLS
  // FIRST is PostgreSQL's default for DESC, so a plain ORDER BY ... DESC (or ASC, backwards) uses them.
  (t) => [
    index("audit_log_created_at_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("audit_log_entity_type_idx").on(
      t.entityType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_log_action_idx").on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // 'Système' (the jobs' rows): IS NULL does not give the actor index's order, so they have their own.
    index("audit_log_system_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.actorId} is null and ${t.actorEmail} is null`),
    // The journal's search: the rows of the titles found in audit_labels, newest first.
    index("audit_log_label_hash_idx").on(
      sql`(md5(${t.details} ->> 'label')::uuid)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Each title that audit rows keep in details.label, once: the journal's search reads titles here,
 * then the rows of those found. A trigram index over a million audit rows reads long lists for
 * common words (« chauffage » in 100,000 rows); here each title is one row. Kept by triggers on
 * audit_log (migration 0030), which also drop a title no row keeps any more (a GDPR erasure).
 * Keyed by the title's MD5: a title has no length limit, a B-tree key has one.
 */
export const auditLabels = pgTable(
  "audit_labels",
  {
    hash: uuid("hash").primaryKey(),
    label: text("label").notNull(),
  },
  (t) => [index("audit_labels_label_trgm_idx").using("gin", t.label.op("gin_trgm_ops"))],
);

/** The full stored row of an article, project or CMS page after each save (restorable). */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: id(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    data: jsonb("data").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email"),
    createdAt: createdAt(),
  },
  (t) => [
    check("content_revisions_entity_type_check", oneOf("entity_type", revisionEntityTypes)),
    index("content_revisions_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
  ],
);

/**
 * How often a redirect was followed, for the 'Redirections' screen: counted after the answer
 * (redirect-hits.server.ts). The change triggers watch the other columns only, so counting a
 * hit never empties the page cache (migration redirect_hits).
 */
const redirectHits = () => ({
  hits: integer("hits").notNull().default(0),
  lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
});

/** An old public slug of a published item, answered with a 301 to the item's current address. */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    id: id(),
    entityType: text("entity_type").notNull(),
    oldSlug: text("old_slug").notNull(),
    entityId: uuid("entity_id").notNull(),
    ...redirectHits(),
    createdAt: createdAt(),
  },
  (t) => [
    check("slug_redirects_entity_type_check", oneOf("entity_type", revisionEntityTypes)),
    uniqueIndex("slug_redirects_entity_type_old_slug_unique").on(t.entityType, t.oldSlug),
    index("slug_redirects_entity_idx").on(t.entityType, t.entityId),
  ],
);

/**
 * An old address of imported content (a WordPress permalink: "/?p=123", "/2023/05/slug",
 * "/category/x", a page's path), answered with a 301 to the row's current public address. Paths
 * are kept without their trailing slash; a query source keeps only its WordPress id parameter.
 */
export const legacyRedirects = pgTable(
  "legacy_redirects",
  {
    id: id(),
    source: text("source").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    ...redirectHits(),
    createdAt: createdAt(),
  },
  (t) => [
    check("legacy_redirects_entity_type_check", oneOf("entity_type", redirectTargetTypes)),
    uniqueIndex("legacy_redirects_source_unique").on(t.source),
    index("legacy_redirects_entity_idx").on(t.entityType, t.entityId),
  ],
);

/**
 * What a WordPress import made of each item of an export, so that importing the file again
 * updates those rows: posts, pages and attachments by their GUID, categories by "category:<slug>",
 * authors by "author:<login>".
 */
export const wordpressItems = pgTable(
  "wordpress_items",
  {
    id: id(),
    key: text("key").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("wordpress_items_entity_type_check", oneOf("entity_type", importedEntityTypes)),
    uniqueIndex("wordpress_items_key_unique").on(t.key),
  ],
);

/**
 * The trash (issue 21, decision 012): a deleted article, project, CMS page, expertise block, author
 * or contact request leaves its table and waits here, as the stored row and the rows that hang on it
 * (`data`: { row, children }), until it is restored or purged (30 days).
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: id(),
    entityType: text("entity_type").notNull(),
    entityId: uuid("entity_id").notNull(),
    title: text("title").notNull(),
    slug: text("slug"),
    data: jsonb("data").notNull(),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    // Kept as text so the list still says who after the account is deleted.
    deletedByEmail: text("deleted_by_email"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("trash_items_entity_type_check", oneOf("entity_type", trashEntityTypes)),
    uniqueIndex("trash_items_entity_unique").on(t.entityType, t.entityId),
    index("trash_items_deleted_at_idx").on(t.deletedAt.desc(), t.id),
  ],
);

/** The media library: every image uploaded through the back office (canonical media URL). */
export const mediaAssets = pgTable(
  "media_assets",
  {
    id: id(),
    url: text("url").notNull(),
    originalName: text("original_name"),
    mimeType: text("mime_type"),
    sizeBytes: integer("size_bytes"),
    width: integer("width"),
    height: integer("height"),
    altText: text("alt_text"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_assets_url_unique").on(t.url),
    index("media_assets_created_at_idx").on(t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------- infrastructure

/** When the daily backup runs and how many archives it keeps (one row; see backup/schedule.server.ts). */
export const backupSettings = pgTable(
  "backup_settings",
  {
    id: id(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** Hour of the day, Europe/Paris. */
    hour: integer("hour").notNull().default(2),
    keepDaily: integer("keep_daily").notNull().default(7),
    keepWeekly: integer("keep_weekly").notNull().default(4),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    uniqueIndex("backup_settings_singleton").on(sql`(true)`),
    check("backup_settings_hour_check", sql`"hour" BETWEEN 0 AND 23`),
    check(
      "backup_settings_keep_check",
      sql`"keep_daily" BETWEEN 1 AND 60 AND "keep_weekly" BETWEEN 0 AND 52`,
    ),
  ],
);

/** Every backup made by the schedule or from the screen, with its archive while it is kept. */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: id(),
    trigger: text("trigger").notNull(),
    status: text("status").notNull().default("running"),
    /** The archive's name in DATA_DIR/backups or under the bucket's backup prefix. */
    fileName: text("file_name").notNull(),
    progress: integer("progress").notNull().default(0),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("backup_runs_status_check", oneOf("status", backupStatuses)),
    check("backup_runs_trigger_check", oneOf("trigger", backupTriggers)),
    index("backup_runs_started_at_idx").on(t.startedAt.desc()),
  ],
);

/** Each WordPress import started from the back office: its progress while it runs, then its report. */
export const wordpressImports = pgTable(
  "wordpress_imports",
  {
    id: id(),
    status: text("status").notNull().default("running"),
    fileName: text("file_name").notNull(),
    progress: integer("progress").notNull().default(0),
    report: jsonb("report"),
    error: text("error"),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("wordpress_imports_status_check", oneOf("status", backupStatuses)),
    index("wordpress_imports_started_at_idx").on(t.startedAt.desc()),
  ],
);

/** Mail waiting to be sent; a worker claims rows with FOR UPDATE SKIP LOCKED. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    templateName: text("template_name"),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    htmlBody: text("html_body").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("email_outbox_status_check", oneOf("status", outboxStatuses)),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * First-party, cookie-less page views: no IP, no cookie. `visitor_hash` is a hash of the day's
 * secret salt, the address and the browser's user agent; the salt is destroyed after its day, so
 * a hash can no longer be tied to anyone nor to the same visitor on another day.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    path: text("path").notNull(),
    referrer: text("referrer"),
    deviceType: text("device_type"),
    /** The UTM values of the address the page was shown at (a campaign's link lands there). */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    visitorHash: text("visitor_hash"),
    createdAt: createdAt(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt), index("page_views_path_idx").on(t.path)],
);

/** One secret salt per day (Europe/Paris), deleted once its day is over. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * Page views summed per day: one row per (day, dimension, value), dimension 'total' (value ''),
 * 'path', 'referrer' ('' for none) or 'device'. Reports read these, not the raw rows; a day is
 * summed once it is over (its 'total' row marks it done).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("analytics_daily_dimension_check", oneOf("dimension", analyticsDimensions)),
    index("analytics_daily_dimension_day_idx").on(t.dimension, t.day),
  ],
);

/**
 * analytics_daily summed per calendar month (`month` is its first day), for the days summed so
 * far: a report over whole months reads one row a month and value instead of one a day. Visitors
 * are the days' visitors added up, as reports count them. The rollup rewrites a month's rows
 * whenever it sums one of its days.
 */
export const analyticsMonthly = pgTable(
  "analytics_monthly",
  {
    month: date("month").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.dimension, t.value] }),
    check("analytics_monthly_dimension_check", oneOf("dimension", analyticsDimensions)),
    check("analytics_monthly_month_check", sql`extract(day from ${t.month}) = 1`),
  ],
);

/** Counters shared by every instance (rate-limiter-flexible's Postgres layout). */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

// ---------------------------------------------------------------- auth (Better Auth)

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** Set on the generated first admin: sent to change it before anything else (requireUser). */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** The 08:00 digest of requests to follow up (Profil: each person can turn it off). */
    dailyDigest: boolean("daily_digest").notNull().default(true),
    /** The Monday report ('Profil'); null: as the role has it, on for admins, off for others. */
    weeklyReport: boolean("weekly_report"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), check("users_role_check", oneOf("role", userRoles))],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_unique").on(t.token), index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** Better Auth's twoFactor plugin: the TOTP secret and the backup codes, both encrypted by it. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code of that step or before is refused (replay). */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("two_factors_user_id_unique").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * Autosaved editor forms (issue 21): one per person and item (`entity_key` is the item's id, or
 * "new" for the item being created), the form's posted values as JSON. Never read by the public
 * site, so no change trigger: writing one leaves the page cache alone. Purged after 30 days.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entityType: text("entity_type").notNull(),
    entityKey: text("entity_key").notNull(),
    values: jsonb("values").$type<Record<string, string | string[]>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_drafts_owner_item_unique").on(t.userId, t.entityType, t.entityKey),
    check("content_drafts_entity_type_check", oneOf("entity_type", revisionEntityTypes)),
    index("content_drafts_updated_at_idx").on(t.updatedAt),
  ],
);

/**
 * A redirect typed by staff ('Redirections', issue 21): `source` is a path of this site as
 * `redirectSource()` (app/lib/redirects.ts) writes it, maybe with a query; `target` a local path,
 * `target_key` its source form, so that chains are flattened with an indexed lookup. Answered with
 * a 301 before the public 404; writes notify like content (migration redirects_notify).
 */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    source: text("source").notNull(),
    target: text("target").notNull(),
    targetKey: text("target_key").notNull(),
    ...redirectHits(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // Set by mutate() on an edit only: a counted hit must not make an open dialog stale.
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("redirects_source_unique").on(t.source),
    index("redirects_target_key_idx").on(t.targetKey),
    // The screen's three orders, either way (its default is hits desc), and its search (ILIKE
    // '%…%') at 100,000 rows (bench:admin). Nulls last both ways takes two indexes for last_hit_at.
    index("redirects_hits_idx").on(t.hits, t.id),
    index("redirects_source_fr_idx").on(sql`(${t.source} collate "fr-x-icu")`, t.id),
    index("redirects_last_hit_idx").on(t.lastHitAt.asc().nullsLast(), t.id),
    index("redirects_last_hit_desc_idx").on(t.lastHitAt.asc().nullsFirst(), t.id),
    index("redirects_source_trgm_idx").using("gin", t.source.op("gin_trgm_ops")),
    index("redirects_target_trgm_idx").using("gin", t.target.op("gin_trgm_ops")),
  ],
);

/**
 * Public paths answered 404 ('Pages introuvables', issue 21): one row per path, visits by people
 * and by bots apart, the last referrer (only a parseable URL). `ignored` rows are hidden and no
 * longer counted. Capped (not-found-log.server.ts): the rows with the fewest hits, oldest first,
 * make room, so a scan cannot fill the disk.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    id: id(),
    path: text("path").notNull(),
    hits: integer("hits").notNull().default(0),
    botHits: integer("bot_hits").notNull().default(0),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastReferrer: text("last_referrer"),
    ignored: boolean("ignored").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("not_found_paths_path_unique").on(t.path),
    // One per sort of 'Pages introuvables' (read from a cursor on (column, id), either way).
    index("not_found_paths_last_seen_idx")
      .on(t.lastSeenAt, t.id)
      .where(sql`not ${t.ignored}`),
    index("not_found_paths_hits_idx")
      .on(t.hits, t.id)
      .where(sql`not ${t.ignored}`),
    index("not_found_paths_bot_hits_idx")
      .on(t.botHits, t.id)
      .where(sql`not ${t.ignored}`),
    index("not_found_paths_path_id_idx")
      .on(t.path, t.id)
      .where(sql`not ${t.ignored}`),
    index("not_found_paths_eviction_idx").on(sql`(${t.hits} + ${t.botHits})`, t.lastSeenAt),
    index("not_found_paths_path_trgm_idx").using("gin", t.path.op("gin_trgm_ops")),
    index("not_found_paths_referrer_trgm_idx").using("gin", t.lastReferrer.op("gin_trgm_ops")),
  ],
);

/**
 * Each running instance's heartbeat ('État du site': the instances seen in the last minute, and
 * the version each runs), written every few seconds by app/server/health/heartbeat.server.ts.
 */
export const instanceHeartbeats = pgTable("instance_heartbeats", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  version: text("version").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last evaluated status of each check of 'État du site' (app/server/health/): the job that
 * evaluates them mails the admins when a check turns red, and again when it is no longer red.
 */
export const healthCheckStates = pgTable(
  "health_check_states",
  {
    check: text("check").primaryKey(),
    status: text("status").notNull().$type<(typeof healthStatuses)[number]>(),
    summary: text("summary").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("health_check_states_status_check", oneOf("status", healthStatuses))],
);

/** Public 404s a day (people, not bots), kept by a trigger on not_found_paths: 'État du site' compares today with the usual. */
export const notFoundDaily = pgTable("not_found_daily", {
  day: date("day").primaryKey(),
  hits: integer("hits").notNull().default(0),
});

// ---------------------------------------------------------------- site search

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The site search's index (decision 028): one row per article, project, CMS page and expertise
 * block, its words weighted (title A, summary B, body D) in the `french_unaccent` configuration,
 * and its publication columns, so that the public lists' rule (`publiclyVisible`) applies here
 * as it is: a CMS page is 'published' (no dates) when is_published, else 'draft'; an expertise
 * block always 'published'. Kept by triggers on the four tables (migration site_search).
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull().$type<(typeof searchKinds)[number]>(),
    status: text("status").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    vector: tsvector("vector").notNull(),
  },
  (t) => [
    check("search_documents_kind_check", oneOf("kind", searchKinds)),
    index("search_documents_vector_idx").using("gin", t.vector),
  ],
);

/**
 * Every word the searchable content has used, lower-cased and without accents: a query's word
 * that is not here is read as the closest one by trigrams (one typo tolerated). Filled by the
 * same triggers; a word no longer used stays (it then finds nothing).
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * Site searches counted by text (issue 38): one row per Paris day and normalised query (trimmed,
 * lower-cased, spaces collapsed, capped), how many times and how many results the last one had.
 * No visitor data. Read by 'Statistiques' and the weekly report.
 */
export const siteSearches = pgTable(
  "site_searches",
  {
    day: date("day").notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(1),
    results: integer("results").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] })],
);
