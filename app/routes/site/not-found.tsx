import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/site/not-found";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";

/** Any unmatched multi-segment path: the 404 page inside the site frame, with status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteSeo(matches);
  return seoMeta(site, {
    title: pageTitle("Page non trouvée", site),
    path: location.pathname,
    noindex: true,
  });
};

export default function NotFoundRoute() {
  return <NotFound />;
}
