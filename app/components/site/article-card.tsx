import { Icon } from "~/components/site/icon";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatLongDate } from "~/lib/format-date";
import type { ArticleSummary } from "~/server/articles/published.server";

/** Card images (articles and projects) sit in a 1/2/3-column grid. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw";

/** An article in a list: links to /blog/{slug} (public-site.md §2; the id also resolves there). */
export function ArticleCard({
  article,
  priority = false,
}: {
  article: ArticleSummary;
  /** The first card of a list page is its largest image: load it first. */
  priority?: boolean;
}) {
  const href = `/blog/${article.slug}`;
  return (
    <article className="card group">
      <div className="card-media aspect-[16/9]">
        {article.mainImage ? (
          <ResponsiveImage
            src={article.mainImage}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            width={640}
            height={360}
            className="card-image"
          />
        ) : null}
      </div>
      <div className="card-body">
        {article.category ? <span className="card-tag">{article.category.name}</span> : null}
        <h3 className="card-title">
          <Link to={href} className="card-link">
            {article.title}
          </Link>
        </h3>
        {article.excerpt ? <p className="card-text">{article.excerpt}</p> : null}
        <ArticleByline article={article} className="card-byline" />
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
  iconClassName?: string;
  readTimeSuffix?: string;
}) {
  return (
    <p className={`byline ${className}`}>
      <span>
        <Icon name="user" className={iconClassName} />
        {article.authorName}
      </span>
      <span>
        <Icon name="calendar" className={iconClassName} />
        <time dateTime={new Date(article.date).toISOString()}>{formatLongDate(article.date)}</time>
      </span>
      <span>
        <Icon name="clock" className={iconClassName} />
        {article.readTime}
        {readTimeSuffix}
      </span>
    </p>
  );
}
