import { ArrowRight, Home, Newspaper, Phone } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/article";
import type { SiteLayoutData } from "./layout";
import { ArticleByline, ArticleCard } from "~/components/site/article-card";
import { ContentNotFound } from "~/components/site/content-not-found";
import { JsonLd } from "~/components/site/json-ld";
import { NotFound } from "~/components/site/not-found";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { RichContent } from "~/components/site/rich-content";
import { formatLongDate } from "~/lib/format-date";
import {
  absoluteUrl,
  contentMeta,
  notFoundMeta,
  shareImage,
  siteSeo,
  SITE_LAYOUT_ROUTE_ID,
  type SiteSeo,
} from "~/lib/seo";
import { getPublishedArticle, getRelatedArticles } from "~/server/content/blog.server";
import { sanitizeContentHtml } from "~/server/content/sanitize.server";
import { redirectFromOldSlug } from "~/server/content/slug-redirects.server";
import { getPublicSettings } from "~/server/settings.server";

/** Thrown with status 404 when the article is missing, to tell it from "the blog is off". */
const ARTICLE_MISSING = { missing: "article" } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const settings = await getPublicSettings();
  if (!settings.enableBlog) throw data(null, { status: 404 });
  const article = await getPublishedArticle(params.slug);
  if (!article) {
    await redirectFromOldSlug("blog_articles", params.slug);
    throw data(ARTICLE_MISSING, { status: 404 });
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
      <article className="mx-auto max-w-6xl px-4 pb-16 pt-10 sm:px-6 lg:px-8 lg:pt-14">
        <header className="mx-auto max-w-4xl text-center">
          {article.category ? (
            <Link
              to={`/blog?category=${encodeURIComponent(article.category.slug)}`}
              className="inline-flex rounded-full bg-betic-red/15 px-3 py-1 text-sm font-medium text-red-300 transition-colors hover:bg-betic-red/25"
            >
              {article.category.name}
            </Link>
          ) : null}
          <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight text-white sm:text-4xl lg:text-5xl">
            {article.title}
          </h1>
          <ArticleByline
            article={article}
            className="mt-5 justify-center gap-x-5 gap-y-2 text-sm text-slate-300"
            iconClassName="size-4 text-red-400"
            readTimeSuffix=" de lecture"
          />
        </header>

        {article.mainImage ? (
          <div className="mt-10 aspect-video overflow-hidden rounded-2xl border bg-muted shadow-2xl shadow-black/40">
            <ResponsiveImage
              src={article.mainImage}
              alt={article.title}
              sizes="(min-width: 1152px) 1104px, 100vw"
              width={1280}
              height={720}
              priority
              className="h-full w-full object-cover"
            />
          </div>
        ) : null}

        <div className="mt-12 grid gap-12 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            {article.excerpt ? (
              <p className="mb-8 text-xl leading-relaxed text-slate-200">{article.excerpt}</p>
            ) : null}
            <RichContent body={{ html: article.html }} />
          </div>

          <aside className="space-y-8 lg:sticky lg:top-24 lg:self-start">
            <QuoteCard />
            <section aria-labelledby="same-category" className="rounded-2xl border bg-card p-6">
              <h2 id="same-category" className="text-lg font-semibold text-white">
                Articles de la même catégorie
              </h2>
              {related.sameCategory.length > 0 ? (
                <ul className="mt-4 divide-y divide-white/10">
                  {related.sameCategory.map((other) => (
                    <li key={other.id}>
                      <Link
                        to={`/blog/${other.slug || other.id}`}
                        className="group block py-3 focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <span className="font-medium text-slate-100 group-hover:text-red-300">
                          {other.title}
                        </span>
                        <span className="mt-1 block text-xs text-slate-400">
                          {formatLongDate(other.date)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-400">Aucun autre article dans cette catégorie.</p>
              )}
            </section>
          </aside>
        </div>
      </article>

      {related.similar.length > 0 ? (
        <section aria-labelledby="similar" className="border-t border-white/5 bg-card/40">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
            <h2 id="similar" className="text-2xl font-bold text-white sm:text-3xl">
              Articles similaires
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.similar.map((other) => (
                <li key={other.id}>
                  <ArticleCard article={other} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <div className="flex justify-center px-4 py-12">
        <Link
          to="/blog"
          className="inline-flex h-12 items-center gap-2 rounded-lg border border-white/15 px-6 font-semibold text-slate-100 transition-colors hover:border-betic-red/60 hover:bg-white/5"
        >
          Voir tous les articles
          <ArrowRight aria-hidden className="size-5" />
        </Link>
      </div>
      {layout?.seo ? <JsonLd data={blogPostingJsonLd(article, layout.seo, path)} /> : null}
    </>
  );
}

function QuoteCard() {
  return (
    <section
      aria-labelledby="need-electrician"
      className="rounded-2xl border border-betic-red/40 bg-gradient-to-br from-betic-red/20 via-card to-card p-6"
    >
      <Phone aria-hidden className="size-8 text-red-400" />
      <h2 id="need-electrician" className="mt-3 text-lg font-semibold text-white">
        Besoin d'un électricien ?
      </h2>
      <p className="mt-2 text-sm text-slate-300">
        Installation, rénovation ou dépannage à Limoges et alentours : décrivez-nous votre projet, le devis
        est gratuit.
      </p>
      <Link
        to="/contact"
        className="mt-5 inline-flex h-11 w-full items-center justify-center rounded-lg bg-betic-red px-5 font-semibold text-white shadow-lg shadow-betic-red/25 transition-colors hover:bg-red-700"
      >
        Demander un devis
      </Link>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The blog switched off: the site's plain 404. A missing or failing article: its own page (§2).
  if (isRouteErrorResponse(error) && error.status === 404 && !error.data) return <NotFound />;
  return (
    <ContentNotFound
      title="Article non trouvé"
      message="L'article que vous recherchez n'existe pas ou n'est plus disponible."
      actions={[
        { to: "/blog", label: "Voir tous les articles", Icon: Newspaper, primary: true },
        { to: "/", label: "Retour à l'accueil", Icon: Home },
      ]}
    />
  );
}
