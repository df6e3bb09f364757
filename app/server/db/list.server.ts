import { asc, desc, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  COUNT_CAP,
  formatKeysetCursor,
  PAGE_SIZE,
  type KeysetPage,
  type KeysetPosition,
  type ListPage,
  type SortDirection,
} from "~/lib/list-query";
import { db, type DatabaseTransaction, type Executor } from "./client.server";

/** Makes `%`, `_` and `\` match themselves in a LIKE pattern (escape character `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Case-insensitive "contains" over one or more columns (any may match), or undefined for an empty
 * search, ready for `and(...)`. The text is a bound parameter with its wildcards escaped: quotes,
 * `%`, `_` or a 10,000-character search find what contains them, or nothing.
 */
export function containsText(columns: SQLWrapper[], search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((column) => sql`${column} ilike ${pattern} escape '\\'`));
}

/** The shortest search a trigram index can serve: shorter ones read the table whatever we do. */
export const TRIGRAM_SEARCH_MIN_LENGTH = 3;

/**
 * Runs `query` in a transaction where the planner avoids reading whole tables, for a search that the
 * trigram indexes can serve. The planner prices `ilike` like any comparison, so on long texts it
 * prefers a table scan: counting « dupont » among 100,000 requests took 281 ms that way and 23 ms
 * through the indexes.
 */
export function throughIndexes<Result>(query: (tx: DatabaseTransaction) => Promise<Result>): Promise<Result> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return query(tx);
  });
}

/** Counts a search's matches through the trigram indexes when its text is long enough for them. */
export function countSearched(
  search: string,
  count: (executor: Executor) => Promise<number>,
): Promise<number> {
  return search.length < TRIGRAM_SEARCH_MIN_LENGTH ? count(db()) : throughIndexes(count);
}

/** Text compared as a French reader expects (accents beside their letter, case ignored first). */
export function frenchText(column: SQLWrapper): SQL {
  return sql`${column} collate "fr-x-icu"`;
}

/**
 * ORDER BY for a list: the chosen column in the chosen direction, then `tiebreaker` (the id), so
 * rows with equal values keep one order from page to page. Nulls come last either way.
 */
export function listOrder(column: SQLWrapper, dir: SortDirection, tiebreaker: SQLWrapper): SQL[] {
  const sorted = dir === "asc" ? sql`${asc(column)} nulls last` : sql`${desc(column)} nulls last`;
  return [sorted, asc(tiebreaker)];
}

/**
 * One page of a list, counted and cut in SQL: `count` gives the number of matching rows, `rows`
 * reads one page of them (pass `limit` and `offset` to the query). A page past the end shows the
 * last page.
 *
 *   const where = and(containsText([blogAuthors.name, blogAuthors.bio], query.q));
 *   return listPage(query.page, {
 *     count: () => db().$count(blogAuthors, where),
 *     rows: ({ limit, offset }) =>
 *       db().select().from(blogAuthors).where(where)
 *         .orderBy(...listOrder(blogAuthors.name, query.dir, blogAuthors.id)).limit(limit).offset(offset),
 *   });
 *
 * With `capped` (a `count` from countUpTo), past COUNT_CAP rows the total says 'plus de 1 000' and
 * the pages go on as long as rows do ('Suivant' while a page is full): the last page is not known.
 */
export async function listPage<Item>(
  requestedPage: number,
  source: {
    count: () => Promise<number>;
    rows: (range: { limit: number; offset: number }) => Promise<Item[]>;
    capped?: boolean;
  },
  pageSize: number = PAGE_SIZE,
): Promise<ListPage<Item>> {
  const wanted = Math.max(1, Math.trunc(requestedPage) || 1);
  // The first page is read before the count: when it is not full it is the whole list, and
  // counting would read the matches again (a search through a trigram index, twice its cost).
  const first = wanted === 1 ? await source.rows({ limit: pageSize, offset: 0 }) : undefined;
  const counted = first && first.length < pageSize ? first.length : Number(await source.count());
  if (source.capped && counted > COUNT_CAP) {
    // One row more than a page says whether another page follows (past the cap, the first has one).
    const rows = first ?? (await source.rows({ limit: pageSize + 1, offset: (wanted - 1) * pageSize }));
    const pageCount = first || rows.length > pageSize ? wanted + 1 : wanted;
    return {
      items: rows.slice(0, pageSize),
      total: COUNT_CAP,
      totalCapped: true,
      page: wanted,
      pageCount,
      pageSize,
    };
  }
  const pageCount = Math.max(1, Math.ceil(counted / pageSize));
  const page = Math.min(wanted, pageCount);
  const items =
    first ?? (counted === 0 ? [] : await source.rows({ limit: pageSize, offset: (page - 1) * pageSize }));
  const base = { items, total: counted, page, pageCount, pageSize };
  // Only a capped list says whether its count stopped: the others keep their shape.
  return source.capped ? { ...base, totalCapped: false } : base;
}

