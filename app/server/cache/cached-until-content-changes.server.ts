import { onContentChanged } from "~/server/content-changes.server";
import { readFellBack } from "~/server/cache/page-cache.server";

type Options<T> = {
  /** What callers get when the read fails (logged, not kept: the next call reads again; nor is a page rendered with it). */
  fallback: T;
  /** The log message of a failed read. */
  failure: string;
  /** Only changes to these tables drop the value; by default any content or settings change does. */
  tables?: readonly string[];
};

/**
 * `read`, called once and its result shared until content or settings change, in this instance
 * or another (the database relays every write: db/notifications.server.ts).
 */
export function cachedUntilContentChanges<T>(
  read: () => Promise<T>,
  { fallback, failure, tables }: Options<T>,
): () => Promise<T> {
  let cached: Promise<T> | undefined;
  onContentChanged((table) => {
    if (!tables || tables.includes(table)) cached = undefined;
  });
  return () => {
    cached ??= read().catch((error: unknown) => {
      readFellBack(error, failure);
      cached = undefined;
      return fallback;
    });
    return cached;
  };
}
