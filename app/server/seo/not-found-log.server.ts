import { and, eq, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { KeysetPosition, ListQuery } from "~/lib/list-query";
import { isPublicSitePath, redirectSource } from "~/lib/redirects";
import type { NotFoundSort } from "~/lib/schemas/redirect";
import { MissingRowError, mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { containsText, countUpTo, keysetPage, keysetValue, type KeysetKey } from "~/server/db/list.server";
import { notFoundPaths } from "~/server/db/schema";
import { runDetached } from "./detached.server";

/**
 * The log of public 404s ('Pages introuvables', issue 21): one row per path, written after the
 * 404 is decided and never awaited by it (runDetached: dropped when the database is busy).
 */

/** Rows kept at most: past it, a new path makes room by removing those with the fewest hits, oldest first. */
export const NOT_FOUND_CAP = 10_000;
/** Longer paths and referrers are a scanner's, not a lost visitor's: not kept. */
const MAX_LENGTH = 1000;

/** The referrer to keep: only a parseable http(s) URL, else none. */
function referrerOf(request: Request): string | null {
  const value = request.headers.get("referer");
  if (!value || value.length > MAX_LENGTH || !URL.canParse(value)) return null;
  return /^https?:$/.test(new URL(value).protocol) ? value : null;
}

/** Counts this request's 404 (a person's or a bot's) unless its path is ignored or not public. */
export function recordNotFound(request: Request, cap = NOT_FOUND_CAP) {
  const path = redirectSource(new URL(request.url).pathname);
  if (!path || path.length > MAX_LENGTH || !isPublicSitePath(path)) return;
  const bot = isbot(request.headers.get("user-agent"));
  const referrer = referrerOf(request);
  runDetached("could not log a 404", () => logNotFound(path, bot, referrer, cap));
}

async function logNotFound(path: string, bot: boolean, referrer: string | null, cap: number) {
  const [row] = await db()
    .insert(notFoundPaths)
    .values({ path, hits: bot ? 0 : 1, botHits: bot ? 1 : 0, lastReferrer: referrer })
    .onConflictDoUpdate({
      target: notFoundPaths.path,
      set: {
        hits: sql`${notFoundPaths.hits} + ${bot ? 0 : 1}`,
        botHits: sql`${notFoundPaths.botHits} + ${bot ? 1 : 0}`,
        lastSeenAt: sql`now()`,
        lastReferrer: sql`coalesce(excluded.last_referrer, ${notFoundPaths.lastReferrer})`,
      },
      setWhere: eq(notFoundPaths.ignored, false),
    })
    // xmax = 0 on a row this statement inserted (not on one it updated).
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (row?.inserted) await keepUnderCap(cap);
}

/** Past the cap, removes the rows with the fewest hits (people and bots), the longest unseen first. */
async function keepUnderCap(cap: number) {
  await db().execute(sql`
    delete from ${notFoundPaths} where id in (
      select id from ${notFoundPaths} where not ignored
      order by (hits + bot_hits), last_seen_at
      limit greatest((select count(*) from ${notFoundPaths}) - ${cap}, 0))`);
}

/**
 * One page of the logged 404s not ignored, searched on the path and the referrer, read from a
 * cursor (the log can be scanned to 100,000 rows between two purges of the cap: an OFFSET to its
 * middle cost 58 ms there) with its count stopped at COUNT_CAP. Each sort has its index on
 * (column, id) over the rows not ignored.
 */
export async function listNotFound(query: ListQuery<NotFoundSort>, position: KeysetPosition) {
  const where = and(
    eq(notFoundPaths.ignored, false),
    containsText([notFoundPaths.path, notFoundPaths.lastReferrer], query.q),
  );
  const keys: Record<NotFoundSort, KeysetKey> = {
    path: { column: notFoundPaths.path, type: "text", id: notFoundPaths.id },
    hits: { column: notFoundPaths.hits, type: "integer", id: notFoundPaths.id },
    botHits: { column: notFoundPaths.botHits, type: "integer", id: notFoundPaths.id },
    lastSeen: { column: notFoundPaths.lastSeenAt, type: "timestamptz", id: notFoundPaths.id },
  };
  const key = keys[query.sort];
  return keysetPage(
    position,
    query.dir,
    key,
    () => countUpTo(notFoundPaths, where),
    ({ where: beyond, orderBy, limit }) =>
      db()
        .select({
          id: notFoundPaths.id,
          path: notFoundPaths.path,
          hits: notFoundPaths.hits,
          botHits: notFoundPaths.botHits,
          lastSeenAt: notFoundPaths.lastSeenAt,
          lastReferrer: notFoundPaths.lastReferrer,
          sortValue: keysetValue(key.column),
        })
        .from(notFoundPaths)
        .where(and(where, beyond))
        .orderBy(...orderBy)
        .limit(limit),
  );
}

/** 'Ignorer': the path is hidden and no longer counted (audited, as every back-office change). */
export function ignoreNotFound(context: MutationContext, id: string) {
  return mutate(context, async (m) => {
    const [row] = await m.tx
      .update(notFoundPaths)
      .set({ ignored: true })
      .where(eq(notFoundPaths.id, id))
      .returning({ id: notFoundPaths.id, path: notFoundPaths.path });
    if (!row) throw new MissingRowError("not_found_paths", id);
    await m.audit({
      action: "ignore",
      entityType: "not_found_paths",
      entityId: row.id,
      details: { path: row.path },
    });
    return row;
  });
}
