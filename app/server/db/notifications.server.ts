import pg from "pg";
import { announceContentChanged } from "~/server/content-changes.server";
import { announceStaffEvent } from "~/server/staff-events.server";
import { logger } from "~/server/logger.server";
import { config } from "~/server/config.server";

/**
 * Relays the database's `content_changed` notifications (raised by statement triggers on every
 * content and settings table, whoever writes: this instance, another one, an import or psql) to
 * announceContentChanged(), so every instance drops its caches; and its `staff_events` (a request
 * arrived or changed, a mail was given up) to announceStaffEvent(), for the back office's bell.
 *
 * LISTEN needs a session of its own for as long as we listen, so this is a dedicated client,
 * never one borrowed from the pool. When the connection drops it reconnects with backoff, and
 * then announces a change anyway: notifications sent while it was away are lost for good.
 */
export const CONTENT_CHANGED_CHANNEL = "content_changed";
export const STAFF_EVENTS_CHANNEL = "staff_events";
const HEARTBEAT_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

let client: pg.Client | undefined;
let running = false;
let failures = 0;
let retryTimer: NodeJS.Timeout | undefined;
let heartbeatTimer: NodeJS.Timeout | undefined;
let connected: (() => void) | undefined;
const dead = new WeakSet<pg.Client>();

/** Starts listening; resolves once the first LISTEN is in place (or the first attempt failed). */
export async function startChangeNotifications() {
  if (running) return;
  running = true;
  await connect();
}

export async function stopChangeNotifications() {
  running = false;
  clearTimeout(retryTimer);
  clearInterval(heartbeatTimer);
  const closing = client;
  client = undefined;
  await closing?.end().catch(() => undefined);
}

/** Resolves when a LISTEN session is in place (tests use it after forcing a reconnect). */
export function whenListening(): Promise<void> {
  if (client) return Promise.resolve();
  return new Promise((resolve) => {
    const previous = connected;
    connected = () => {
      previous?.();
      resolve();
    };
  });
}

async function connect() {
  const connectionString = config.databaseUrl;
  if (!connectionString) throw new Error("DATABASE_URL is not set and no database was started.");
  // keepAlive lets the OS notice a peer that vanished without closing the connection.
  const candidate = new pg.Client({
    connectionString,
    keepAlive: true,
    application_name: "content-listener",
  });
  candidate.on("notification", (message) => {
    if (message.channel === CONTENT_CHANGED_CHANNEL) announceContentChanged(message.payload || "*");
    if (message.channel === STAFF_EVENTS_CHANNEL) announceStaffEvent();
  });
  candidate.on("error", (error) => lost(candidate, error));
  candidate.on("end", () => lost(candidate));
  try {
    await candidate.connect();
    await candidate.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}; LISTEN ${STAFF_EVENTS_CHANNEL}`);
  } catch (error) {
    lost(candidate, error);
    return;
  }
  if (!running) {
    await candidate.end().catch(() => undefined);
    return;
  }
  client = candidate;
  if (failures > 0) {
    logger.info("content change notifications: listening again");
    announceContentChanged("*");
    announceStaffEvent();
  }
  failures = 0;
  clearInterval(heartbeatTimer);
  // A silent network cut raises nothing until we speak: a cheap query now and then finds it.
  heartbeatTimer = setInterval(() => {
    candidate.query("select 1").catch((error) => lost(candidate, error));
  }, HEARTBEAT_MS);
  heartbeatTimer.unref();
  const notify = connected;
  connected = undefined;
  notify?.();
}

/** Called for every sign of a dead connection; schedules one reconnect per lost client. */
function lost(which: pg.Client, error?: unknown) {
  // "error" is usually followed by "end": handle each client once, and ignore replaced ones.
  if (dead.has(which) || (client !== undefined && client !== which)) return;
  dead.add(which);
  client = undefined;
  clearInterval(heartbeatTimer);
  which.end().catch(() => undefined);
  if (!running) return;
  failures += 1;
  const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(failures, 8));
  logger.warn({ err: error, retryInMs: delay }, "content change notifications: connection lost");
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void connect(), delay);
  retryTimer.unref();
}
