import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { JsonLd } from "~/components/site/json-ld";
import { seoMeta } from "~/lib/seo";
import { getPublicSettings } from "~/server/settings.server";
import { getNavigationCategories } from "~/server/content/navigation.server";
import { buildBusinessJsonLd, buildSiteSeo } from "~/server/seo/site-seo.server";

/**
 * Frame of every public page. Loader data (read by children with
 * useRouteLoaderData(SITE_LAYOUT_ROUTE_ID)): settings (public allowlist), navigation categories,
 * seo (SiteSeo for meta functions), businessJsonLd and the request's cspNonce.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, categories] = await Promise.all([getPublicSettings(), getNavigationCategories()]);
  return {
    settings,
    categories: {
      blog: settings.enableBlog ? categories.blog : [],
      projects: settings.enableProjects ? categories.projects : [],
    },
    seo: buildSiteSeo(settings),
    businessJsonLd: buildBusinessJsonLd(settings),
    cspNonce: context.cspNonce,
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

/** Fallback head for child routes without their own meta. */
export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  seoMeta(loaderData?.seo, { path: location.pathname });

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <JsonLd data={loaderData.businessJsonLd} />
    </>
  );
}
