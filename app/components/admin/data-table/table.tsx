import { Link, useLocation, useNavigation } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { Table, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { Icon } from "../icon";
import { DragHandle, SortableArea, useSortableItem } from "../sortable";
import { sortSearch, type SortDirection } from "~/lib/list-query";
import { EmptyState } from "./empty-state";
import { RowCheckbox, type RowSelection } from "./selection";

/**
 * One column of a list: a table's column from 768px, a line of each card below.
 * `id` is also the `sort` value in the URL when `sortable` (it must be one of the spec's sorts).
 */
export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  /** First direction when sorting by this column (asc by default; desc suits dates). */
  firstDir?: SortDirection;
  /** Classes for the column's cells in the table (width, truncation, alignment; undone on a card). */
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
 * Rows the person puts in order (SortableArea: mouse, finger or keyboard): each row gets a drag
 * handle named `Déplacer {label(row)}`; `onReorder` receives the keys in their new order.
 * `disabled` hides the handles (a filtered list is not the whole order).
 */
export type Reorder<Row> = {
  label: (row: Row) => string;
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
};

/**
 * A checkbox column for bulk actions (`useRowSelection`): a checkbox on each row that `can` allows
 * (every row by default), named `label(row)`, and in its header the page's "select all" (`allLabel`).
 */
export type Selection<Row> = {
  state: RowSelection;
  label: (row: Row) => string;
  can?: (row: Row) => boolean;
  allLabel?: string;
};

/**
 * A server-driven list, each row written once: a table row from 768px, a card below (admin.css,
 * `.data-table`), from the same columns. Sortable headers are links that toggle `dir` (no
 * JavaScript needed); on cards a "Trier par" row of the same links. With no rows, `noMatch` shows
 * when `filtered` (with a link that clears the search and filters), `empty` otherwise; a text is
 * shown as an EmptyState's title. With `selection`, a checkbox column; with `reorder`, the rows
 * can be dragged into a new order (expertise blocks).
 *
 *   <DataTable caption="Pages CMS" rows={page.items} rowKey={(p) => p.id} columns={columns}
 *     sort={{ sort: query.sort, dir: query.dir }} empty="Aucune page CMS." filtered={filtered}
 *     noMatch="Aucune page ne correspond à cette recherche." />
 */
export function DataTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  sort,
  empty,
  noMatch,
  filtered = false,
  selection,
  reorder,
}: {
  /** Names the table for assistive technology (not shown). */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  /** The current sort, for the headers' state and links. */
  sort?: { sort: string; dir: SortDirection };
  empty: React.ReactNode;
  noMatch?: React.ReactNode;
  /** A search or filter narrows the list (then `noMatch` shows instead of `empty`). */
  filtered?: boolean;
  selection?: Selection<Row>;
  reorder?: Reorder<Row>;
}) {
  const pending = useListPending();
  const location = useLocation();
  if (rows.length === 0) {
    const shown = filtered && noMatch !== undefined ? noMatch : empty;
    return (
      <div aria-busy={pending}>
        {typeof shown === "string" ? (
          <EmptyState title={shown} action={shown === noMatch ? <ClearFilters /> : undefined} />
        ) : (
          shown
        )}
      </div>
    );
  }

  const sortable = columns.filter((column) => column.sortable);
  const dragging = reorder && !reorder.disabled ? reorder : undefined;
  const ids = rows.map(rowKey);
  const label = (id: string) => {
    const row = rows[ids.indexOf(id)];
    return row === undefined || !reorder ? id : reorder.label(row);
  };
  // Rows are plain elements whose look is admin.css's (.data-table): a component, a class merge or
  // a class list in a cell shows in the list's time and weight (npm run bench:admin).
  const table = (
    <Table className="data-table">
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead className="w-px">
              <Checkbox
                checked={selection.state.allState}
                onCheckedChange={(on) => selection.state.chooseAll(on === true)}
                aria-label={selection.allLabel ?? selectAllLabel}
              />
            </TableHead>
          ) : null}
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
      <tbody>
        {rows.map((row) => (
          <ItemFrame key={rowKey(row)} id={rowKey(row)} label={dragging?.label(row)}>
            {(handle, frame) => (
              <tr {...frame}>
                {selection ? (
                  <td data-card="select">
                    {(selection.can?.(row) ?? true) ? (
                      <RowCheckbox
                        selection={selection.state}
                        id={rowKey(row)}
                        label={selection.label(row)}
                      />
                    ) : null}
                  </td>
                ) : null}
                {columns.map((column, index) => {
                  const card = column.card ?? "field";
                  // The handle leads the row, in its first cell (no column of its own).
                  const content =
                    handle && index === 0 ? (
                      <div className="flex items-center gap-1">
                        {handle}
                        {column.cell(row)}
                      </div>
                    ) : (
                      column.cell(row)
                    );
                  return (
                    <td
                      key={column.id}
                      className={column.className}
                      data-card={card}
                      // On a card, the column's name shows before its value (admin.css), where
                      // the table's header is hidden; the value is one box beside it.
                      data-label={card === "field" ? column.header : undefined}
                    >
                      {card === "field" ? <span>{content}</span> : content}
                    </td>
                  );
                })}
              </tr>
            )}
          </ItemFrame>
        ))}
      </tbody>
    </Table>
  );

  return (
    <div
      aria-busy={pending}
      className={cn("flex flex-col gap-3 transition-opacity", pending && "opacity-60")}
    >
      {sort && sortable.length > 0 ? (
        <nav
          aria-label="Trier la liste"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm md:hidden"
        >
          <span className="text-muted-foreground">Trier par :</span>
          {sortable.map((column) => (
            <SortLink key={column.id} column={column} sort={sort} search={location.search} />
          ))}
        </nav>
      ) : null}
      <div className="md:rounded-lg md:border md:bg-card">
        {/* Its announcements are outside any table markup. */}
        {reorder ? (
          <SortableArea ids={ids} label={label} onReorder={reorder.onReorder} disabled={!dragging}>
            {table}
          </SortableArea>
        ) : (
          table
        )}
      </div>
    </div>
  );
}

