/**
 * The state of a back-office list (search, filters, sort, page) lives in the URL's query string:
 * `?q=&status=&category=&sort=&dir=&page=`. Shared by the loaders (which parse it) and the list
 * components (which build links from it). Anything invalid falls back to its default: a hand-edited
 * or stale URL shows a list, never an error.
 */

import { isUuid } from "./uuid";
import { plural } from "./plural";

export const PAGE_SIZE = 25;

export type SortDirection = "asc" | "desc";

/** What one list screen accepts. */
export type ListSpec<Sort extends string = string, Filter extends string = string> = {
  sorts: readonly Sort[];
  defaultSort: Sort;
  /** Direction of the default sort, and of any sort chosen for the first time (asc if omitted). */
  defaultDir?: SortDirection;
  /**
   * Each filter's query-string name and its accepted values: a list, or a test for values known
   * only at run time (category slugs, ids). A missing or refused value means "no filter".
   */
  filters?: Record<Filter, readonly string[] | ((value: string) => boolean)>;
};

export type ListQuery<Sort extends string = string, Filter extends string = string> = {
  /** The trimmed search text ("" when none). */
  q: string;
  sort: Sort;
  dir: SortDirection;
  /** 1-based. The list helper clamps it to the last page. */
  page: number;
  filters: Partial<Record<Filter, string>>;
};

/** Defines a screen's list spec with its sort and filter names inferred. */
export function defineListSpec<Sort extends string, Filter extends string = never>(
  spec: ListSpec<Sort, Filter>,
): ListSpec<Sort, Filter> {
  return spec;
}

function searchParamsOf(source: Request | URL | URLSearchParams | string): URLSearchParams {
  if (source instanceof URLSearchParams) return source;
  if (typeof source === "string") return new URLSearchParams(source);
  return source instanceof URL ? source.searchParams : new URL(source.url).searchParams;
}

/** Reads a list's state from a request, URL or query string, against the screen's spec. */
export function parseListQuery<Sort extends string, Filter extends string>(
  source: Request | URL | URLSearchParams | string,
  spec: ListSpec<Sort, Filter>,
): ListQuery<Sort, Filter> {
  const params = searchParamsOf(source);
  const requestedSort = params.get("sort");
  const sort = spec.sorts.find((name) => name === requestedSort) ?? spec.defaultSort;
  const requestedDir = params.get("dir");
  const dir: SortDirection =
    requestedDir === "asc" || requestedDir === "desc" ? requestedDir : (spec.defaultDir ?? "asc");
  const pageNumber = Number(params.get("page"));
  const page = Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;

  const filters: Partial<Record<Filter, string>> = {};
  for (const [name, accepts] of Object.entries(spec.filters ?? {}) as [
    Filter,
    readonly string[] | ((value: string) => boolean),
  ][]) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (typeof accepts === "function" ? accepts(value) : accepts.includes(value)) filters[name] = value;
  }
  return { q: params.get("q")?.trim() ?? "", sort, dir, page, filters };
}

/**
 * The current query string with some parameters changed (`null` or "" removes one). Any change
 * other than the page itself sends the list back to page 1, so a narrower search never lands on
 * an empty page.
 */
export function listSearch(
  current: URLSearchParams | string,
  changes: Record<string, string | number | null | undefined>,
): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(name);
    else params.set(name, String(value));
  }
  // A keyset list's place (`after` / `before`) goes back to the start the same way.
  if (!POSITION_PARAMS.some((name) => name in changes))
    for (const name of POSITION_PARAMS) params.delete(name);
  if (params.get("page") === "1") params.delete("page");
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The query string that sorts by `column`: the other direction if it is the current sort. */
export function sortSearch(
  current: URLSearchParams | string,
  column: string,
  active: { sort: string; dir: SortDirection },
  firstDir: SortDirection = "asc",
): string {
  const dir = active.sort === column ? (active.dir === "asc" ? "desc" : "asc") : firstDir;
  return listSearch(current, { sort: column, dir });
}

/** A page of a list and where it sits in the whole. */
export type ListPage<Item> = {
  items: Item[];
  /** The rows that match, or only COUNT_CAP of them when `totalCapped` (more match). */
  total: number;
  /** Set by a capped list (listPage's `capped`) only. */
  totalCapped?: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * A count stops here on the lists whose tables can hold a hundred thousand rows: counting them
 * all costs as much as reading them (35–90 ms at 100,000 rows), and 'plus de 1 000' tells as much.
 */
export const COUNT_CAP = 1000;

/** The parameters that say where a list is (a page, a cursor): any other change sends it back to its start. */
const POSITION_PARAMS = ["page", "after", "before", "older", "newer"];

/** "12 adresses", "1 000 adresses", or "plus de 1 000 adresses" for a capped count (`plural`'s words). */
export function countLabel(page: Pick<ListPage<unknown>, "total" | "totalCapped">, words: string) {
  const count = plural(page.total, words);
  return page.totalCapped ? `plus de ${count}` : count;
}

/**
 * A keyset list's place, read after or before one row (no OFFSET: the thousandth page costs what
 * the first does). The cursor is the row's sort value as PostgreSQL prints it, then its id.
 */
export type KeysetPosition =
  { direction: "first" } | { direction: "after" | "before"; value: string; id: string };

export type KeysetPage<Item> = {
  items: Item[];
  /** The cursors of 'Précédent' and 'Suivant', null when there is nothing that way. */
  previous: string | null;
  next: string | null;
  total: number;
  totalCapped: boolean;
};

export function formatKeysetCursor(value: string, id: string): string {
  return `${value}_${id}`;
}

/** `?after=` or `?before=` from the URL; the first page when absent or malformed. */
export function parseKeysetPosition(params: URLSearchParams): KeysetPosition {
  for (const direction of ["after", "before"] as const) {
    const cursor = params.get(direction);
    const split = cursor?.lastIndexOf("_") ?? -1;
    if (!cursor || split < 0 || !isUuid(cursor.slice(split + 1))) continue;
    return { direction, value: cursor.slice(0, split), id: cursor.slice(split + 1) };
  }
  return { direction: "first" };
}
