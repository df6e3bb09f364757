import { data } from "react-router";
import type { Route } from "./+types/blog";
import { ArticleCard } from "~/components/site/article-card";
import { categoryListMeta, CategoryListPage, categoryParam } from "~/components/site/category-list-page";
import { listPublishedArticles } from "~/server/articles/published.server";
import { getPublicSettings } from "~/server/settings.server";

const TITLE = "Actualités";
const INTRO =
  "Conseils, nouvelles normes et retours de chantier : l'actualité de l'électricité à Limoges et en Haute-Vienne, par nos électriciens.";

// Errors (the blog switched off: 404) are rendered by the site layout's ErrorBoundary.
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableBlog) throw data(null, { status: 404 });
  const category = categoryParam(request);
  const articles = await listPublishedArticles({ categorySlug: category });
  return { articles, category };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  categoryListMeta(
    "blog",
    { matches, location, category: loaderData?.category },
    { title: TITLE, intro: INTRO },
  );

export default function BlogList({ loaderData: { articles, category } }: Route.ComponentProps) {
  return (
    <CategoryListPage
      kind="blog"
      eyebrow="Blog & Actualités"
      title={TITLE}
      intro={INTRO}
      filterLabel="Catégories d'articles"
      category={category}
      items={articles}
      itemsHeading="Tous les articles"
      emptyText="Aucun article publié pour le moment."
      renderItem={(article, index) => <ArticleCard article={article} priority={index === 0} />}
    />
  );
}
