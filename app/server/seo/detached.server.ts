import { logger } from "~/server/logger.server";

/**
 * Bookkeeping a public answer must not wait for (a redirect's hit, a 404 logged): started after
 * the answer is decided, never awaited by it. At most MAX_RUNNING at once: when the database is
 * that busy the count is dropped rather than queued, so a flood of 404s (a scan) costs the
 * database a few connections at most and the pages nothing.
 */
const MAX_RUNNING = 4;
const running = new Set<Promise<void>>();

/** Starts `work` unless MAX_RUNNING are running; false when dropped. Failures are logged only. */
export function runDetached(label: string, work: () => Promise<unknown>): boolean {
  if (running.size >= MAX_RUNNING) return false;
  const task = work().then(
    () => undefined,
    (error: unknown) => logger.warn({ err: error }, label),
  );
  running.add(task);
  void task.finally(() => running.delete(task));
  return true;
}

/** Resolves once the detached work started so far has ended (shutdown, tests). */
export async function detachedWorkDone() {
  while (running.size > 0) await Promise.all(running);
}
