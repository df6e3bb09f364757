import { DataTable, type Column } from "~/components/admin/data-table";
import { formatDateTime } from "~/lib/format-date";
import type { ListQuery } from "~/lib/list-query";

/**
 * The lists of site addresses, 'Redirections' and 'Pages introuvables': their shared columns and
 * their table with its empty state, above the screen's own pager.
 */

/**
 * The columns 'Redirections' and 'Pages introuvables' share, for a list of site addresses: the
 * address (the card's title), its visits and its last visit, the busiest and the latest first.
 */
export const addressColumns = {
  address: <Row,>(id: string, header: string, address: (row: Row) => string): Column<Row> => ({
    id,
    header,
    sortable: true,
    card: "title",
    className: "max-w-[320px] break-all",
    cell: (row) => <code className="text-sm">{address(row)}</code>,
  }),
  visits: <Row,>(id: string, header: string, visits: (row: Row) => number): Column<Row> => ({
    id,
    header,
    sortable: true,
    firstDir: "desc",
    cell: visits,
  }),
  /** `never`: what a row never visited reads. */
  lastVisit: <Row,>(id: string, at: (row: Row) => Date | null, never?: string): Column<Row> => ({
    id,
    header: "Dernière visite",
    sortable: true,
    firstDir: "desc",
    cell: (row) => {
      const date = at(row);
      return date ? formatDateTime(date) : never;
    },
  }),
};

/**
 * The table of addresses (cards under 768 px) and the screen's pager under it; `nothing` says the
 * list is empty, `noMatch` that the search or a filter found nothing.
 */
export function AddressTable<Row extends { id: string }>({
  caption,
  rows,
  columns,
  query,
  nothing,
  noMatch,
  pager,
}: {
  caption: string;
  rows: Row[];
  columns: Column<Row>[];
  query: ListQuery;
  nothing: string;
  noMatch: string;
  pager: React.ReactNode;
}) {
  const filtered = Boolean(query.q || Object.values(query.filters).some(Boolean));
  return (
    <>
      <DataTable
        caption={caption}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        sort={{ sort: query.sort, dir: query.dir }}
        empty={nothing}
        noMatch={noMatch}
        filtered={filtered}
      />
      {pager}
    </>
  );
}
