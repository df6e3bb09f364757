import {
  Award,
  ChartLine,
  ChartNoAxesColumn,
  CircleUserRound,
  DatabaseBackup,
  FileUp,
  FileQuestionMark,
  History,
  FileText,
  FolderKanban,
  HeartPulse,
  Images,
  Inbox,
  LayoutDashboard,
  Mail,
  Newspaper,
  Search,
  Send,
  Settings,
  Signpost,
  ShieldCheck,
  Tags,
  Trash2,
  UserPen,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { AdminScreenPath } from "~/lib/admin/admin-access";

export type AdminMenuEntry = {
  label: string;
  /** Shown to those whose role app/lib/admin/admin-access.ts grants this path. */
  to: AdminScreenPath;
  icon: LucideIcon;
};

export type AdminMenuGroup = { label: string; entries: AdminMenuEntry[] };

/**
 * The back-office menu, grouped as in back-office.md §2.3. One line per screen that exists:
 * a new screen adds its entry to its group. Empty groups are not shown.
 */
export const adminMenu: AdminMenuGroup[] = [
  {
    label: "Tableau de bord",
    entries: [
      { label: "Tableau de bord", to: "/admin", icon: LayoutDashboard },
      { label: "Statistiques", to: "/admin/analytics", icon: ChartLine },
    ],
  },
  {
    label: "Contenu",
    entries: [
      { label: "Blog", to: "/admin/blog", icon: Newspaper },
      { label: "Projets", to: "/admin/projects", icon: FolderKanban },
      { label: "Pôles d'expertise", to: "/admin/expertise", icon: Award },
      { label: "Catégories", to: "/admin/categories", icon: Tags },
      { label: "Auteurs", to: "/admin/authors", icon: UserPen },
      { label: "Pages", to: "/admin/cms", icon: FileText },
      { label: "Médiathèque", to: "/admin/media", icon: Images },
      { label: "Corbeille", to: "/admin/trash", icon: Trash2 },
    ],
  },
  { label: "Contacts", entries: [{ label: "Contacts", to: "/admin/contacts", icon: Inbox }] },
  {
    label: "Configuration",
    entries: [
      { label: "Paramètres du site", to: "/admin/settings", icon: Settings },
      { label: "SEO", to: "/admin/seo", icon: Search },
      { label: "Redirections", to: "/admin/seo/redirects", icon: Signpost },
      { label: "Pages introuvables", to: "/admin/seo/not-found", icon: FileQuestionMark },
      { label: "Balises de suivi", to: "/admin/gtm", icon: ChartNoAxesColumn },
      { label: "CORS & CSP", to: "/admin/cors", icon: ShieldCheck },
      { label: "Templates d'email", to: "/admin/email-templates", icon: Mail },
      { label: "Envois d'e-mails", to: "/admin/email-templates/outbox", icon: Send },
      { label: "Sauvegardes", to: "/admin/backups", icon: DatabaseBackup },
      { label: "État du site", to: "/admin/health", icon: HeartPulse },
      { label: "Importer depuis WordPress", to: "/admin/wordpress-import", icon: FileUp },
      { label: "Journal d'activité", to: "/admin/journal", icon: History },
    ],
  },
  {
    label: "Utilisateurs",
    entries: [
      { label: "Utilisateurs", to: "/admin/users", icon: Users },
      { label: "Profil", to: "/admin/profile", icon: CircleUserRound },
    ],
  },
];
