import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation, useNavigation } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { listSearch, sortSearch, type ListPage, type SortDirection } from "~/lib/list-query";

/**
 * One column of a list, used both for the desktop table and the mobile cards (under 768px).
 * `id` is also the `sort` value in the URL when `sortable` (it must be one of the spec's sorts).
 */
export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  /** First direction when sorting by this column (asc by default; desc suits dates). */
  firstDir?: SortDirection;
  /** Classes for the column's cells in the table (width, truncation, alignment). */
  className?: string;
  /**
   * On a card: "title" (the card's heading, no label), "actions" (the card's footer), "hidden",
   * or "field" (label: value; the default).
   */
  card?: "title" | "actions" | "hidden" | "field";
};

/** Whether the current page's data is being replaced (a search, sort or page change in flight). */
export function useListPending() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}

/**
 * A server-driven list: a table from 768px, cards below, from the same columns. Sortable headers
 * are links that toggle `dir` (no JavaScript needed); `empty` shows when there are no rows.
 *
 *   <DataTable caption="Pages CMS" rows={page.items} rowKey={(p) => p.id} columns={columns}
 *     sort={{ sort: query.sort, dir: query.dir }} empty={<EmptyState title="Aucune page CMS trouvée" />} />
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  sort,
  empty,
}: {
  /** Names the table for assistive technology (not shown). */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  /** The current sort, for the headers' state and links. */
  sort?: { sort: string; dir: SortDirection };
  empty: React.ReactNode;
}) {
  const pending = useListPending();
  const location = useLocation();
  if (rows.length === 0) return <div aria-busy={pending}>{empty}</div>;

  const titleColumn = columns.find((column) => column.card === "title");
  const actionColumn = columns.find((column) => column.card === "actions");
  const fieldColumns = columns.filter((column) => !column.card || column.card === "field");
  const sortable = columns.filter((column) => column.sortable);

  return (
    <div aria-busy={pending} className={cn("transition-opacity", pending && "opacity-60")}>
      <div className="hidden rounded-lg border bg-card md:block">
        <Table>
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column) => (
                <TableHead
                  key={column.id}
                  className={column.className}
                  aria-sort={
                    sort && column.sortable && sort.sort === column.id
                      ? sort.dir === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  {column.sortable && sort ? (
                    <SortLink column={column} sort={sort} search={location.search} />
                  ) : (
                    column.header
                  )}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell key={column.id} className={column.className}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="flex flex-col gap-3 md:hidden">
        {sort && sortable.length > 0 ? (
          <nav aria-label="Trier la liste" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-muted-foreground">Trier par :</span>
            {sortable.map((column) => (
              <SortLink key={column.id} column={column} sort={sort} search={location.search} />
            ))}
          </nav>
        ) : null}
        <ul className="flex flex-col gap-3" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
              {titleColumn ? <div className="min-w-0 font-medium">{titleColumn.cell(row)}</div> : null}
              {fieldColumns.length > 0 ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                  {fieldColumns.map((column) => (
                    <div key={column.id} className="contents">
                      <dt className="text-muted-foreground">{column.header}</dt>
                      <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actionColumn ? (
                <div className="flex flex-wrap gap-2 border-t pt-3">{actionColumn.cell(row)}</div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function SortLink<Row>({
  column,
  sort,
  search,
}: {
  column: Column<Row>;
  sort: { sort: string; dir: SortDirection };
  search: string;
}) {
  const active = sort.sort === column.id;
  const Icon = !active ? ArrowUpDown : sort.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Link
      to={{ search: sortSearch(search, column.id, sort, column.firstDir) }}
      preventScrollReset
      className={cn(
        "-mx-1 inline-flex items-center gap-1.5 rounded px-1 py-0.5 hover:text-foreground",
        active && "text-foreground",
      )}
    >
      {column.header}
      <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
      <span className="sr-only">
        {active
          ? sort.dir === "asc"
            ? " (tri croissant, cliquer pour trier par ordre décroissant)"
            : " (tri décroissant, cliquer pour trier par ordre croissant)"
          : " (trier)"}
      </span>
    </Link>
  );
}

/** A list's empty state: the spec's text, and optionally what to do next. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card/40 px-6 py-12 text-center">
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-md text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}

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
              <ChevronLeft className="size-4" aria-hidden />
              Précédent
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              <ChevronLeft className="size-4" aria-hidden />
              Précédent
            </span>
          )}
          {next !== null ? (
            <Link to={{ search: next }} className={linkClass} rel="next">
              Suivant
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Suivant
              <ChevronRight className="size-4" aria-hidden />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
