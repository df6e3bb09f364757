import { data } from "react-router";
import type { Route } from "./+types/notifications";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { getStaffNotifications } from "~/server/contacts/inbox.server";

/** What the header's bell shows, in JSON: asked by an open page when /admin/api/events says so. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, "user");
  return data(await getStaffNotifications(user.id), { headers: noStoreHeaders });
}
