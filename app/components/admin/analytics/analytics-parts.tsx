import type { AnalyticsRange } from "~/lib/admin/analytics";
import { cn } from "~/lib/cn";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** What the sections of 'Statistiques' share: figures, the chart's labels, the comparison, a ranked table. */

export const number = new Intl.NumberFormat("fr-FR");
const monthLabel = new Intl.DateTimeFormat("fr-FR", { month: "short", year: "numeric", timeZone: "UTC" });
const dayLabel = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", timeZone: "UTC" });

export function pointLabel(key: string) {
  return key.length === 7
    ? monthLabel.format(new Date(`${key}-01T00:00:00Z`))
    : dayLabel.format(new Date(`${key}T00:00:00Z`));
}

const previousLabels: Record<AnalyticsRange, string> = {
  "7d": "aux 7 jours précédents",
  "30d": "aux 30 jours précédents",
  "12m": "aux 12 mois précédents",
};

/** "+12 %" against the previous period, or a word when there is nothing to compare with. */
export function Change({
  current,
  previous,
  range,
}: {
  current: number;
  previous: number;
  range: AnalyticsRange;
}) {
  if (previous === 0) {
    return <p className="text-xs text-muted-foreground">Aucune donnée sur la période précédente</p>;
  }
  const change = Math.round(((current - previous) / previous) * 100);
  return (
    <p className="text-xs text-muted-foreground">
      <span className={cn("font-medium", change > 0 && "text-green-300", change < 0 && "text-red-300")}>
        {change > 0 ? "+" : ""}
        {change} %
      </span>{" "}
      par rapport {previousLabels[range]} ({number.format(previous)})
    </p>
  );
}

export function RankTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: [string, ...string[]];
  rows: { key: string; cells: React.ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {headers.map((header, index) => (
            <th
              key={header}
              scope="col"
              className={cn("py-2 font-medium", index > 0 && "w-24 pl-3 text-right")}
            >
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b last:border-0">
            {row.cells.map((cell, index) => (
              <td
                key={index}
                className={cn("py-2", index === 0 ? "max-w-0 truncate pr-3" : "pl-3 text-right tabular-nums")}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One figure of the period in the row of cards at the top of a section: its label, its value, then `children` (the change). */
export function PeriodFigure({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-lg border bg-card p-5" data-testid={testId}>
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums">{value}</p>
      {children}
    </li>
  );
}

/**
 * A chart in its card, its figures as a table folded under it ('Voir les chiffres du graphique'):
 * the exact numbers, and what a screen reader reads of the chart, which is hidden from it.
 */
export function ChartCard({
  title,
  description,
  chart,
  figures,
}: {
  title: string;
  description?: string;
  chart: React.ReactNode;
  figures: React.ComponentProps<typeof RankTable>;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {chart}
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-muted-foreground">
            Voir les chiffres du graphique
          </summary>
          <RankTable {...figures} />
        </details>
      </CardContent>
    </Card>
  );
}
