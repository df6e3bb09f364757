import { data } from "react-router";
import type { Route } from "./+types/cms-page";
import { NotFound } from "~/components/site/not-found";
import { errorGuesses } from "~/components/site/search-results";
import { CmsPageView } from "~/components/site/cms-page-view";
import { cmsPageMeta, notFoundMeta, siteSeo } from "~/lib/seo";
import { getPublishedCmsPage } from "~/server/cms/published.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { redirectFromOldSlug } from "~/server/content/slug-redirects.server";
import { guessesForMissingPage } from "~/server/search/site-search.server";
import { redirectBeforeNotFound } from "~/server/seo/redirects.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = await getPublishedCmsPage(params.slug);
  if (!page) {
    await redirectFromOldSlug("cms_pages", params.slug);
    await redirectBeforeNotFound(request);
    throw data({ guesses: await guessesForMissingPage(request) }, { status: 404 });
  }
  const { content, ...rest } = page;
  return { page: { ...rest, html: sanitizeContentHtml(content) } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location, error }) => {
  const site = siteSeo(matches);
  if (error || !loaderData) return notFoundMeta(site, location.pathname, "Page introuvable");
  const { page } = loaderData;
  return cmsPageMeta(site, page, location.pathname);
};

export default function CmsPage({ loaderData: { page } }: Route.ComponentProps) {
  return <CmsPageView page={page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <NotFound
      title="Page introuvable"
      message="La page que vous recherchez n'existe pas ou a été déplacée."
      guesses={errorGuesses(error)}
    />
  );
}
