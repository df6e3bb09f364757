import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/blog";
import type { SiteLayoutData } from "./layout";
import { ArticleCard } from "~/components/site/article-card";
import { CategoryFilter } from "~/components/site/category-filter";
import { PageHero } from "~/components/site/page-hero";
import { pageTitle, seoMeta, siteSeo, SITE_LAYOUT_ROUTE_ID } from "~/lib/seo";
import { listPublishedArticles } from "~/server/content/blog.server";
import { getPublicSettings } from "~/server/settings.server";

const INTRO =
  "Conseils, nouvelles normes et retours de chantier : l'actualité de l'électricité à Limoges et en Haute-Vienne, par nos électriciens.";

// Errors (the blog switched off: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableBlog) throw data(null, { status: 404 });
  const category = new URL(request.url).searchParams.get("category") || null;
  const articles = await listPublishedArticles({ categorySlug: category });
  return { articles, category };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteSeo(matches);
  const layout = matches.find((match) => match?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as
    SiteLayoutData | undefined;
  const categoryName = layout?.categories.blog.find((c) => c.slug === loaderData?.category)?.name;
  return seoMeta(site, {
    title: pageTitle(categoryName ? `Actualités : ${categoryName}` : "Actualités", site),
    description: INTRO,
    path: location.pathname + location.search,
  });
};

export default function BlogList({ loaderData: { articles, category } }: Route.ComponentProps) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteLayoutData | undefined;
  return (
    <>
      <PageHero eyebrow="Blog & Actualités" title="Actualités" intro={INTRO}>
        <CategoryFilter
          basePath="/blog"
          categories={layout?.categories.blog ?? []}
          active={category}
          label="Catégories d'articles"
        />
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        {articles.length === 0 ? (
          <p className="rounded-xl border border-dashed border-white/15 px-6 py-16 text-center text-lg text-slate-300">
            Aucun article publié pour le moment.
          </p>
        ) : (
          <>
            <h2 className="sr-only">Tous les articles</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {articles.map((article, index) => (
                <li key={article.id}>
                  <ArticleCard article={article} priority={index === 0} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
