import { data, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/article";
import type { SiteLayoutData } from "./layout";
import { ArticleView } from "~/components/site/article-view";
import { ContentNotFound } from "~/components/site/content-not-found";
import { errorGuesses } from "~/components/site/search-results";
import { JsonLd } from "~/components/site/json-ld";
import { NotFound } from "~/components/site/not-found";
import {
  absoluteUrl,
  contentMeta,
  notFoundMeta,
  shareImage,
  siteSeo,
  SITE_LAYOUT_ROUTE_ID,
  type SiteSeo,
} from "~/lib/seo";
import { getPublishedArticle, getRelatedArticles } from "~/server/articles/published.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { redirectFromOldSlug } from "~/server/content/slug-redirects.server";
import { guessesForMissingPage } from "~/server/search/site-search.server";
import { redirectBeforeNotFound } from "~/server/seo/redirects.server";
import { getPublicSettings } from "~/server/settings.server";

/** Thrown with status 404 when the article is missing, to tell it from "the blog is off". */
const ARTICLE_MISSING = { missing: "article" } as const;

export async function loader({ params, request }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableBlog) throw data(null, { status: 404 });
  const article = await getPublishedArticle(params.slug);
  if (!article) {
    await redirectFromOldSlug("blog_articles", params.slug);
    await redirectBeforeNotFound(request);
    throw data({ ...ARTICLE_MISSING, guesses: await guessesForMissingPage(request) }, { status: 404 });
  }
  const related = await getRelatedArticles(article);
  const { content, ...rest } = article;
  return { article: { ...rest, html: sanitizeContentHtml(content) }, related };
}

type ArticleData = Awaited<ReturnType<typeof loader>>["article"];

export const meta: Route.MetaFunction = ({ matches, loaderData, location, error }) => {
  const site = siteSeo(matches);
  if (error || !loaderData) return notFoundMeta(site, location.pathname, "Article non trouvé");
  const { article } = loaderData;
  return contentMeta(site, article, {
    // One address per article, even when reached by id.
    path: `/blog/${article.slug}`,
    summary: article.excerpt,
    type: "article",
    publishedTime: new Date(article.date).toISOString(),
  });
};

function blogPostingJsonLd(article: ArticleData, site: SiteSeo, path: string) {
  const url = absoluteUrl(site.publicUrl, path);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    description: article.metaDescription || article.excerpt || site.description,
    image: shareImage(article.mainImage, site) ?? site.image,
    datePublished: new Date(article.date).toISOString(),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: { "@type": "Person", name: article.authorName },
    publisher: { "@type": "Organization", "@id": `${site.publicUrl}/#entreprise`, name: site.siteName },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    ...(article.category && { articleSection: article.category.name }),
    ...(article.metaKeywords && { keywords: article.metaKeywords }),
  };
}

export default function ArticlePage({ loaderData: { article, related } }: Route.ComponentProps) {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteLayoutData | undefined;
  const path = `/blog/${article.slug}`;
  return (
    <>
      <ArticleView article={article} related={related} />
      {layout?.seo ? <JsonLd data={blogPostingJsonLd(article, layout.seo, path)} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The blog switched off: the site's plain 404. A missing or failing article: its own page (§2).
  if (isRouteErrorResponse(error) && error.status === 404 && !error.data) return <NotFound />;
  return (
    <ContentNotFound
      title="Article non trouvé"
      message="L'article que vous recherchez n'existe pas ou n'est plus disponible."
      guesses={errorGuesses(error)}
      actions={[
        { to: "/blog", label: "Voir tous les articles", icon: "newspaper", primary: true },
        { to: "/", label: "Retour à l'accueil", icon: "house" },
      ]}
    />
  );
}
