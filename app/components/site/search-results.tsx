import { isRouteErrorResponse } from "react-router";
import { Pager } from "~/components/site/pager";
import { SearchForm } from "~/components/site/search-form";
import { plural } from "~/lib/plural";
import {
  SEARCH_KIND_LABELS,
  SEARCH_PAGE_PARAMETER,
  SEARCH_PATH,
  SEARCH_TEXT_PARAMETER,
  type ExcerptPart,
  type SearchKind,
} from "~/lib/site-search";

export type ShownHit = { kind: SearchKind; title: string; path: string; excerpt: ExcerptPart[] };

/** An excerpt with its matched words in <mark>: text only, so the content can never add markup. */
export function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return <>{parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}</>;
}

/** One result: its title as the link, its address, its excerpt. */
export function SearchHitItem({ hit, headingLevel = "h3" }: { hit: ShownHit; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="search-hit">
      <Heading>
        <a href={hit.path}>{hit.title}</a>
      </Heading>
      <p className="search-hit-path">{hit.path}</p>
      {hit.excerpt.length > 0 ? (
        <p className="search-hit-excerpt">
          <Excerpt parts={hit.excerpt} />
        </p>
      ) : null}
    </article>
  );
}

/** The guesses a 404 carries in its data (`{ guesses }`), if any. */
export function errorGuesses(error: unknown): ShownHit[] {
  if (!isRouteErrorResponse(error)) return [];
  return (error.data as { guesses?: ShownHit[] } | null)?.guesses ?? [];
}

/** A missing page's 'Vous cherchiez peut-être…' (its guesses, when there are) and the search box. */
export function MissingPageGuesses({ guesses }: { guesses: ShownHit[] }) {
  return (
    <>
      {guesses.length > 0 ? (
        <section aria-labelledby="suggestions" className="mt-12 text-left">
          <h2 id="suggestions" className="text-center text-sm font-normal text-slate-400">
            Vous cherchiez peut-être…
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {guesses.map((hit) => (
              <li key={hit.path}>
                <SearchHitItem hit={hit} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SearchForm large label="Chercher une page" className="mx-auto mt-10 max-w-md" />
    </>
  );
}

/** The page's results, grouped by kind (each group with its count over every page). */
export function SearchGroups({
  groups,
  byKind,
}: {
  groups: { kind: SearchKind; hits: ShownHit[] }[];
  byKind: Partial<Record<SearchKind, number>>;
}) {
  return (
    <div className="flex flex-col gap-10">
      {groups.map(({ kind, hits }) => (
        <section key={kind} aria-labelledby={`resultats-${kind}`}>
          <h2 id={`resultats-${kind}`} className="search-group-title">
            {SEARCH_KIND_LABELS[kind]} <span>({byKind[kind] ?? hits.length})</span>
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {hits.map((hit) => (
              <li key={hit.path}>
                <SearchHitItem hit={hit} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function pageHref(text: string, page: number) {
  const search = new URLSearchParams({ [SEARCH_TEXT_PARAMETER]: text });
  if (page > 1) search.set(SEARCH_PAGE_PARAMETER, String(page));
  return `${SEARCH_PATH}?${search}`;
}

/** The results' pages. */
export function SearchPager({ text, page, pageCount }: { text: string; page: number; pageCount: number }) {
  return (
    <Pager label="Pages de résultats" page={page} pageCount={pageCount} hrefOf={(to) => pageHref(text, to)} />
  );
}

/** "12 résultats" */
export function resultCount(total: number) {
  return plural(total, "résultat");
}
