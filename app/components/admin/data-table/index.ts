// A list screen's pieces: the table (each row a card below 768 px, sorting, reordering, a
// selection column), its empty and no-match states, its pages, each row's actions and the bar of
// bulk actions.
export { EmptyState } from "./empty-state";
export { KeysetPagination, Pagination, PagerLinks } from "./pagination";
export { DeleteRowButton, RowActions, rowAction } from "./row-actions";
export { ClearFilters, DataTable, useListPending, type Column, type Reorder, type Selection } from "./table";
export { SelectionBar, useRowSelection, type RowSelection } from "./selection";
