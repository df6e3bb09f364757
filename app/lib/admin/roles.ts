import type { UserRole } from "~/lib/enums";

/** French names of the roles (back-office.md §6). */
export const userRoleLabels: Record<UserRole, string> = { admin: "Admin", user: "Utilisateur" };

/**
 * `admin` may do everything; `user` manages content and contacts, but not users, site settings,
 * e-mail configuration or CORS/CSP. Shared by the server guards and the menu.
 */
export function hasRole(user: { role?: string | null }, role: UserRole): boolean {
  return role === "user" ? user.role === "user" || user.role === "admin" : user.role === "admin";
}
