import { type CachedPage, type ContentCoding, pageCacheGeneration } from "./page-cache.server";

/**
 * Renders in progress of pages that are the same for every anonymous visitor, so that identical
 * requests arriving meanwhile wait for that one render instead of starting their own (nginx's
 * proxy_cache_lock, Varnish's request coalescing), whether the page cache is on or off
 * (docs/decisions/007-shared-renders.md). html-cache.server.ts decides which requests qualify and
 * which renders may be shared.
 */

/**
 * A finished render, compressed in the content coding a waiting request needs, or in all three
 * when it is to be stored (each made once).
 */
export type SharedRender = (codings: ContentCoding | "all") => Promise<CachedPage>;

/** Ends an announced render: with the page to share, or undefined when it cannot be shared. */
export type EndRender = (render: SharedRender | undefined) => void;

type Flight = { generation: number; result: Promise<SharedRender | undefined> };

const flights = new Map<string, Flight>();

/** Longer than any render that ends: entry.server.tsx aborts a render after 6 s. */
const LONGEST_RENDER_MS = 10_000;

/**
 * The render of this page in progress, if it started after the latest content change: resolves
 * to the page, or to undefined when that render cannot be shared (an error, a cookie, a closed
 * connection), and the request then renders on its own.
 */
export function renderInProgress(key: string): Promise<SharedRender | undefined> | undefined {
  const flight = flights.get(key);
  return flight && flight.generation === pageCacheGeneration() ? flight.result : undefined;
}

/**
 * Announces a render of this page; returns what ends it (called once with the shared page or
 * undefined; later calls do nothing). A render started after a content change replaces an older
 * one still running, which then ends without touching the newer.
 *
 * A render that ends with a page stays joinable until Node has read the requests that reached it
 * meanwhile: a render that holds the thread to its end leaves them unread in the socket buffers,
 * and they arrived while it ran. The next poll of the event loop reads them; the second
 * setImmediate runs after it.
 */
export function startRender(key: string): EndRender {
  let resolve!: (render: SharedRender | undefined) => void;
  const flight: Flight = {
    generation: pageCacheGeneration(),
    result: new Promise((settle) => (resolve = settle)),
  };
  flights.set(key, flight);
  let ended = false;
  const forget = () => {
    if (flights.get(key) === flight) flights.delete(key);
  };
  const end: EndRender = (render) => {
    if (ended) return;
    ended = true;
    clearTimeout(timeout);
    if (render) setImmediate(() => setImmediate(forget));
    else forget();
    resolve(render);
  };
  // A safety net: a render that never ends must not hold the requests waiting for it.
  const timeout = setTimeout(() => end(undefined), LONGEST_RENDER_MS);
  timeout.unref();
  return end;
}
