import type { UserRole } from "~/lib/enums";
import { hasRole } from "~/lib/admin/roles";

/**
 * Who may use each address of the back office (DESIGN.md, Roles): `user` for content and contacts
 * (any signed-in account), `admin` for users, site settings, e-mail, SEO, tracking and CORS/CSP,
 * `public` for what checks nobody (sign-in, sign-out, the redirects of old addresses).
 *
 * One line per /admin route of app/routes.ts, its path written as there. Each loader and action
 * still calls requireRole itself; this table is what the menu shows to whom, and what
 * tests/e2e/admin-access.spec.ts holds every route to: a route missing here fails the test.
 */
export const adminAccess = {
  "/admin": "user",
  "/admin/analytics": "user",
  "/admin/analytics/conversions.csv": "user",
  "/admin/login": "public",
  "/admin/login/code": "public",
  "/admin/login/forgot": "public",
  "/admin/login/reset": "public",
  "/admin/login/again": "public",
  "/admin/logout": "public",
  "/admin/categories": "user",
  "/admin/authors": "user",
  "/admin/blog": "user",
  "/admin/blog/create": "user",
  "/admin/blog/edit/:id": "user",
  "/admin/blog/preview/:id": "user",
  "/admin/cms": "user",
  "/admin/cms/create": "user",
  "/admin/cms/edit/:id": "user",
  "/admin/cms/preview/:id": "user",
  "/admin/contacts": "user",
  "/admin/contacts/export": "user",
  "/admin/projects": "user",
  "/admin/projects/quick-create": "user",
  "/admin/projects/create": "user",
  "/admin/projects/edit/:id": "user",
  "/admin/projects/preview/:id": "user",
  "/admin/expertise": "user",
  "/admin/media": "user",
  "/admin/settings": "admin",
  "/admin/seo": "admin",
  "/admin/seo/redirects": "admin",
  "/admin/seo/not-found": "admin",
  "/admin/gtm": "admin",
  "/admin/cors": "admin",
  "/admin/email-templates": "admin",
  "/admin/email-templates/outbox": "admin",
  "/admin/email-templates/mail-status": "admin",
  "/admin/users": "admin",
  "/admin/backups": "admin",
  "/admin/backups/download/:id": "admin",
  "/admin/health": "admin",
  "/admin/wordpress-import": "admin",
  "/admin/journal": "admin",
  "/admin/journal/export": "admin",
  "/admin/trash": "user",
  "/admin/profile": "user",
  "/admin/api/media": "user",
  "/admin/api/events": "user",
  "/admin/api/notifications": "user",
  "/admin/api/drafts": "user",
  "/admin/api/missing-pages": "user",
  "/admin/contact": "public",
  "/admin/author": "public",
  "/admin/blog/preview": "public",
  "/admin/projects/preview": "public",
  "/admin/*": "public",
} as const satisfies Record<string, UserRole | "public">;

export type AdminAccess = UserRole | "public";

/** The back-office paths a signed-in person opens from the menu. */
export type AdminScreenPath = {
  [Path in keyof typeof adminAccess]: (typeof adminAccess)[Path] extends UserRole ? Path : never;
}[keyof typeof adminAccess];

/** Whether `user` may open a back-office screen: the menu, and every link to a screen, ask this. */
export function canOpen(user: { role?: string | null }, path: AdminScreenPath): boolean {
  return hasRole(user, adminAccess[path]);
}
