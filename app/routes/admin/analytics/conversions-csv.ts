import type { Route } from "./+types/conversions-csv";
import { parseAnalyticsRange } from "~/lib/admin/analytics";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { conversionsCsv } from "~/server/analytics/conversions-export.server";
import { analyticsDay } from "~/server/analytics/visitors.server";

/** GET /admin/analytics/conversions.csv?range=: 'Demandes de devis' of the period, as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const range = parseAnalyticsRange(new URL(request.url).searchParams.get("range"));
  return new Response(await conversionsCsv(range), {
    headers: {
      ...noStoreHeaders,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demandes-de-devis-${range}-${analyticsDay(new Date())}.csv"`,
    },
  });
}
