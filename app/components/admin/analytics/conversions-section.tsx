import { Download } from "lucide-react";
import { ConversionChart } from "~/components/admin/analytics/analytics-charts";
import {
  ChartCard,
  Change,
  number,
  PeriodFigure,
  pointLabel,
  RankTable,
} from "~/components/admin/analytics/analytics-parts";
import { SitePageLink } from "~/components/admin/site-page-link";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { conversionRate } from "~/lib/admin/analytics";
import { sourceLabel } from "~/lib/admin/contact-origin";
import type { Conversion, ConversionReport } from "~/server/analytics/conversions.server.ts";

const percent = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** "1,5 %", or a dash without visitors to compare with. */
function rate(requests: number, visitors: number | null) {
  const value = conversionRate(requests, visitors);
  return value === null ? "—" : `${percent.format(value)} %`;
}

/** The requests of a source or campaign, and under them their rate (requests for 100 visitors). */
function RequestsCell({ row }: { row: Conversion }) {
  return (
    <>
      {number.format(row.requests)}
      {row.visitors !== null ? (
        <span className="block text-xs text-muted-foreground">{rate(row.requests, row.visitors)}</span>
      ) : null}
    </>
  );
}

/**
 * 'Demandes de devis' of 'Statistiques' (issue 38 §3): requests a day beside visitors, the
 * conversion rate, and the requests by the visit's first page, source and campaign, over the
 * period chosen above, with its CSV.
 */
export function ConversionsSection({ report }: { report: ConversionReport }) {
  const { range, totals } = report;
  const points = report.series.map((point) => ({ ...point, label: pointLabel(point.key) }));
  return (
    <section aria-labelledby="conversions-title" className="flex flex-col gap-6" data-testid="conversions">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="conversions-title" className="text-xl font-semibold">
            Demandes de devis
          </h2>
          <p className="text-sm text-muted-foreground">
            Les demandes reçues (hors indésirables) rapportées aux visiteurs, et d'où venaient leurs visites.
          </p>
        </div>
        <a
          href={`/admin/analytics/conversions.csv?range=${range}`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <Download aria-hidden />
          Exporter en CSV
        </a>
      </div>

      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label="Demandes sur la période">
        <PeriodFigure
          label="Demandes"
          testId="conversions-requests"
          value={number.format(totals.current.requests)}
        >
          <Change current={totals.current.requests} previous={totals.previous.requests} range={range} />
        </PeriodFigure>
        <PeriodFigure
          label="Taux de conversion"
          testId="conversions-rate"
          value={rate(totals.current.requests, totals.current.visitors)}
        >
          <p className="text-xs text-muted-foreground">
            Demandes pour 100 visiteurs ; période précédente :{" "}
            {rate(totals.previous.requests, totals.previous.visitors)}
          </p>
        </PeriodFigure>
        <PeriodFigure
          label="Visiteurs"
          testId="conversions-visitors"
          value={number.format(totals.current.visitors)}
        >
          <Change current={totals.current.visitors} previous={totals.previous.visitors} range={range} />
        </PeriodFigure>
      </ul>

      <ChartCard
        title={range === "12m" ? "Demandes et visiteurs par mois" : "Demandes et visiteurs par jour"}
        chart={<ConversionChart points={points} />}
        figures={{
          caption: range === "12m" ? "Demandes et visiteurs par mois" : "Demandes et visiteurs par jour",
          headers: [range === "12m" ? "Mois" : "Jour", "Demandes", "Visiteurs"],
          empty: "Aucune visite sur la période.",
          rows: points.map((point) => ({
            key: point.key,
            cells: [point.label, number.format(point.requests), number.format(point.visitors)],
          })),
        }}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Par page d'arrivée</CardTitle>
            <CardDescription>La première page de la visite.</CardDescription>
          </CardHeader>
          <CardContent>
            <RankTable
              caption="Demandes par page d'arrivée"
              headers={["Page", "Demandes"]}
              empty="Aucune demande sur la période."
              rows={report.landing.map((row) => ({
                key: row.value,
                cells: [
                  row.value ? (
                    <SitePageLink key="page" path={row.value} title={row.value} className="hover:underline">
                      {row.value}
                    </SitePageLink>
                  ) : (
                    "Inconnue"
                  ),
                  number.format(row.requests),
                ],
              }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Par source</CardTitle>
            <CardDescription>
              La source de la campagne, sinon le site d'où venait la visite ; sous les demandes, le taux de
              conversion.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <RankTable
              caption="Demandes par source"
              headers={["Source", "Visiteurs", "Demandes"]}
              empty="Aucune demande sur la période."
              rows={report.sources.map((row) => ({
                key: row.value,
                cells: [
                  <span key="source" title={row.value || undefined}>
                    {sourceLabel(row.value)}
                  </span>,
                  row.visitors === null ? "—" : number.format(row.visitors),
                  <RequestsCell key="requests" row={row} />,
                ],
              }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Par campagne</CardTitle>
            <CardDescription>
              Les liens marqués utm_campaign (flyer, annonce, publication…) ; sous les demandes, le taux de
              conversion.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <RankTable
              caption="Demandes par campagne"
              headers={["Campagne", "Visiteurs", "Demandes"]}
              empty="Aucune demande sur la période."
              rows={report.campaigns.map((row) => ({
                key: row.value,
                cells: [
                  row.value || "Sans campagne",
                  row.visitors === null ? "—" : number.format(row.visitors),
                  <RequestsCell key="requests" row={row} />,
                ],
              }))}
            />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
