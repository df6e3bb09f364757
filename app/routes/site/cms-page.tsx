import { data } from "react-router";
import type { Route } from "./+types/cms-page";
import { NotFound } from "~/components/site/not-found";
import { RichContent } from "~/components/site/rich-content";
import { notFoundMeta, pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import { getPublishedCmsPage } from "~/server/content/cms.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { redirectFromOldSlug } from "~/server/content/slug-redirects.server";

export async function loader({ params }: Route.LoaderArgs) {
  const page = await getPublishedCmsPage(params.slug);
  if (!page) {
    await redirectFromOldSlug("cms_pages", params.slug);
    throw data(null, { status: 404 });
  }
  const { content, ...rest } = page;
  return { page: { ...rest, html: sanitizeContentHtml(content) } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location, error }) => {
  const site = siteSeo(matches);
  if (error || !loaderData) return notFoundMeta(site, location.pathname, "Page introuvable");
  const { page } = loaderData;
  return seoMeta(site, {
    title: pageTitle(page.metaTitle?.trim() || page.title, site),
    description: page.metaDescription,
    keywords: page.metaKeywords,
    path: location.pathname,
  });
};

export default function CmsPage({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{page.title}</h1>
        <div aria-hidden className="mt-5 h-1 w-16 rounded-full bg-betic-red" />
        <RichContent body={{ html: page.html }} className="mt-10" />
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <NotFound
      title="Page introuvable"
      message="La page que vous recherchez n'existe pas ou a été déplacée."
    />
  );
}
