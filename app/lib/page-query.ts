/**
 * The query parameters the public pages read (issue 20): the lists' category filter and WordPress's
 * plain permalinks (`/?p=123`, legacy-redirects.server.ts), the blog and the projects their page
 * (`/blog?page=2`), and the search page its query and page (`/recherche?q=…&page=2`). Any other parameter (utm_*, gclid, a
 * cache-buster) changes nothing in a page: the page cache keys a page without them, the server
 * renders it without them (html-cache.server.ts), and what a page writes from its own address (its
 * canonical, the consent form's way back) leaves them out, so that every such address gets the
 * same bytes. The browser keeps them in its address bar for the tag manager.
 */
import { SEARCH_PAGE_PARAMETER, SEARCH_PATH, SEARCH_TEXT_PARAMETER } from "~/lib/site-search";

export const CATEGORY_PARAMETER = "category";
/** The blog's and the projects' page of cards (`/blog?page=2`), read by those two lists only. */
export const LIST_PAGE_PARAMETER = "page";
/** WordPress's plain permalinks: `/?p=123` (post), `/?page_id=4` (page), `/?cat=5` (category). */
export const WORDPRESS_ID_PARAMETERS = ["p", "page_id", "cat"] as const;

const READ_BY_PAGES: ReadonlySet<string> = new Set([CATEGORY_PARAMETER, ...WORDPRESS_ID_PARAMETERS]);

/** Parameters one page reads and no other: the search's (lib/site-search.ts), the lists' page. */
const READ_BY_ONE_PAGE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [SEARCH_PATH, new Set([SEARCH_TEXT_PARAMETER, SEARCH_PAGE_PARAMETER])],
  ["/blog", new Set([LIST_PAGE_PARAMETER])],
  ["/projects", new Set([LIST_PAGE_PARAMETER])],
]);

/** Whether the public pages read this parameter. */
export function readByPublicPages(name: string) {
  return READ_BY_PAGES.has(name);
}

/** Whether the public page at `path` reads this parameter: any page's, or one of its own. */
export function readByPage(path: string, name: string) {
  return READ_BY_PAGES.has(name) || READ_BY_ONE_PAGE.get(path)?.has(name) === true;
}

/** A page number asked for: a whole number from 1, anything else the first page. */
export function pageNumber(value: string | null) {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `search` ("?a=1&b=2", or "") with only the parameters `kept` names, each as written and in its
 * place, so a kept address is byte for byte the one asked for; "" when none is left.
 */
export function keptSearch(search: string, kept: (name: string) => boolean = readByPublicPages) {
  const pairs = search
    .replace(/^\?/, "")
    .split("&")
    .filter((pair) => {
      const name = parameterName(pair);
      return name !== undefined && kept(name);
    });
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/** A pair's name decoded as URLSearchParams decodes it; undefined when empty or malformed. */
function parameterName(pair: string) {
  const raw = pair.split("=", 1)[0]!;
  if (raw === "") return;
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return;
  }
}
