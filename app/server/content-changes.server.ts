import { EventEmitter } from "node:events";

/**
 * Raised when content or settings change, in this instance or any other (the database's
 * `content_changed` notifications are relayed here). Caches subscribe and drop their entries.
 */
export const contentChanges = new EventEmitter();
contentChanges.setMaxListeners(50);

export function announceContentChanged(table: string) {
  contentChanges.emit("changed", table);
}

export function onContentChanged(listener: (table: string) => void) {
  contentChanges.on("changed", listener);
}
