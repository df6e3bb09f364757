import { FileText, FolderKanban, Inbox, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { AdminError } from "~/components/admin/admin-error";
import { PopularChart, TrafficChart } from "~/components/admin/analytics/analytics-charts";
import {
  ChartCard,
  Change,
  number,
  PeriodFigure,
  pointLabel,
  RankTable,
} from "~/components/admin/analytics/analytics-parts";
import { ConversionsSection } from "~/components/admin/analytics/conversions-section";
import { PageHeader } from "~/components/admin/page-header";
import { SiteSearchesCard } from "~/components/admin/analytics/site-searches-card";
import { SitePageLink } from "~/components/admin/site-page-link";
import { StatCard } from "~/components/admin/stat-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AdminScreenPath } from "~/lib/admin/admin-access";
import {
  analyticsRangeLabels,
  analyticsRanges,
  deviceLabels,
  parseAnalyticsRange,
} from "~/lib/admin/analytics";
import { cn } from "~/lib/cn";
import { formatShortDate } from "~/lib/format-date";
import { getConversionReport } from "~/server/analytics/conversions.server";
import { getAnalyticsReport } from "~/server/analytics/report.server";
import { searchStatistics } from "~/server/search/search-counts.server";
import { requireRole } from "~/server/auth/session.server";

export const meta: Route.MetaFunction = () => [{ title: "Statistiques | Back-office" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const range = parseAnalyticsRange(new URL(request.url).searchParams.get("range"));
  const [report, conversions] = await Promise.all([getAnalyticsReport(range), getConversionReport(range)]);
  return {
    report,
    conversions,
    searches: await searchStatistics(report.periods.current),
    role: user.role ?? "user",
  };
}

type Report = Route.ComponentProps["loaderData"]["report"];

const counters: { key: keyof Report["counters"]; label: string; to: AdminScreenPath; icon: LucideIcon }[] = [
  { key: "contacts", label: "Demandes totales", to: "/admin/contacts", icon: Inbox },
  { key: "articles", label: "Articles publiés", to: "/admin/blog", icon: FileText },
  { key: "projects", label: "Projets réalisés", to: "/admin/projects", icon: FolderKanban },
  { key: "users", label: "Utilisateurs enregistrés", to: "/admin/users", icon: Users },
];

export default function AnalyticsScreen({ loaderData }: Route.ComponentProps) {
  const { report, conversions, searches, role } = loaderData;
  const { range, totals, requests } = report;
  const pages = report.pages.map((page) => ({ ...page, label: page.title ?? page.value }));
  const points = report.series.map((point) => ({ ...point, label: pointLabel(point.key) }));
  const period = `du ${formatShortDate(`${report.periods.current.from}T12:00:00Z`)} au ${formatShortDate(`${report.periods.current.to}T12:00:00Z`)}`;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Statistiques"
        description="Fréquentation du site mesurée sans cookie, et activité du back-office."
      />

      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Chiffres clés">
        {counters.map(({ key, label, to, icon }) => (
          <li key={key}>
            <StatCard
              label={label}
              value={number.format(report.counters[key])}
              to={to}
              icon={icon}
              user={{ role }}
              testId={`counter-${key}`}
            />
          </li>
        ))}
      </ul>

      <nav aria-label="Période" className="flex flex-wrap items-center gap-3">
        <div className="inline-flex rounded-lg bg-muted p-1">
          {analyticsRanges.map((value) => (
            <Link
              key={value}
              to={{ search: `?range=${value}` }}
              preventScrollReset
              aria-current={value === range ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                value === range && "bg-background text-foreground shadow",
              )}
            >
              {analyticsRangeLabels[value]}
            </Link>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{period}</p>
      </nav>

      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Sur la période">
        {(
          [
            {
              key: "visitors",
              label: "Visiteurs",
              current: totals.current.visitors,
              previous: totals.previous.visitors,
            },
            {
              key: "views",
              label: "Pages vues",
              current: totals.current.views,
              previous: totals.previous.views,
            },
            {
              key: "requests",
              label: "Demandes de contact",
              current: requests.current,
              previous: requests.previous,
            },
          ] as const
        ).map((item) => (
          <PeriodFigure
            key={item.key}
            label={item.label}
            value={number.format(item.current)}
            testId={`period-${item.key}`}
          >
            <Change current={item.current} previous={item.previous} range={range} />
          </PeriodFigure>
        ))}
      </ul>

      <ChartCard
        title={range === "12m" ? "Visites par mois" : "Visites par jour"}
        description="Un visiteur est reconnu le temps d'une journée, sans cookie : chaque jour compte ses visiteurs."
        chart={<TrafficChart points={points} />}
        figures={{
          caption: range === "12m" ? "Visites par mois" : "Visites par jour",
          headers: [range === "12m" ? "Mois" : "Jour", "Visiteurs", "Pages vues"],
          empty: "Aucune visite sur la période.",
          rows: points.map((point) => ({
            key: point.key,
            cells: [point.label, number.format(point.visitors), number.format(point.views)],
          })),
        }}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Contenus populaires</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {pages.length > 0 ? (
              <PopularChart items={pages.map(({ label, views }) => ({ label, views }))} />
            ) : null}
            <RankTable
              caption="Pages les plus vues"
              headers={["Page", "Vues", "Visiteurs"]}
              empty="Aucune page vue sur la période."
              rows={pages.map((page) => ({
                key: page.value,
                cells: [
                  <SitePageLink key="page" path={page.value} title={page.value} className="hover:underline">
                    {page.label}
                  </SitePageLink>,
                  number.format(page.views),
                  number.format(page.visitors),
                ],
              }))}
            />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Demandes par page d'origine</CardTitle>
              <CardDescription>La page qui a amené le visiteur au formulaire de contact.</CardDescription>
            </CardHeader>
            <CardContent>
              <RankTable
                caption="Demandes de contact par page d'origine"
                headers={["Page", "Demandes"]}
                empty="Aucune demande sur la période."
                rows={requests.bySourcePage.map((row) => ({
                  key: row.page ?? "",
                  cells: [row.page ?? "Inconnue", number.format(row.requests)],
                }))}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Sources</CardTitle>
            </CardHeader>
            <CardContent>
              <RankTable
                caption="Sites d'où viennent les visiteurs"
                headers={["Source", "Vues", "Visiteurs"]}
                empty="Aucune visite sur la période."
                rows={report.referrers.map((row) => ({
                  key: row.value,
                  cells: [row.value || "Accès direct", number.format(row.views), number.format(row.visitors)],
                }))}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Appareils</CardTitle>
            </CardHeader>
            <CardContent>
              <RankTable
                caption="Appareils des visiteurs"
                headers={["Appareil", "Vues", "Visiteurs"]}
                empty="Aucune visite sur la période."
                rows={report.devices.map((row) => ({
                  key: row.value,
                  cells: [
                    deviceLabels[row.value] ?? row.value,
                    number.format(row.views),
                    number.format(row.visitors),
                  ],
                }))}
              />
            </CardContent>
          </Card>
        </div>
      </div>

      <ConversionsSection report={conversions} />

      <SiteSearchesCard {...searches} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminError error={error} message="Impossible de charger les statistiques" retryTo="/admin/analytics" />
  );
}
