import { LRUCache } from "lru-cache";
import { onContentChanged } from "~/server/content-changes.server";
import { nextPublicationAt } from "~/server/content/visibility.server";
import { logger } from "~/server/logger.server";
import { config } from "~/server/config.server";

/**
 * Rendered public pages (and their `.data` twins) for anonymous visitors, kept in memory.
 *
 * The whole store is dropped on any content or settings change; because the database relays
 * every write as a notification (db/notifications.server.ts), that holds for writes made by
 * another instance, an import or psql too. A scheduled article becomes public when its date
 * passes without any write, so the store is also dropped at the next publication date.
 */
export type ContentCoding = "br" | "gzip" | "identity";

/**
 * Headers as `res.writeHead` takes them with the least work, a flat list (name, value, name,
 * value…). A page's are made once, when it is finished, and end with `X-Page-Cache: HIT`.
 */
export type HeaderBlock = string[];

/**
 * A page as final bytes (html-cache.server.ts): for each content coding, the body and every
 * header to send with it, so a hit is answered without rendering, stamping, compressing or
 * building a header.
 */
export type CachedPage = {
  status: number;
  etag: string;
  answers: Record<ContentCoding, { headers: HeaderBlock; body: Buffer }>;
  /** The headers of a 304 answer. */
  notModified: HeaderBlock;
};

const MAX_AGE_MS = 10 * 60_000;
// setTimeout cannot wait longer than ~24.8 days; we look again well before that.
const MAX_TIMER_MS = 60 * 60_000;

const pages = new LRUCache<string, CachedPage>({
  max: 2_000,
  maxSize: config.pageCacheMaxBytes,
  sizeCalculation: (page) =>
    Math.max(
      1,
      page.answers.br.body.length + page.answers.gzip.body.length + page.answers.identity.body.length,
    ),
  // A safety net only: every known change already clears the store.
  ttl: MAX_AGE_MS,
});

let generation = 0;
let publicationTimer: NodeJS.Timeout | undefined;
let publicationTimerArmed = false;
let armCalls = 0;

onContentChanged(() => {
  clearPageCache();
  // What is scheduled may have changed too.
  if (publicationTimerArmed) void armPublicationTimer();
});

export function clearPageCache() {
  generation += 1;
  pages.clear();
}

/** Changes whenever the store is cleared: a render that started before a change is not stored. */
export function pageCacheGeneration() {
  return generation;
}

/**
 * Logs a read that failed and whose caller goes on with a fallback (an empty list, the default
 * settings: public-site.md §8). A page being rendered now may show that fallback, so none of them
 * is stored, as if the content had changed under it: the next visitor's render reads again.
 */
export function readFellBack(error: unknown, message: string) {
  logger.error({ err: error }, message);
  generation += 1;
}

export function getCachedPage(key: string) {
  return pages.get(key);
}

export function storeCachedPage(key: string, page: CachedPage, generationAtStart: number) {
  if (generationAtStart !== generation) return;
  pages.set(key, page);
  if (!publicationTimerArmed) {
    publicationTimerArmed = true;
    void armPublicationTimer();
  }
}

/** Clears the store when the next scheduled or future-dated article or project goes public. */
async function armPublicationTimer() {
  const call = ++armCalls;
  let next: Date | null = null;
  try {
    next = await nextPublicationAt();
  } catch (error) {
    logger.error({ err: error }, "page cache: could not read the next publication date");
  }
  // Only the latest look-up sets the timer.
  if (call !== armCalls || !publicationTimerArmed) return;
  clearTimeout(publicationTimer);
  const wait = next ? Math.max(0, next.getTime() - Date.now()) + 1_000 : MAX_TIMER_MS;
  publicationTimer = setTimeout(
    () => {
      if (next && next.getTime() <= Date.now()) clearPageCache();
      void armPublicationTimer();
    },
    Math.min(wait, MAX_TIMER_MS),
  );
  publicationTimer.unref();
}

type ServedListener = (address: string) => void;
const servedListeners = new Map<string, ServedListener>();

/**
 * `listener` hears the address (as kept) of every request for the page at `path` answered without
 * its loaders running: a page-cache hit, or a render shared with an identical request. The search
 * page counts its searches so.
 */
export function onPageServedWithoutRender(path: string, listener: ServedListener) {
  servedListeners.set(path, listener);
}

export function pageServedWithoutRender(address: string) {
  if (servedListeners.size === 0) return;
  const query = address.indexOf("?");
  servedListeners.get(query === -1 ? address : address.slice(0, query))?.(address);
}

/** How much the store holds (metrics). */
export function pageCacheUse() {
  return { pages: pages.size, bytes: pages.calculatedSize };
}

/** For shutdown and tests. */
export function stopPageCache() {
  clearTimeout(publicationTimer);
  publicationTimerArmed = false;
  clearPageCache();
}
