import { and, notInArray, sql, type SQL } from "drizzle-orm";
import { decodeHTML } from "entities";
import type { ExcerptPart, SearchKind } from "~/lib/site-search";
import { SEARCH_PAGE_SIZE } from "~/lib/site-search";
import { publiclyVisible } from "~/server/content/visibility.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, expertiseBlocks, projects, searchDocuments } from "~/server/db/schema";
import { readFellBack } from "~/server/cache/page-cache.server";
import { getPublicSettings } from "~/server/settings.server";

/**
 * The site search (issue 38, decision 028): PostgreSQL full-text search over `search_documents`
 * (kept by triggers), in the `french_unaccent` configuration; a word the content never used is
 * read as its closest word by trigrams (`search_words`). What is public is decided by the rule the
 * public lists use (visibility.server.ts) on the index's copy of each row's publication columns,
 * so a draft, a scheduled or a trashed item (the trash is a table of its own) is never found.
 */

export type SearchHit = { kind: SearchKind; title: string; path: string; excerpt: ExcerptPart[] };

export type SearchResults = {
  total: number;
  /** How many results of each kind, over every page. */
  byKind: Partial<Record<SearchKind, number>>;
  page: number;
  pageCount: number;
  /** This page's results, best first (a title match before a body match). */
  hits: SearchHit[];
};

/** "all": every word must be found (the search page); "any": one is enough (the 404's guesses). */
type Match = "all" | "any";

const NOTHING: SearchResults = { total: 0, byKind: {}, page: 1, pageCount: 0, hits: [] };

