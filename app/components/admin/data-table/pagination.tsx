import { Link, useLocation } from "react-router";
import { listSearch, type ListPage } from "~/lib/list-query";
import { Icon } from "../icon";

/**
 * 'Précédent' / 'Suivant' links and the total, 25 a page. Links, so they work without JavaScript
 * and the page is in the URL.
 *
 *   <Pagination page={list} totalLabel={(n) => `${n} page${n > 1 ? "s" : ""}`} />
 */
export function Pagination({
  page,
  totalLabel = (total) => `${total} résultat${total > 1 ? "s" : ""}`,
}: {
  page: Pick<ListPage<unknown>, "page" | "pageCount" | "total">;
  totalLabel?: (total: number) => string;
}) {
  const location = useLocation();
  const previous = page.page > 1 ? listSearch(location.search, { page: page.page - 1 }) : null;
  const next = page.page < page.pageCount ? listSearch(location.search, { page: page.page + 1 }) : null;
  const linkClass =
    "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium transition-colors hover:bg-accent";
  const disabledClass = "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm opacity-50";
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {totalLabel(page.total)}
        {page.pageCount > 1 ? ` · page ${page.page} sur ${page.pageCount}` : ""}
      </p>
      {page.pageCount > 1 ? (
        <div className="flex gap-2">
          {previous !== null ? (
            <Link to={{ search: previous }} className={linkClass} rel="prev">
              <Icon name="chevron-left" className="size-4" />
              Précédent
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              <Icon name="chevron-left" className="size-4" />
              Précédent
            </span>
          )}
          {next !== null ? (
            <Link to={{ search: next }} className={linkClass} rel="next">
              Suivant
              <Icon name="chevron-right" className="size-4" />
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Suivant
              <Icon name="chevron-right" className="size-4" />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
