import { sql } from "drizzle-orm";
import {
  normalizeSearchText,
  SEARCH_PAGE_PARAMETER,
  SEARCH_PATH,
  SEARCH_TEXT_PARAMETER,
} from "~/lib/site-search";
import { pageNumber } from "~/lib/page-query";
import { analyticsDay } from "~/server/analytics/visitors.server";
import { onPageServedWithoutRender } from "~/server/cache/page-cache.server";
import { db } from "~/server/db/client.server";
import { siteSearches } from "~/server/db/schema";
import { runDetached } from "~/server/seo/detached.server";

/**
 * Site searches counted by text (issue 38): one row per Paris day and normalised query, never
 * anything about the visitor. Read by 'Statistiques' and the weekly report.
 */

/**
 * Counts one search of `text` that found `results`; returns how many times it was searched today
 * (the search page keeps a query's page in the page cache once it is asked again).
 */
export async function countSearch(text: string, results: number): Promise<number> {
  const query = normalizeSearchText(text);
  const [row] = await db()
    .insert(siteSearches)
    .values({ day: analyticsDay(new Date()), query, searches: 1, results })
    .onConflictDoUpdate({
      target: [siteSearches.day, siteSearches.query],
      set: { searches: sql`${siteSearches.searches} + 1`, results },
    })
    .returning({ searches: siteSearches.searches });
  return row!.searches;
}

/**
 * One more search of a query answered from the page cache: its results are those of the search that
 * filled the page (the cache is emptied by any content change), the last counted.
 */
export async function countCachedSearch(text: string): Promise<void> {
  const query = normalizeSearchText(text);
  await db().execute(sql`
    insert into ${siteSearches} (day, query, searches, results)
    values (${analyticsDay(new Date())}, ${query}, 1, coalesce(
      (select results from ${siteSearches} where query = ${query} order by day desc limit 1), 0))
    on conflict (day, query) do update set searches = ${siteSearches}.searches + 1`);
}

// A search answered from the page cache (or sharing another's render) counts too, after the answer.
onPageServedWithoutRender(SEARCH_PATH, (address) => {
  const params = new URLSearchParams(address.slice(address.indexOf("?") + 1));
  const text = params.get(SEARCH_TEXT_PARAMETER) ?? "";
  if (normalizeSearchText(text) === "" || pageNumber(params.get(SEARCH_PAGE_PARAMETER)) !== 1) return;
  runDetached("site search: could not count a cached search", () => countCachedSearch(text));
});

export type CountedSearch = { query: string; searches: number; results: number };

/**
 * The most searched texts between two Paris days (inclusive), with the results of the last one;
 * `fruitless` keeps only those whose last search found nothing.
 */
export async function topSearches(
  period: { from: string; to: string },
  options: { fruitless?: boolean; limit?: number } = {},
): Promise<CountedSearch[]> {
  const result = await db().execute<CountedSearch>(sql`
    select query, sum(searches)::int as searches,
      (array_agg(results order by day desc))[1] as results
    from ${siteSearches}
    where day between ${period.from} and ${period.to}
    group by query
    ${options.fruitless ? sql`having (array_agg(results order by day desc))[1] = 0` : sql``}
    order by searches desc, query
    limit ${options.limit ?? 20}`);
  return result.rows;
}

/** 'Statistiques': the 10 most frequent searches of the period, and the 10 most frequent that found nothing. */
export async function searchStatistics(period: { from: string; to: string }) {
  const [frequent, fruitless] = await Promise.all([
    topSearches(period, { limit: 10 }),
    topSearches(period, { fruitless: true, limit: 10 }),
  ]);
  return { frequent, fruitless };
}
