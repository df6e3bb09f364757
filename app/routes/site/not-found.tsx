import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/site/not-found";
import { notFoundMeta, siteSeo } from "~/lib/seo";

/** Any unmatched multi-segment path: the 404 page inside the site frame, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  notFoundMeta(siteSeo(matches), location.pathname);

export default function NotFoundRoute() {
  return <NotFound />;
}
