import { data } from "react-router";
import type { Route } from "./+types/mail-status";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { checkMailConfiguration } from "~/server/mail/mail-check.server";

/**
 * The mail configuration banner's check (GET, JSON): the real provider with the saved settings,
 * at most 10 seconds, a French summary. Fetched by the templates screen after it has shown.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  return data(await checkMailConfiguration(), { headers: noStoreHeaders });
}