const selectAllLabel = "Tout sélectionner sur cette page";

/**
 * Back to the whole list: the search and filters dropped, the sort kept. DataTable adds it to a
 * `noMatch` text; a list whose no-match state says more puts it in its EmptyState's `action`.
 */
export function ClearFilters() {
  const location = useLocation();
  const kept = new URLSearchParams(location.search);
  const search = new URLSearchParams();
  for (const name of ["sort", "dir"]) for (const value of kept.getAll(name)) search.append(name, value);
  return (
    <Link to={{ search: search.toString() }} className="text-sm underline underline-offset-4">
      Effacer les filtres
    </Link>
  );
}

type Frame = { ref?: (node: HTMLElement | null) => void; style?: React.CSSProperties; className?: string };

/**
 * One row: when it can be dragged (`label` given), the node dnd-kit moves and its handle;
 * otherwise a plain frame (no dnd-kit state per row).
 */
function ItemFrame({
  id,
  label,
  children,
}: {
  id: string;
  label: string | undefined;
  children: (handle: React.ReactNode, frame: Frame) => React.ReactNode;
}) {
  if (label === undefined) return children(null, {});
  return <SortableFrame id={id} label={label} render={children} />;
}

function SortableFrame({
  id,
  label,
  render,
}: {
  id: string;
  label: string;
  render: (handle: React.ReactNode, frame: Frame) => React.ReactNode;
}) {
  const { setNodeRef, style, isDragging, handle } = useSortableItem(id);
  return render(<DragHandle {...handle} label={`Déplacer ${label}`} />, {
    ref: setNodeRef,
    style,
    className: cn(isDragging && "bg-accent shadow-lg"),
  });
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
      <Icon
        name={!active ? "arrow-up-down" : sort.dir === "asc" ? "arrow-up" : "arrow-down"}
        className={active ? "size-3.5" : "size-3.5 opacity-50"}
      />
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
