// A list screen's pieces: the table (cards below 768 px, sorting, reordering), its empty state,
// its pages and each row's actions.
export { EmptyState } from "./empty-state";
export { Pagination } from "./pagination";
export { ActionLabel, DeleteRowButton, RowActions, rowActionButtonProps } from "./row-actions";
export { DataTable, useListPending, type Column, type Reorder } from "./table";