/**
 * The rows of `from` matching `where`, counted up to COUNT_CAP + 1 only (the plan stops reading
 * there), for listPage's and keysetPage's capped totals.
 */
export async function countUpTo(
  from: SQLWrapper,
  where: SQL | undefined,
  executor: Executor = db(),
): Promise<number> {
  const result = await executor.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ${from} ${where ? sql`where ${where}` : sql``}
        limit ${COUNT_CAP + 1}) as matching`,
  );
  return result.rows[0]?.total ?? 0;
}

/** How a keyset list's sort value is checked before it reaches SQL (a hand-edited cursor shows the first page). */
const KEY_VALUES = {
  integer: /^-?\d{1,10}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  text: /^[\s\S]{0,2000}$/,
} as const;

export type KeysetKey = {
  /** The sorted column: never null (a row comparison skips nulls). */
  column: SQLWrapper;
  type: keyof typeof KEY_VALUES;
  /** The tiebreaker, in the same direction as the column, so (column, id) is one row comparison. */
  id: SQLWrapper;
};

/** The sort value as the cursor carries it: PostgreSQL's own text (a timestamp keeps its microseconds). */
export function keysetValue(column: SQLWrapper): SQL<string> {
  return sql<string>`${column}::text`;
}

/**
 * One page of a list read from a cursor instead of an OFFSET, with a capped count. `read` runs the
 * list's query with `where` (rows beyond the cursor, or undefined), `orderBy` and `limit`; its rows
 * give `id` and `sortValue` (select `keysetValue(column)`). An index on (column, id) serves every
 * page in both directions. 'Précédent' that reaches the start shows the first page.
 *
 *   keysetPage(parseKeysetPosition(url.searchParams), query.dir, key, () => countUpTo(table, where),
 *     ({ where: beyond, orderBy, limit }) => db().select({ ..., sortValue: keysetValue(column) })
 *       .from(table).where(and(where, beyond)).orderBy(...orderBy).limit(limit));
 */
export async function keysetPage<Row extends { id: string; sortValue: string }>(
  position: KeysetPosition,
  dir: SortDirection,
  key: KeysetKey,
  count: () => Promise<number>,
  read: (range: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>,
  pageSize: number = PAGE_SIZE,
): Promise<KeysetPage<Row>> {
  const cursorOf = (row: Row) => formatKeysetCursor(row.sortValue, row.id);
  const order = (forward: boolean) => {
    const ascending = (dir === "asc") === forward;
    return ascending ? [asc(key.column), asc(key.id)] : [desc(key.column), desc(key.id)];
  };
  const beyond = (forward: boolean) => {
    if (position.direction === "first" || !KEY_VALUES[key.type].test(position.value)) return undefined;
    const row = sql`(${key.column}, ${key.id})`;
    const at = sql`(${position.value}::${sql.raw(key.type)}, ${position.id}::uuid)`;
    return (dir === "asc") === forward ? sql`${row} > ${at}` : sql`${row} < ${at}`;
  };
  const counting = count();
  const total = async () => {
    const counted = await counting;
    return { total: Math.min(counted, COUNT_CAP), totalCapped: counted > COUNT_CAP };
  };
  const started = position.direction !== "first" && beyond(true) !== undefined;
  if (started && position.direction === "before") {
    const rows = await read({ where: beyond(false), orderBy: order(false), limit: pageSize + 1 });
    if (rows.length > pageSize) {
      const items = rows.slice(0, pageSize).reverse();
      return { items, previous: cursorOf(items[0]!), next: cursorOf(items.at(-1)!), ...(await total()) };
    }
  }
  const after = started && position.direction === "after";
  const rows = await read({
    where: after ? beyond(true) : undefined,
    orderBy: order(true),
    limit: pageSize + 1,
  });
  const items = rows.slice(0, pageSize);
  return {
    items,
    previous: after && items.length > 0 ? cursorOf(items[0]!) : null,
    next: rows.length > pageSize ? cursorOf(items.at(-1)!) : null,
    ...(await total()),
  };
}

/**
 * A whole list read for an export, a batch at a time, each batch after the last row of the one
 * before (a cursor, never a growing OFFSET: the last batch of 100,000 rows costs what the first
 * does). `read(after, size)` returns up to `size` rows following `after` (null: from the start),
 * in the list's order; `cursorOf` says where a row stands.
 */
export async function* keysetBatches<Row, Cursor>(
  read: (after: Cursor | null, size: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = cursorOf(rows.at(-1)!);
  }
}
