import { EventEmitter } from "node:events";

/**
 * Raised when what the back office's bell shows may have changed (a request arrived or changed
 * status, a mail was given up), in this instance or any other: the database's `staff_events`
 * notifications are relayed here, and each open back-office page hears it through
 * /admin/api/events (Server-Sent Events).
 */
const staffEvents = new EventEmitter();
// One listener per open back-office page: no leak warning for a busy office.
staffEvents.setMaxListeners(0);

export function announceStaffEvent() {
  staffEvents.emit("event");
}

/** Calls `listener` on each event; returns the function that stops it. */
export function onStaffEvent(listener: () => void) {
  staffEvents.on("event", listener);
  return () => void staffEvents.off("event", listener);
}

/**
 * Ends the open event streams of this instance: every one (shutdown: they would hold it open), or
 * those of one account (suspended: it must hear nothing more). Other instances' streams of that
 * account end at their next heartbeat, when they find its session gone.
 */
export function endStaffEventStreams(userId?: string) {
  staffEvents.emit("end", userId);
}

/** Calls `listener` when the streams of `userId` (or all of them) must end. */
export function onStaffEventsEnd(userId: string, listener: () => void) {
  const ending = (whose?: string) => {
    if (whose === undefined || whose === userId) listener();
  };
  staffEvents.on("end", ending);
  return () => void staffEvents.off("end", ending);
}
