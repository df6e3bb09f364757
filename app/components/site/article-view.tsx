import { Link } from "react-router";
import { Icon } from "~/components/site/icon";
import { ArticleByline, ArticleCard } from "~/components/site/article-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { RichContent } from "~/components/site/rich-content";
import { formatLongDate } from "~/lib/format-date";
import type { ArticleSummary, CategoryRef } from "~/server/articles/published.server";

/** What the article page shows: a stored article, or the back office's form values (preview). */
export type ArticleViewData = Pick<
  ArticleSummary,
  "title" | "excerpt" | "mainImage" | "authorName" | "date" | "readTime"
> & {
  category: CategoryRef | null;
  /** The body, sanitized with the public allowlist. */
  html: string;
};

export type RelatedArticles = { sameCategory: ArticleSummary[]; similar: ArticleSummary[] };

/**
 * The article page of the public site (public-site.md §2), from its data alone: the public route
 * renders it from the database, the back office's preview from the form's unsaved values.
 */
export function ArticleView({ article, related }: { article: ArticleViewData; related: RelatedArticles }) {
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
                    <li key={other.slug}>
                      <Link
                        to={`/blog/${other.slug}`}
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
                <li key={other.slug}>
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
          <Icon name="arrow-right" className="size-5" />
        </Link>
      </div>
    </>
  );
}

function QuoteCard() {
  return (
    <section
      aria-labelledby="need-electrician"
      className="rounded-2xl border border-betic-red/40 bg-gradient-to-br from-betic-red/20 via-card to-card p-6"
    >
      <Icon name="phone" className="size-8 text-red-400" />
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
