import { Link, useLocation } from "react-router";
import { countLabel, listSearch, type KeysetPage, type ListPage } from "~/lib/list-query";
import { Icon } from "../icon";

const linkClass =
  "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium transition-colors hover:bg-accent";
const disabledClass = "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm opacity-50";

/** The two links of a pager, each a greyed label when there is nothing that way (`search` null). */
export function PagerLinks({
  previous,
  next,
  previousLabel = "Précédent",
  nextLabel = "Suivant",
  className = "flex gap-2",
}: {
  previous: string | null;
  next: string | null;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}) {
  const side = (search: string | null, rel: "prev" | "next", label: string) => {
    const content =
      rel === "prev" ? (
        <>
          <Icon name="chevron-left" className="size-4" />
          {label}
        </>
      ) : (
        <>
          {label}
          <Icon name="chevron-right" className="size-4" />
        </>
      );
    return search !== null ? (
      <Link to={{ search }} className={linkClass} rel={rel}>
        {content}
      </Link>
    ) : (
      <span className={disabledClass} aria-disabled="true">
        {content}
      </span>
    );
  };
  return (
    <div className={className}>
      {side(previous, "prev", previousLabel)}
      {side(next, "next", nextLabel)}
    </div>
  );
}

/**
 * 'Précédent' / 'Suivant' links and the total, 25 a page. Links, so they work without JavaScript
 * and the page is in the URL. A capped total (listPage's `capped`) reads 'plus de 1 000 …' and
 * its pages have no last one.
 *
 *   <Pagination page={list} counted="page" />   → '12 pages · page 1 sur 2'
 */
export function Pagination({
  page,
  counted = "résultat",
}: {
  page: Pick<ListPage<unknown>, "page" | "pageCount" | "total" | "totalCapped">;
  /** What the list counts, in the singular (`plural` agrees it). */
  counted?: string;
}) {
  const location = useLocation();
  const previous = page.page > 1 ? listSearch(location.search, { page: page.page - 1 }) : null;
  const next = page.page < page.pageCount ? listSearch(location.search, { page: page.page + 1 }) : null;
  const place = page.totalCapped ? ` · page ${page.page}` : ` · page ${page.page} sur ${page.pageCount}`;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {countLabel(page, counted)}
        {page.pageCount > 1 ? place : ""}
      </p>
      {page.pageCount > 1 ? <PagerLinks previous={previous} next={next} /> : null}
    </nav>
  );
}

/**
 * The pager of a list read from a cursor (keysetPage): 'Précédent' / 'Suivant' carry the cursor
 * in `before` / `after`, the search, filters and sort kept; the total is capped at 1 000.
 *
 *   <KeysetPagination page={list} counted="adresse" />
 */
export function KeysetPagination({
  page,
  counted,
}: {
  page: Pick<KeysetPage<unknown>, "previous" | "next" | "total" | "totalCapped">;
  counted: string;
}) {
  const location = useLocation();
  const at = (changes: Record<string, string | null>) => listSearch(location.search, changes) || "?";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {countLabel(page, counted)}
      </p>
      {page.previous || page.next ? (
        <PagerLinks
          previous={page.previous ? at({ before: page.previous, after: null }) : null}
          next={page.next ? at({ after: page.next, before: null }) : null}
        />
      ) : null}
    </nav>
  );
}
