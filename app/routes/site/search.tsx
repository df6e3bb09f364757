import { data } from "react-router";
import type { Route } from "./+types/search";
import { PageHero } from "~/components/site/page-hero";
import { SearchForm } from "~/components/site/search-form";
import { resultCount, SearchGroups, SearchPager } from "~/components/site/search-results";
import { pageNumber } from "~/lib/page-query";
import { pageTitle, seoMeta, siteSeo } from "~/lib/seo";
import {
  normalizeSearchText,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_PARAMETER,
  SEARCH_PATH,
  SEARCH_TEXT_PARAMETER,
} from "~/lib/site-search";
import { logger } from "~/server/logger.server";
import { countSearch } from "~/server/search/search-counts.server";
import { groupByKind, searchSite } from "~/server/search/site-search.server";

/**
 * The page cache keeps a search's first page once the query was asked twice today and found
 * something: popular searches are served from memory, and a stream of one-off queries (a scan)
 * cannot push the site's pages out of it (decision 028). Other answers are not stored.
 */
const CACHED_FROM_SEARCHES = 2;
const NOT_STORED = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const text = (params.get(SEARCH_TEXT_PARAMETER) ?? "").slice(0, SEARCH_MAX_LENGTH).trim();
  if (normalizeSearchText(text) === "") return { text: "", results: null };
  const page = pageNumber(params.get(SEARCH_PAGE_PARAMETER));
  const results = await searchSite(text, { page });
  let stored = false;
  // The first page counts the search; the next ones are the same search, read further.
  if (page === 1) {
    try {
      const searches = await countSearch(text, results.total);
      stored = searches >= CACHED_FROM_SEARCHES && results.total > 0;
    } catch (error) {
      logger.warn({ err: error }, "site search: could not count a search");
    }
  }
  const groups = groupByKind(results.hits);
  return data({ text, results: { ...results, groups } }, { headers: stored ? {} : NOT_STORED });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// Kept out of search engines: a results page is not content of its own (nor in the sitemap).
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteSeo(matches);
  const text = loaderData?.text;
  return seoMeta(site, {
    title: pageTitle(text ? `Recherche : ${text}` : "Recherche", site),
    description: "Rechercher parmi les articles, les réalisations et les pages du site.",
    path: SEARCH_PATH,
    noindex: true,
  });
};

export default function SearchPage({ loaderData: { text, results } }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Recherche"
        title={text ? `Résultats pour « ${text} »` : "Rechercher sur le site"}
        intro={
          results
            ? results.total > 0
              ? `${resultCount(results.total)} parmi nos articles, réalisations et pages.`
              : "Aucun résultat : essayez d'autres mots, ou moins de mots."
            : "Articles, réalisations, pages et savoir-faire : tapez un ou plusieurs mots."
        }
      >
        <SearchForm large label="Modifier la recherche" defaultValue={text} className="mx-auto max-w-xl" />
      </PageHero>
      {results && results.total > 0 ? (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
          <SearchGroups groups={results.groups} byKind={results.byKind} />
          <SearchPager text={text} page={results.page} pageCount={results.pageCount} />
        </div>
      ) : null}
    </>
  );
}
