import { like } from "drizzle-orm";
import { keptSearch, readByPage, readByPublicPages } from "~/lib/page-query";
import { onContentChanged } from "~/server/content-changes.server";
import { db } from "~/server/db/client.server";
import { redirects } from "~/server/db/schema";
import { cachedUntilContentChanges } from "./cached-until-content-changes.server";

/**
 * Which query parameters a public page request keeps (decision 020): those the pages read
 * (lib/page-query.ts), those in the sources of the manual redirects ('Redirections' may lead
 * "/ancien-site/contact?ref=flyer" elsewhere), and React Router's on a client navigation's `.data`
 * request (`_routes`: which loaders; `index`: the index route rather than its layout). The redirects' are read from the database once
 * and again after 'Redirections' changes.
 */
const ROUTER_PARAMETERS: ReadonlySet<string> = new Set(["_routes", "index"]);
/** What a failed read gives (logged): used for that request, never kept. */
const UNREAD: ReadonlySet<string> = new Set();

const readRedirectParameters = cachedUntilContentChanges<ReadonlySet<string>>(
  async () => {
    const rows = await db()
      .select({ source: redirects.source })
      .from(redirects)
      .where(like(redirects.source, "%?%"));
    const names = new Set<string>();
    for (const { source } of rows) {
      for (const name of new URLSearchParams(source.slice(source.indexOf("?") + 1)).keys()) names.add(name);
    }
    return names;
  },
  {
    fallback: UNREAD,
    failure: "page cache: could not read the query parameters of the redirects",
    tables: ["redirects"],
  },
);

type KeptParameter = (name: string) => boolean;

/** The rule as last read, for the answers given before Express; undefined until read again. */
let known: KeptParameter | undefined;
let changes = 0;
onContentChanged((table) => {
  if (table !== "redirects") return;
  changes += 1;
  known = undefined;
});

/** The rule, read if needed (the Express side). */
export async function keptPageParameters(): Promise<KeptParameter> {
  if (known) return known;
  const changesAtStart = changes;
  const fromRedirects = await readRedirectParameters();
  const kept: KeptParameter = (name) =>
    readByPublicPages(name) || ROUTER_PARAMETERS.has(name) || fromRedirects.has(name);
  // A read that started before a change of the redirects may miss a new source's parameters.
  if (changesAtStart === changes && fromRedirects !== UNREAD) known = kept;
  return kept;
}

/** The rule when already read, for the answers given before Express (server.js); else undefined. */
export function knownPageParameters(): KeptParameter | undefined {
  return known;
}

/**
 * The request's address ("/blog?category=x&utm_source=y") without the parameters not kept; the
 * search page keeps its own too.
 */
export function keptAddress(url: string, kept: KeptParameter) {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const path = url.slice(0, query);
  return path + keptSearch(url.slice(query), (name) => kept(name) || readByPage(path, name));
}
