import { sql, type SQL } from "drizzle-orm";
import { decodeHTML } from "entities";
import type { ExcerptPart, SearchKind } from "~/lib/site-search";
import { SEARCH_PAGE_SIZE } from "~/lib/site-search";
import { cmsPageVisible, publiclyVisible } from "~/server/content/visibility.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, expertiseBlocks, projects } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { getPublicSettings } from "~/server/settings.server";

/**
 * The site search (issue 38, decision 028): PostgreSQL full-text search over `search_documents`
 * (kept by triggers), in the `french_unaccent` configuration; a word the content never used is
 * read as its closest word by trigrams (`search_words`). What is public is decided by each table's
 * own rule, the one the public lists use (visibility.server.ts), so a draft, a scheduled or a
 * trashed item (the trash is a table of its own) is never found.
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

/** Each kind's public rows among the matched documents: its title, address and excerpt text. */
function publicHits(settings: { enableBlog: boolean; enableProjects: boolean }): SQL {
  const kinds: SQL[] = [
    sql`select m.id, m.kind, m.vector, ${cmsPages.title} as title, '/' || ${cmsPages.slug} as path,
        concat_ws(' ', ${cmsPages.metaDescription}, ${cmsPages.content}) as text
      from matched m join ${cmsPages} on ${cmsPages.id} = m.id
      where m.kind = 'page' and ${cmsPageVisible()}`,
    // Expertise blocks are all shown, on the home page.
    sql`select m.id, m.kind, m.vector, ${expertiseBlocks.title}, '/#expertise', ${expertiseBlocks.description}
      from matched m join ${expertiseBlocks} on ${expertiseBlocks.id} = m.id
      where m.kind = 'expertise'`,
  ];
  if (settings.enableProjects) {
    kinds.push(sql`select m.id, m.kind, m.vector, ${projects.title}, '/projects/' || ${projects.slug},
        concat_ws(' ', ${projects.description}, ${projects.content}, ${projects.challenges}, ${projects.solutions}, ${projects.results})
      from matched m join ${projects} on ${projects.id} = m.id
      where m.kind = 'project' and ${publiclyVisible(projects)}`);
  }
  if (settings.enableBlog) {
    kinds.push(sql`select m.id, m.kind, m.vector, ${blogArticles.title}, '/blog/' || ${blogArticles.slug},
        concat_ws(' ', ${blogArticles.excerpt}, ${blogArticles.content})
      from matched m join ${blogArticles} on ${blogArticles.id} = m.id
      where m.kind = 'article' and ${publiclyVisible(blogArticles)}`);
  }
  return sql.join(kinds, sql` union all `);
}

type Row = {
  counts: Record<string, number> | null;
  hits: { kind: SearchKind; title: string; path: string; excerpt: string }[] | null;
};

/**
 * One page of results for `text` (page 1 onwards; past the last page, the last). Ranked by whether
 * the title holds the words, then ts_rank over the weighted words (title, summary, body); the
 * excerpt (ts_headline, tags removed) is computed for the page's rows only. A failed read gives no
 * result (public-site.md §8), logged.
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
    const wanted = Math.max(1, options.page ?? 1);
    const result = await db().execute<Row>(sql`
      with q as materialized (select ${tsquery(text, match)} as query),
      matched as (
        select d.id, d.kind, d.vector from search_documents d, q where d.vector @@ q.query
      ),
      hits as (${publicHits(settings)}),
      counts as (select kind, count(*)::int as n from hits group by kind),
      shown as (
        select h.kind, h.title, h.path, h.text, q.query from hits h, q
        order by ts_filter(h.vector, '{a}') @@ q.query desc, ts_rank(h.vector, q.query) desc, h.title, h.id
        limit ${pageSize}
        offset ${pageSize} * (least(${wanted}, greatest(1, ceil((select coalesce(sum(n), 0) from counts) / ${pageSize}::float)::int)) - 1)
      )
      select (select json_object_agg(kind, n) from counts) as counts,
        (select json_agg(json_build_object('kind', kind, 'title', title, 'path', path,
          'excerpt', ts_headline('french_unaccent', regexp_replace(coalesce(text, ''), '<[^>]*>', ' ', 'g'), query, ${HEADLINE_OPTIONS})))
          from shown) as hits`);
    const row = result.rows[0];
    const byKind = (row?.counts ?? {}) as SearchResults["byKind"];
    const total = Object.values(byKind).reduce((sum, n) => sum + (n ?? 0), 0);
    const pageCount = Math.ceil(total / pageSize);
    const hits = (row?.hits ?? []).map((hit) => ({ ...hit, excerpt: excerptParts(hit.excerpt) }));
    return { total, byKind, page: Math.min(wanted, Math.max(1, pageCount)), pageCount, hits };
  } catch (error) {
    logger.error({ err: error }, "site search failed");
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
