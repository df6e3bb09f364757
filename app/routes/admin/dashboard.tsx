import { formatDistance } from "date-fns";
import { fr } from "date-fns/locale";
import {
  FileText,
  FolderKanban,
  Inbox,
  Mail,
  Newspaper,
  TriangleAlert,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { AdminError } from "~/components/admin/admin-error";
import { MailDeliveryAlert } from "~/components/admin/email/mail-delivery-alert";
import { StatCard } from "~/components/admin/stat-card";
import type { AdminScreenPath } from "~/lib/admin/admin-access";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { contactStatusLabels } from "~/lib/enums";
import { formatDateTime } from "~/lib/format-date";
import { hasRole } from "~/lib/admin/roles";
import { requireUser } from "~/server/auth/session.server";
import { isBackupOverdue } from "~/server/backup/schedule.server";
import {
  getDashboardCounts,
  getRecentActivity,
  getScheduledPublications,
  type RecentActivity,
  type ScheduledPublication,
} from "~/server/content/dashboard.server";
import { evaluateHealth } from "~/server/health/checks.server";
import { getMailDeliveryAlerts } from "~/server/mail/outbox-admin.server";
import { plural } from "~/lib/plural";

export const meta: Route.MetaFunction = () => [{ title: "Tableau de bord | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const admin = hasRole(user, "admin");
  const [counts, activity, scheduled, mail, backupOverdue, health] = await Promise.all([
    getDashboardCounts(),
    getRecentActivity(5),
    getScheduledPublications(10),
    getMailDeliveryAlerts(),
    // Backups are the admins' business: only they are warned.
    admin ? isBackupOverdue() : false,
    // 'État du site' is the admins' too: how many of its checks are red.
    admin ? evaluateHealth() : [],
  ]);
  const healthProblems = health.filter((check) => check.status === "error").length;
  // The render's clock, so relative times read the same on the server and after hydration.
  return {
    counts,
    activity,
    scheduled,
    mail,
    backupOverdue,
    healthProblems,
    role: user.role ?? "user",
    now: new Date(),
  };
}

const cards: {
  key: keyof Route.ComponentProps["loaderData"]["counts"];
  label: string;
  to: AdminScreenPath;
  icon: LucideIcon;
}[] = [
  { key: "projects", label: "Projets", to: "/admin/projects", icon: FolderKanban },
  { key: "articles", label: "Articles", to: "/admin/blog", icon: Newspaper },
  { key: "authors", label: "Utilisateurs", to: "/admin/users", icon: Users },
  { key: "contacts", label: "Messages", to: "/admin/contacts", icon: Mail },
];

/** The sentence of back-office.md §4 for an item. */
function describe(item: RecentActivity): string {
  if (item.kind === "contact") return `Nouvelle demande: ${contactStatusLabels[item.status] ?? item.status}`;
  const type = item.kind === "project" ? "projet" : "article";
  switch (item.status) {
    case "published":
      return `Publication d'un ${type}`;
    case "draft":
      return `Nouveau ${type} en brouillon`;
    case "scheduled":
      return `${type[0]!.toUpperCase()}${type.slice(1)} planifié`;
    default:
      return `Mise à jour d'un ${type}`;
  }
}

function linkTo(item: RecentActivity | ScheduledPublication): string {
  if (item.kind === "project") return `/admin/projects/edit/${item.id}`;
  if (item.kind === "article") return `/admin/blog/edit/${item.id}`;
  return "/admin/contacts";
}

const activityIcons: Record<RecentActivity["kind"], LucideIcon> = {
  project: FolderKanban,
  article: FileText,
  contact: Inbox,
};

function relativeTime(date: Date | null, now: Date): string {
  if (!date || Number.isNaN(date.getTime())) return "Date inconnue";
  return formatDistance(date, now, { addSuffix: true, locale: fr });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, activity, scheduled, mail, backupOverdue, healthProblems, role, now } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Tableau de bord</h1>
        {healthProblems > 0 ? (
          <Badge asChild variant="destructive">
            <Link to="/admin/health" data-testid="health-badge">
              <TriangleAlert aria-hidden />
              État du site : {plural(healthProblems, "problème")}
            </Link>
          </Badge>
        ) : null}
      </div>

      <MailDeliveryAlert {...mail} role={role} />
      {backupOverdue ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden />
          <AlertTitle>Aucune sauvegarde réussie depuis 48 heures</AlertTitle>
          <AlertDescription>
            <Link to="/admin/backups" className="underline underline-offset-4">
              Voir les sauvegardes
            </Link>{" "}
            pour en créer une et vérifier la planification.
          </AlertDescription>
        </Alert>
      ) : null}

      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Chiffres clés">
        {cards.map(({ key, label, to, icon }) => (
          <li key={key}>
            <StatCard
              label={label}
              value={counts[key]}
              to={to}
              icon={icon}
              user={{ role }}
              testId={`count-${key}`}
            />
          </li>
        ))}
      </ul>

      <section aria-labelledby="recent-activity" className="rounded-lg border bg-card">
        <h2 id="recent-activity" className="border-b px-5 py-4 text-lg font-semibold">
          Activité récente
        </h2>
        {activity.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-muted-foreground">
            Aucune activité récente à afficher.
          </p>
        ) : (
          <ul className="divide-y">
            {activity.map((item) => {
              const Icon = activityIcons[item.kind];
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Link
                    to={linkTo(item)}
                    className="flex items-start gap-4 px-5 py-4 transition-colors hover:bg-accent/40"
                  >
                    <span className="mt-0.5 rounded-full bg-secondary p-2 text-muted-foreground">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                        <span className="text-sm font-medium">{describe(item)}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">
                          {relativeTime(item.createdAt, now)}
                        </span>
                      </span>
                      <span className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{item.title}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="scheduled-publications" className="rounded-lg border bg-card">
        <h2 id="scheduled-publications" className="border-b px-5 py-4 text-lg font-semibold">
          Publications planifiées
        </h2>
        {scheduled.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-muted-foreground">Aucune publication planifiée.</p>
        ) : (
          <ul className="divide-y">
            {scheduled.map((item) => {
              const Icon = activityIcons[item.kind];
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Link
                    to={linkTo(item)}
                    className="flex items-center gap-4 px-5 py-3 transition-colors hover:bg-accent/40"
                  >
                    <span className="rounded-full bg-secondary p-2 text-muted-foreground">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                      <span className="min-w-0 truncate text-sm font-medium">
                        <span className="sr-only">{item.kind === "project" ? "Projet" : "Article"} : </span>
                        {item.title}
                      </span>
                      <time
                        dateTime={new Date(item.scheduledAt).toISOString()}
                        className="shrink-0 text-xs text-muted-foreground tabular-nums"
                      >
                        {formatDateTime(item.scheduledAt)}
                      </time>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError
      error={error}
      message="Impossible de charger les données du tableau de bord"
      retryTo="/admin"
    />
  );
}
