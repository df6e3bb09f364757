import { data } from "react-router";
import type { Route } from "./+types/blog";
import { ArticleCard } from "~/components/site/article-card";
import {
  categoryListMeta,
  CategoryListPage,
  listParams,
  pageCountOrNotFound,
} from "~/components/site/category-list-page";
import { countPublishedArticles, listPublishedArticles } from "~/server/articles/published.server";
import { getPublicSettings } from "~/server/settings.server";

const TITLE = "Actualités";
const INTRO =
  "Conseils, nouvelles normes et retours de chantier : l'actualité de l'électricité à Limoges et en Haute-Vienne, par nos électriciens.";

// Errors (the blog switched off, a page past the last: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableBlog) throw data(null, { status: 404 });
  const { category, page, limit, offset } = listParams(request);
  const [articles, total] = await Promise.all([
    listPublishedArticles({ categorySlug: category, limit, offset }),
    countPublishedArticles({ categorySlug: category }),
  ]);
  return { articles, category, page, pageCount: pageCountOrNotFound(total, page) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  categoryListMeta(
    "blog",
    { matches, category: loaderData?.category, page: loaderData?.page },
    { title: TITLE, intro: INTRO },
  );

export default function BlogList({
  loaderData: { articles, category, page, pageCount },
}: Route.ComponentProps) {
  return (
    <CategoryListPage
      kind="blog"
      eyebrow="Blog & Actualités"
      title={TITLE}
      intro={INTRO}
      filterLabel="Catégories d'articles"
      category={category}
      items={articles}
      page={page}
      pageCount={pageCount}
      itemsHeading="Tous les articles"
      emptyText="Aucun article publié pour le moment."
      renderItem={(article, index) => <ArticleCard article={article} priority={index === 0} />}
    />
  );
}