// ts_headline's marks: characters the content never holds, replaced by <mark> at render.
const MARK_START = "\u{E000}";
const MARK_END = "\u{E001}";
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=2, MaxWords=22, MinWords=10, FragmentDelimiter=" … "`;

/**
 * The query as a tsquery: the text's words, lower-cased without accents; each word of 4 letters
 * or more that the content never used replaced by the nearest used one (trigram similarity above
 * pg_trgm's 0.3 threshold, `%`), so one typo still finds; then French stemming and stop words.
 */
function tsquery(text: string, match: Match): SQL {
  const corrected = sql`(
    select string_agg(case
      when length(w.word) < 4 or exists (select 1 from search_words s where s.word = w.word) then w.word
      else coalesce(
        (select s.word from search_words s where s.word % w.word order by s.word <-> w.word limit 1),
        w.word)
      end, ' ')
    from unnest(tsvector_to_array(to_tsvector('simple_unaccent', ${text}))) w(word)
  )`;
  const all = sql`plainto_tsquery('french_unaccent', coalesce(${corrected}, ''))`;
  return match === "all" ? all : sql`replace(${all}::text, ' & ', ' | ')::tsquery`;
}

/**
 * The shown rows' titles, addresses and excerpt text, from their own tables (the index holds their
 * words and publication columns only): read for one page of results, never for every match.
 */
const shownColumns = sql`
  coalesce(${blogArticles.title}, ${projects.title}, ${cmsPages.title}, ${expertiseBlocks.title}) as title,
  case s.kind when 'article' then '/blog/' || ${blogArticles.slug}
    when 'project' then '/projects/' || ${projects.slug}
    when 'page' then '/' || ${cmsPages.slug}
    else '/#expertise' end as path,
  case s.kind when 'article' then concat_ws(' ', ${blogArticles.excerpt}, ${blogArticles.content})
    when 'project' then concat_ws(' ', ${projects.description}, ${projects.content}, ${projects.challenges}, ${projects.solutions}, ${projects.results})
    when 'page' then concat_ws(' ', ${cmsPages.metaDescription}, ${cmsPages.content})
    else ${expertiseBlocks.description} end as text`;
const shownSources = sql`
  left join ${blogArticles} on s.kind = 'article' and ${blogArticles.id} = s.id
  left join ${projects} on s.kind = 'project' and ${projects.id} = s.id
  left join ${cmsPages} on s.kind = 'page' and ${cmsPages.id} = s.id
  left join ${expertiseBlocks} on s.kind = 'expertise' and ${expertiseBlocks.id} = s.id`;

type Row = {
  counts: Record<string, number> | null;
  hits: { kind: SearchKind; title: string; path: string; excerpt: string }[] | null;
};

/**
 * One page of results for `text` (page 1 onwards; past the last page, the last). What is public
 * is the public lists' rule (`publiclyVisible`) on the index's publication columns, and the kinds
 * whose section is on (blog, projects). Ranked by whether the title holds the words, then ts_rank
 * over the weighted words (title, summary, body); titles and excerpts (ts_headline, tags removed)
 * are read for the page's rows only. A failed read gives no result (public-site.md §8), logged.
 */
export async function searchSite(
  text: string,
  options: { page?: number; pageSize?: number; match?: Match } = {},
): Promise<SearchResults> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const match = options.match ?? "all";
  if (text.trim() === "") return NOTHING;
  try {
    const settings = await getPublicSettings();
    const hidden: SearchKind[] = [
      ...(settings.enableBlog ? [] : (["article"] as const)),
      ...(settings.enableProjects ? [] : (["project"] as const)),
    ];
    const wanted = Math.max(1, options.page ?? 1);
    const d = searchDocuments;
    const result = await db().execute<Row>(sql`
      with q as materialized (select ${tsquery(text, match)} as query),
      hits as materialized (
        select ${d.id} as id, ${d.kind} as kind, ${d.vector} as vector from ${d}, q
        where ${and(sql`${d.vector} @@ q.query`, publiclyVisible(d), hidden.length > 0 ? notInArray(d.kind, hidden) : undefined)}
      ),
      counts as (select kind, count(*)::int as n from hits group by kind),
      shown as (
        select h.id, h.kind, ts_filter(h.vector, '{a}') @@ q.query as in_title, ts_rank(h.vector, q.query) as rank
        from hits h, q
        order by in_title desc, rank desc, h.id
        limit ${pageSize}
        offset ${pageSize} * (least(${wanted}, greatest(1, ceil((select coalesce(sum(n), 0) from counts) / ${pageSize}::float)::int)) - 1)
      ),
      shown_rows as (select s.id, s.in_title, s.rank, s.kind, ${shownColumns} from shown s ${shownSources})
      select (select json_object_agg(kind, n) from counts) as counts,
        (select json_agg(json_build_object('kind', kind, 'title', title, 'path', path,
          'excerpt', ts_headline('french_unaccent', regexp_replace(coalesce(text, ''), '<[^>]*>', ' ', 'g'), q.query, ${HEADLINE_OPTIONS}))
          order by in_title desc, rank desc, id)
          from shown_rows, q) as hits`);
    const row = result.rows[0];
    const byKind = (row?.counts ?? {}) as SearchResults["byKind"];
    const total = Object.values(byKind).reduce((sum, n) => sum + (n ?? 0), 0);
    const pageCount = Math.ceil(total / pageSize);
    const hits = (row?.hits ?? []).map((hit) => ({ ...hit, excerpt: excerptParts(hit.excerpt) }));
    return { total, byKind, page: Math.min(wanted, Math.max(1, pageCount)), pageCount, hits };
  } catch (error) {
    readFellBack(error, "site search failed");
    return NOTHING;
  }
}

/** ts_headline's text as runs: entities decoded, spaces collapsed, the marked words apart. */
export function excerptParts(headline: string): ExcerptPart[] {
  const parts = headline
    .split(new RegExp(`[${MARK_START}${MARK_END}]`))
    .map((piece, index) => ({ text: decodeHTML(piece).replace(/\s+/g, " "), match: index % 2 === 1 }))
    .filter((part) => part.text !== "");
  const first = parts[0];
  const last = parts.at(-1);
  if (first) first.text = first.text.trimStart();
  if (last) last.text = last.text.trimEnd();
  return parts.filter((part) => part.text !== "");
}

/**
 * A page's results grouped by kind: the groups in the order of their best result, each keeping the
 * rank order, so the best match still comes first.
 */
export function groupByKind(hits: SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  const groups = new Map<SearchKind, SearchHit[]>();
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);
  return [...groups].map(([kind, grouped]) => ({ kind, hits: grouped }));
}

/** Up to 3 guesses for a missing page, from its path's words ('Vous cherchiez peut-être…'). */
export async function guessesForMissingPage(request: Request): Promise<SearchHit[]> {
  const { pathname } = new URL(request.url);
  let words: string;
  try {
    words = decodeURIComponent(pathname);
  } catch {
    words = pathname;
  }
  // "/blog/borne-recharge_2019.html": the words, without the extension and the digits.
  words = words.replace(/\.[a-z0-9]{1,5}$/i, "").replace(/[^\p{L}]+/gu, " ");
  const { hits } = await searchSite(words.slice(0, 200), { pageSize: 3, match: "any" });
  return hits;
}
