import { inArray } from "drizzle-orm";
import { cspSourceOf } from "~/lib/csp-domain";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { db } from "~/server/db/client.server";
import { corsDomains } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/**
 * The origins other sites may read the public site from (cors_domains of type cors or both, set in
 * /admin/cors), as https sources: `https://www.exemple.fr` or `https://*.exemple.fr`. Re-read on
 * every instance when the table changes.
 */
export const corsOrigins = cachedUntilContentChanges(readOrigins, {
  fallback: [] as string[],
  failure: "CORS domains read failed; no other origin allowed",
  tables: ["cors_domains"],
});

async function readOrigins() {
  const rows = await db()
    .select({ domain: corsDomains.domain })
    .from(corsDomains)
    .where(inArray(corsDomains.type, ["cors", "both"]));
  const origins: string[] = [];
  for (const { domain } of rows) {
    // The validator of /admin/cors again: a row written by hand must not open the site to all.
    const source = cspSourceOf(domain);
    if (source) origins.push(source);
    else logger.warn({ domain }, "CORS: ignored a domain the validator refuses");
  }
  return origins;
}

/**
 * Whether a public answer to a request with this Origin header carries it back in
 * Access-Control-Allow-Origin. Asked per request, by Express (server/cors.ts) and by the page
 * cache's answers (a stored page keeps no CORS header: it was the filling request's).
 */
export async function mayReadPublicSite(origin: string) {
  return isAllowedOrigin(origin, await corsOrigins());
}

/** Whether a request's Origin header is one of `origins` (a `*.` source matches its subdomains). */
export function isAllowedOrigin(origin: string, origins: readonly string[]) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.origin !== origin) return false;
  return origins.some((source) => {
    if (!source.startsWith("https://*.")) return source === origin;
    const base = new URL(source.replace("*.", "wildcard.")); // the source's host and port
    return url.port === base.port && url.hostname.endsWith(`.${base.hostname.slice("wildcard.".length)}`);
  });
}
