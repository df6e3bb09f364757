import { Fragment } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import {
  Table,
  TableBody,
  TableHead,
  TableHeader,
  TableRow,
  tableCellClass,
  tableRowClass,
} from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { Icon } from "../icon";
import { DragHandle, SortableArea, useSortableItem } from "../sortable";
import { sortSearch, type SortDirection } from "~/lib/list-query";

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
 * Rows the person puts in order (SortableArea: mouse, finger or keyboard): each row and card gets
 * a drag handle named `Déplacer {label(row)}`; `onReorder` receives the keys in their new order.
 * `disabled` hides the handles (a filtered list is not the whole order).
 */
export type Reorder<Row> = {
  label: (row: Row) => string;
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
};

/**
 * A server-driven list: a table from 768px, cards below, from the same columns. Sortable headers
 * are links that toggle `dir` (no JavaScript needed); `empty` shows when there are no rows.
 * With `reorder`, the rows can be dragged into a new order (expertise blocks).
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
  reorder?: Reorder<Row>;
}) {
  const pending = useListPending();
  const location = useLocation();
  if (rows.length === 0) return <div aria-busy={pending}>{empty}</div>;

  const titleColumn = columns.find((column) => column.card === "title");
  const actionColumn = columns.find((column) => column.card === "actions");
  const fieldColumns = columns.filter((column) => !column.card || column.card === "field");
  const sortable = columns.filter((column) => column.sortable);
  const dragging = reorder && !reorder.disabled ? reorder : undefined;
  const ids = rows.map(rowKey);
  // Rows are written as plain elements, their classes joined once a column: a list renders every
  // cell twice (row and card), and a component and a class merge a cell showed in its cost.
  const cellClasses = columns.map((column) => cn(tableCellClass, column.className));
  const label = (id: string) => {
    const row = rows[ids.indexOf(id)];
    return row === undefined || !reorder ? id : reorder.label(row);
  };
  // Around the table or the cards (its announcements are outside any table markup).
  const area = (list: React.ReactNode) =>
    reorder ? (
      <SortableArea ids={ids} label={label} onReorder={reorder.onReorder} disabled={!dragging}>
        {list}
      </SortableArea>
    ) : (
      list
    );

  return (
    <div aria-busy={pending} className={cn("transition-opacity", pending && "opacity-60")}>
      <div className="hidden rounded-lg border bg-card md:block">
        {area(
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
                <ItemFrame key={rowKey(row)} id={rowKey(row)} label={dragging?.label(row)}>
                  {(handle, frame) => (
                    <tr
                      {...frame}
                      className={frame.className ? cn(tableRowClass, frame.className) : tableRowClass}
                    >
                      {columns.map((column, index) => (
                        <td key={column.id} className={cellClasses[index]}>
                          {/* The handle leads the row, in its first cell (no column of its own). */}
                          {handle && index === 0 ? (
                            <div className="flex items-center gap-1">
                              {handle}
                              {column.cell(row)}
                            </div>
                          ) : (
                            column.cell(row)
                          )}
                        </td>
                      ))}
                    </tr>
                  )}
                </ItemFrame>
              ))}
            </TableBody>
          </Table>,
        )}
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
        {area(
          <ul className="flex flex-col gap-3" aria-label={caption}>
            {rows.map((row) => (
              <ItemFrame key={rowKey(row)} id={rowKey(row)} label={dragging?.label(row)}>
                {(handle, frame) => (
                  <li
                    {...frame}
                    className={cn("flex flex-col gap-3 rounded-lg border bg-card p-4", frame.className)}
                  >
                    {handle ? (
                      <div className="flex items-start gap-3">
                        <div className="min-w-0 flex-1 font-medium">{titleColumn?.cell(row)}</div>
                        {handle}
                      </div>
                    ) : titleColumn ? (
                      <div className="min-w-0 font-medium">{titleColumn.cell(row)}</div>
                    ) : null}
                    {fieldColumns.length > 0 ? (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm [&>dd]:min-w-0 [&>dd]:break-words [&>dt]:text-muted-foreground">
                        {fieldColumns.map((column) => (
                          <Fragment key={column.id}>
                            <dt>{column.header}</dt>
                            <dd>{column.cell(row)}</dd>
                          </Fragment>
                        ))}
                      </dl>
                    ) : null}
                    {actionColumn ? (
                      <div className="flex flex-wrap gap-2 border-t pt-3">{actionColumn.cell(row)}</div>
                    ) : null}
                  </li>
                )}
              </ItemFrame>
            ))}
          </ul>,
        )}
      </div>
    </div>
  );
}

type Frame = { ref?: (node: HTMLElement | null) => void; style?: React.CSSProperties; className?: string };

/**
 * One row or card: when it can be dragged (`label` given), the node dnd-kit moves and its handle;
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
