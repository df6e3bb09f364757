import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The route table of spec/public-site.md §2 and spec/back-office.md §2.1, written out.
export default [
  // ---- resources (non-UI)
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  // -- privacy: anonymous page views, consent without JavaScript
  route("api/beacon", "routes/resources/beacon.ts"),
  route("api/consent", "routes/resources/consent.ts"),
  route("media/*", "routes/resources/media.ts"),
  // -- content: search engines' files (static paths, so they win over /:slug)
  route("sitemap.xml", "routes/resources/sitemap.xml.ts"),
  route("robots.txt", "routes/resources/robots.txt.ts"),

  // ---- back office (back-office.md §2.1)
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/code", "routes/admin/login-code.tsx"),
    route("login/forgot", "routes/admin/login-forgot.tsx"),
    route("login/reset", "routes/admin/login-reset.tsx"),
    route("login/again", "routes/admin/login-again.ts"),
    route("logout", "routes/admin/logout.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("analytics", "routes/admin/analytics/index.tsx"),
      route("categories", "routes/admin/categories/index.tsx"),
      route("authors", "routes/admin/authors/index.tsx"),
      // -- articles
      route("blog", "routes/admin/blog/index.tsx"),
      route("blog/create", "routes/admin/blog/editor.tsx", { id: "admin-blog-create" }),
      route("blog/edit/:id", "routes/admin/blog/editor.tsx", { id: "admin-blog-edit" }),
      // -- CMS pages
      route("cms", "routes/admin/cms/index.tsx"),
      route("cms/create", "routes/admin/cms/editor.tsx", { id: "admin-cms-create" }),
      route("cms/edit/:id", "routes/admin/cms/editor.tsx", { id: "admin-cms-edit" }),
      // -- contacts
      route("contacts", "routes/admin/contacts/index.tsx"),
      // -- projects
      route("projects", "routes/admin/projects/index.tsx"),
      route("projects/quick-create", "routes/admin/projects/quick-create.tsx"),
      route("projects/create", "routes/admin/projects/editor.tsx", { id: "admin-projects-create" }),
      route("projects/edit/:id", "routes/admin/projects/editor.tsx", { id: "admin-projects-edit" }),
      route("expertise", "routes/admin/expertise/index.tsx"),
      route("media", "routes/admin/media/index.tsx"),
      route("trash", "routes/admin/trash/index.tsx"),
      // -- configuration (admin only)
      route("settings", "routes/admin/settings/index.tsx"),
      route("seo", "routes/admin/seo/index.tsx"),
      route("seo/redirects", "routes/admin/seo/redirects.tsx"),
      route("seo/not-found", "routes/admin/seo/not-found.tsx"),
      route("gtm", "routes/admin/gtm/index.tsx"),
      route("cors", "routes/admin/cors/index.tsx"),
      route("email-templates", "routes/admin/email-templates/index.tsx"),
      route("email-templates/outbox", "routes/admin/email-templates/outbox.tsx"),
      route("backups", "routes/admin/backups/index.tsx"),
      route("health", "routes/admin/health/index.tsx"),
      route("wordpress-import", "routes/admin/wordpress-import/index.tsx"),
      route("journal", "routes/admin/journal/index.tsx"),
      // -- users (admin only) and everyone's own profile
      route("users", "routes/admin/users/index.tsx"),
      route("profile", "routes/admin/profile/index.tsx"),
    ]),
    // -- previews: the public page alone, outside the back office's frame
    route("blog/preview/:id", "routes/admin/blog/preview.tsx"),
    route("cms/preview/:id", "routes/admin/cms/preview.tsx"),
    // -- the inbox, the journal and the statistics' requests as CSV files
    route("contacts/export", "routes/admin/contacts/export.ts"),
    route("journal/export", "routes/admin/journal/export.ts"),
    route("analytics/conversions.csv", "routes/admin/analytics/conversions-csv.ts"),
    route("projects/preview/:id", "routes/admin/projects/preview.tsx"),
    // -- a kept backup archive
    route("backups/download/:id", "routes/admin/backups/download.ts"),
    // -- back-office resources (JSON)
    route("api/media", "routes/admin/api/media.ts"),
    route("api/events", "routes/admin/api/events.ts"),
    route("api/notifications", "routes/admin/api/notifications.ts"),
    route("api/drafts", "routes/admin/api/drafts.ts"),
    route("api/missing-pages", "routes/admin/api/missing-pages.ts"),
    route("email-templates/mail-status", "routes/admin/email-templates/mail-status.ts"),
    // Old and alternative paths, then any unknown /admin path.
    route("contact", "routes/admin/redirect.ts", { id: "admin-redirect-contact" }),
    route("author", "routes/admin/redirect.ts", { id: "admin-redirect-author" }),
    route("blog/preview", "routes/admin/redirect.ts", { id: "admin-redirect-blog-preview" }),
    route("projects/preview", "routes/admin/redirect.ts", { id: "admin-redirect-projects-preview" }),
    route("*", "routes/admin/redirect.ts", { id: "admin-redirect-unknown" }),
  ]),

  // ---- public site
  layout("routes/site/layout.tsx", [
    // -- site shell: home, static pages, 404 for any other path
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-of-use", "routes/site/terms-of-use.tsx"),
    route("accessibilite", "routes/site/accessibility.tsx"),
    route("sitemap", "routes/site/sitemap-page.tsx"),
    // -- contact
    route("contact", "routes/site/contact.tsx"),
    // -- content: blog, projects, CMS pages (/:slug after every static path)
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/article.tsx"),
    route("projects", "routes/site/projects.tsx"),
    route("projects/:slug", "routes/site/project.tsx"),
    // -- site search (noindex, not in the sitemap)
    route("recherche", "routes/site/search.tsx"),
    route(":slug", "routes/site/cms-page.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
