import { hostname } from "node:os";
import { eq, lt, sql } from "drizzle-orm";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { instanceHeartbeats } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { version } from "../../../package.json";

/** An instance seen within this is running ('État du site': instances seen in the last minute). */
export const HEARTBEAT_FRESH_MS = 60_000;
const BEAT_MS = 15_000;

/**
 * Writes this instance's row in instance_heartbeats now and every 15 s; `stop` removes it (a
 * killed instance's row simply ages out). Rows unseen for a day are deleted at each start.
 */
export async function startHeartbeat() {
  const id = `${hostname()}:${config.port}:${process.pid}`;
  const host = `${hostname()}:${config.port}`;
  const startedAt = new Date();
  await db()
    .delete(instanceHeartbeats)
    .where(lt(instanceHeartbeats.seenAt, new Date(Date.now() - 24 * 3_600_000)));
  const beat = () =>
    db()
      .insert(instanceHeartbeats)
      .values({ id, host, version, startedAt })
      .onConflictDoUpdate({ target: instanceHeartbeats.id, set: { seenAt: sql`now()` } });
  await beat();
  const timer = setInterval(
    () => beat().catch((error: unknown) => logger.warn({ err: error }, "heartbeat not written")),
    BEAT_MS,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db()
        .delete(instanceHeartbeats)
        .where(eq(instanceHeartbeats.id, id))
        .catch((error: unknown) => logger.warn({ err: error }, "heartbeat not removed"));
    },
  };
}
