import { Icon } from "~/components/site/icon";
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
        <ArticleByline
          article={article}
          className="mt-auto gap-x-4 gap-y-1 pt-2 text-xs text-muted-foreground"
          iconClassName="size-3.5"
        />
      </div>
    </article>
  );
}

/** Author, date and read time of an article: on its card, and (larger) in its page's header. */
export function ArticleByline({
  article,
  className,
  iconClassName,
  readTimeSuffix = "",
}: {
  article: Pick<ArticleSummary, "authorName" | "date" | "readTime">;
  className: string;
  iconClassName: string;
  readTimeSuffix?: string;
}) {
  const item = "inline-flex items-center gap-1.5";
  return (
    <p className={`flex flex-wrap items-center ${className}`}>
      <span className={item}>
        <Icon name="user" className={iconClassName} />
        {article.authorName}
      </span>
      <span className={item}>
        <Icon name="calendar" className={iconClassName} />
        <time dateTime={new Date(article.date).toISOString()}>{formatLongDate(article.date)}</time>
      </span>
      <span className={item}>
        <Icon name="clock" className={iconClassName} />
        {article.readTime}
        {readTimeSuffix}
      </span>
    </p>
  );
}
