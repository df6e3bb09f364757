import type { Route } from "./+types/export";
import { parseListQuery } from "~/lib/list-query";
import { contactListSpec } from "~/lib/schemas/contacts";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { contactsCsv } from "~/server/contacts/export.server";
import { analyticsDay } from "~/server/analytics/visitors.server";

/** GET /admin/contacts/export?q=&status=&assigned=: the inbox as filtered, as a CSV file for Excel. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  const query = parseListQuery(request, contactListSpec);
  return new Response(contactsCsv(query, user.id), {
    headers: {
      ...noStoreHeaders,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demandes-contact-${analyticsDay(new Date())}.csv"`,
    },
  });
}
