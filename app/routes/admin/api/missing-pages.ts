import { data } from "react-router";
import type { Route } from "./+types/missing-pages";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { findMissingPages } from "~/server/content/internal-links.server";

/** Links are checked a few at a time: an item linking to more pages gets the first ones checked. */
const MAX_PATHS = 100;

/**
 * The pre-publish checklist's link check (issue 21, point 6): `?path=/blog/x&path=/y` answers
 * `{ missing }`, the paths the public site would answer with a 404 now.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "user");
  const paths = new URL(request.url).searchParams
    .getAll("path")
    .filter((path) => path.startsWith("/") && path.length <= 500)
    .slice(0, MAX_PATHS);
  return data({ missing: await findMissingPages(paths) }, { headers: noStoreHeaders });
}
