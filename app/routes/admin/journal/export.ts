import type { Route } from "./+types/export";
import { journalListSpec } from "~/lib/admin/audit-journal";
import { parseListQuery } from "~/lib/list-query";
import { analyticsDay } from "~/server/analytics/visitors.server";
import { journalCsv } from "~/server/audit/journal.server";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";

/** GET /admin/journal/export?person=&action=&type=&from=&to=&q=: the journal as filtered, as CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const query = parseListQuery(request, journalListSpec);
  return new Response(journalCsv(query), {
    headers: {
      ...noStoreHeaders,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="journal-activite-${analyticsDay(new Date())}.csv"`,
    },
  });
}
