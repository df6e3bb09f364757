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

/** Ends every open event stream of this instance (shutdown: they would hold it open). */
export function endStaffEventStreams() {
  staffEvents.emit("end");
}

export function onStaffEventsEnd(listener: () => void) {
  staffEvents.on("end", listener);
  return () => void staffEvents.off("end", listener);
}
