// A list screen's pieces: the table (cards below 768 px, sorting, reordering), its empty state,
// its pages, each row's actions and a selection for bulk actions.
export { EmptyState } from "./empty-state";
export { KeysetPagination, Pagination, PagerLinks } from "./pagination";
export { DeleteRowButton, RowActions, rowAction } from "./row-actions";
export { DataTable, useListPending, type Column, type Reorder } from "./table";
export { RowCheckbox, SelectionBar, useRowSelection, type RowSelection } from "./selection";
