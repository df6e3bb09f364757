import { LayoutDashboard, Newspaper, Settings, Tags, UserPen, type LucideIcon } from "lucide-react";
import type { UserRole } from "~/lib/enums";

export type AdminMenuEntry = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** The role the screen requires (its loader checks it too; the menu only hides the link). */
  role: UserRole;
};

export type AdminMenuGroup = { label: string; entries: AdminMenuEntry[] };

/**
 * The back-office menu, grouped as in back-office.md §2.3. One line per screen that exists:
 * a new screen adds its entry to its group. Empty groups are not shown.
 */
export const adminMenu: AdminMenuGroup[] = [
  {
    label: "Tableau de bord",
    entries: [{ label: "Tableau de bord", to: "/admin", icon: LayoutDashboard, role: "user" }],
  },
  {
    label: "Contenu",
    entries: [
      { label: "Blog", to: "/admin/blog", icon: Newspaper, role: "user" },
      { label: "Catégories", to: "/admin/categories", icon: Tags, role: "user" },
      { label: "Auteurs", to: "/admin/authors", icon: UserPen, role: "user" },
    ],
  },
  { label: "Contacts", entries: [] },
  {
    label: "Configuration",
    entries: [{ label: "Paramètres du site", to: "/admin/settings", icon: Settings, role: "admin" }],
  },
  { label: "Utilisateurs", entries: [] },
];
