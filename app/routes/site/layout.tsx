import { isRouteErrorResponse, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { Footer, type FooterSettings } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { JsonLd } from "~/components/site/json-ld";
import { NotFound } from "~/components/site/not-found";
import { ConsentBanner } from "~/components/site/consent-banner";
import type { PageHandle } from "~/lib/page-handle";
import {
  localBusinessJsonLd,
  notFoundMeta,
  seoMeta,
  SITE_LAYOUT_ROUTE_ID,
  type BusinessInfo,
} from "~/lib/seo";
import { getPublicSettings, type PublicSettings } from "~/server/settings.server";
import { getNavigationCategories } from "~/server/content/navigation.server";
import { getTrackingState } from "~/server/analytics/tracking.server";
import { buildSiteSeo } from "~/server/seo/site-seo.server";

/** Every public page: rendered by React on the server, enhanced by small modules in the browser. */
export const handle: PageHandle = { hydrate: false, scripts: ["header", "consent", "page-view", "prefetch"] };

/**
 * Frame of every public page: header, footer and the company's JSON-LD.
 * Loader data (children read it with useRouteLoaderData(SITE_LAYOUT_ROUTE_ID)): settings (the
 * public settings the frame renders), navigation categories (empty when the matching feature is off), seo (SiteSeo for meta
 * functions: `siteSeo(matches)`). The company's JSON-LD is built from settings and seo on both
 * sides. Nothing in it may depend on the request beyond
 * what the page cache keys on: the same page is served to every anonymous visitor.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [settings, categories, tracking] = await Promise.all([
    getPublicSettings(),
    getNavigationCategories(),
    getTrackingState(request),
  ]);
  return {
    settings: frameSettings(settings),
    categories: {
      blog: settings.enableBlog ? categories.blog : [],
      projects: settings.enableProjects ? categories.projects : [],
    },
    seo: buildSiteSeo(settings),
    tracking,
  };
}

export type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

/** The settings the frame renders (header, footer, 404 links, the company's JSON-LD). */
function frameSettings(settings: PublicSettings): FooterSettings & BusinessInfo {
  return {
    companyName: settings.companyName,
    companyLogo: settings.companyLogo,
    companyDescription: settings.companyDescription,
    companyPhone: settings.companyPhone,
    companyEmail: settings.companyEmail,
    companyAddress: settings.companyAddress,
    companyCity: settings.companyCity,
    companyZipCode: settings.companyZipCode,
    facebookUrl: settings.facebookUrl,
    instagramUrl: settings.instagramUrl,
    linkedinUrl: settings.linkedinUrl,
    twitterUrl: settings.twitterUrl,
    youtubeUrl: settings.youtubeUrl,
    enableProjects: settings.enableProjects,
    enableBlog: settings.enableBlog,
  };
}

/** Fallback head for child routes without their own meta, and for error pages. */
export const meta: Route.MetaFunction = ({ loaderData, location, error }) => {
  if (error) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return notFoundMeta(loaderData?.seo, location.pathname, missing ? "Page non trouvée" : "Erreur");
  }
  return seoMeta(loaderData?.seo, { path: location.pathname });
};

function SiteFrame({ data, children }: { data: SiteLayoutData; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { settings } = data;
  return (
    <div className="flex min-h-screen flex-col">
      <Header
        companyName={settings.companyName}
        logo={settings.companyLogo}
        flags={{ enableBlog: settings.enableBlog, enableProjects: settings.enableProjects }}
        categories={data.categories}
      />
      {/* The home hero runs under the transparent header; other pages start below it. */}
      <main id="contenu" tabIndex={-1} className={pathname === "/" ? "flex-1" : "flex-1 pt-[72px]"}>
        {children}
      </main>
      <Footer settings={settings} />
      <JsonLd data={localBusinessJsonLd(settings, data.seo.publicUrl)} />
      <ConsentBanner {...data.tracking} />
    </div>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame data={loaderData}>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteLayoutData | undefined;
  // Without the layout's data (its own loader failed) the root boundary takes over.
  if (!data) throw error;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteFrame data={data}>
      {missing ? (
        <NotFound />
      ) : (
        <NotFound
          code="Oups"
          title="Une erreur est survenue"
          message="Le site rencontre un problème momentané. Veuillez réessayer dans quelques instants."
        />
      )}
    </SiteFrame>
  );
}
