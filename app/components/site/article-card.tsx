import { Calendar, Clock, User } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatLongDate } from "~/lib/format-date";
import type { ArticleSummary } from "~/server/content/blog.server";

/** Card images (articles and projects) sit in a 1/2/3-column grid. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw";

/** An article in a list: links to /blog/{slug or id} (public-site.md §2). */
export function ArticleCard({
  article,
  priority = false,
}: {
  article: ArticleSummary;
  /** The first card of a list page is its largest image: load it first. */
  priority?: boolean;
}) {
  const href = `/blog/${article.slug || article.id}`;
  return (
    <article className="group relative flex h-full has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:-translate-y-0.5 hover:border-betic-red/60 hover:shadow-lg hover:shadow-black/30">
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        {article.mainImage ? (
          <ResponsiveImage
            src={article.mainImage}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            width={640}
            height={360}
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {article.category ? (
          <span className="w-fit rounded-full bg-betic-red/15 px-3 py-1 text-xs font-medium text-red-300">
            {article.category.name}
          </span>
        ) : null}
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {article.title}
          </Link>
        </h3>
        {article.excerpt ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{article.excerpt}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <User aria-hidden className="size-3.5" />
            {article.authorName}
          </span>
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden className="size-3.5" />
            <time dateTime={new Date(article.date).toISOString()}>{formatLongDate(article.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            {article.readTime}
          </span>
        </div>
      </div>
    </article>
  );
}
