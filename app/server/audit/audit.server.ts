import type { Executor } from "~/server/db/client.server";
import { auditLog } from "~/server/db/schema";

/**
 * Who acts: the signed-in account, or for a sign-in the address typed (id null when no account
 * has it); null for an anonymous event.
 */
export type AuditActor = { id: string | null; email: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  /** What happened, a short verb: "create", "update", "delete", "restore", "sign_in", ... */
  action: string;
  /** The table (or domain) acted on: "cms_pages", "blog_authors", "auth", ... */
  entityType: string;
  entityId?: string | null;
  /** Column names only (see `changedFieldNames`); never values. */
  changedFields?: string[] | null;
  /** Extra context without secrets or passwords, e.g. `{ restoredRevision: id }`. */
  details?: Record<string, unknown> | null;
  ipAddress?: string | null;
};

/**
 * Writes one audit row. Pass the transaction of the change it records so both commit or neither.
 * Back-office mutations get their audit row from `mutate` (mutation.server.ts); call this directly
 * for events that change no row through it (sign-in, a test e-mail, ...).
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    changedFields: entry.changedFields ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}

/** Bookkeeping columns: not a change anyone made. */
const IGNORED_FIELDS = new Set(["id", "createdAt", "created_at", "updatedAt", "updated_at"]);

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const time = (value: unknown) =>
      value instanceof Date || typeof value === "string" ? new Date(value).getTime() : value;
    return time(a) === time(b);
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object")
    return JSON.stringify(a) === JSON.stringify(b);
  return a === b || ((a === null || a === undefined) && (b === null || b === undefined));
}

/**
 * The names of the fields that differ between a row before and after a change (a create compares
 * with null: every field set; a delete, every field that was set). Names only, so a secret's value
 * never reaches the trail, only the fact that it changed.
 */
export function changedFieldNames(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...names]
    .filter((name) => !IGNORED_FIELDS.has(name) && !sameValue(before?.[name] ?? null, after?.[name] ?? null))
    .sort();
}
