import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/site/not-found";
import { notFoundMeta, siteSeo } from "~/lib/seo";
import { guessesForMissingPage } from "~/server/search/site-search.server";
import { redirectBeforeNotFound } from "~/server/seo/redirects.server";

/**
 * Any unmatched multi-segment path: a redirect (manual, or an old address of imported content)
 * answers 301, anything else the 404 page inside the site frame, with status 404 (logged), and
 * guesses from the path's words.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectBeforeNotFound(request);
  return data({ guesses: await guessesForMissingPage(request) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  notFoundMeta(siteSeo(matches), location.pathname);

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFound guesses={loaderData.guesses} />;
}
