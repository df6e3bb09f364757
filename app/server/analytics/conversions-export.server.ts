import { conversionRate, type AnalyticsRange } from "~/lib/admin/analytics";
import { sourceLabel } from "~/lib/admin/contact-origin";
import { csvStream, spreadsheetSafe } from "~/server/export/csv.server";
import { getConversionReport, type Conversion } from "./conversions.server";

const columns = [
  { key: "kind", header: "Type" },
  { key: "value", header: "Valeur" },
  { key: "visitors", header: "Visiteurs" },
  { key: "requests", header: "Demandes" },
  { key: "rate", header: "Taux de conversion (%)" },
] as const;

type Row = Record<(typeof columns)[number]["key"], string>;

const decimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1, useGrouping: false });

function row(kind: string, value: string, requests: number, visitors: number | null): Row {
  const rate = conversionRate(requests, visitors);
  return {
    kind,
    // UTM values come from addresses anyone can type.
    value: spreadsheetSafe(value),
    visitors: visitors === null ? "" : String(visitors),
    requests: String(requests),
    rate: rate === null ? "" : decimal.format(rate),
  };
}

/**
 * 'Demandes de devis' over a period as one table: a row a day (a month over 12 months), then the
 * requests by first page, by source and by campaign, as the screen lists them.
 */
export async function conversionsCsv(range: AnalyticsRange): Promise<ReadableStream<Uint8Array>> {
  const report = await getConversionReport(range);
  const origins = (kind: string, list: Conversion[], label: (value: string) => string) =>
    list.map((item) => row(kind, label(item.value), item.requests, item.visitors));
  const rows = [
    ...report.series.map((point) =>
      row(range === "12m" ? "Mois" : "Jour", point.key, point.requests, point.visitors),
    ),
    ...origins("Page d'arrivée", report.landing, (value) => value || "Inconnue"),
    ...origins("Source", report.sources, sourceLabel),
    ...origins("Campagne", report.campaigns, (value) => value || "Sans campagne"),
  ];
  return csvStream(
    columns,
    (async function* () {
      yield* rows;
    })(),
  );
}
