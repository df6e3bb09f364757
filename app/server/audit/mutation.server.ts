import { eq, getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { revisionEntityTypes, type RevisionEntityType } from "~/lib/enums";
import { STALE_CONTENT_MESSAGE } from "~/lib/stale-content";
import { db, type DatabaseTransaction } from "~/server/db/client.server";
import { keepFirstRevisions, saveRevision } from "~/server/content/revision-snapshots.server";
import { dropSlugRedirects, isPublic, recordSlugChange } from "~/server/content/slug-redirects.server";
import { changedFieldNames, recordAudit, type AuditEntry } from "./audit.server";

/** A save over a version newer than the one the form was opened on. Nothing was written. */
export class StaleContentError extends Error {
  constructor() {
    super(STALE_CONTENT_MESSAGE);
    this.name = "StaleContentError";
  }
}

/** The row to change no longer exists (deleted meanwhile). Nothing was written. */
export class MissingRowError extends Error {
  constructor(
    readonly entityType: string,
    readonly id: string,
  ) {
    super(`${entityType} ${id} not found`);
    this.name = "MissingRowError";
  }
}

/** A table with a uuid `id` column: what `mutate` can change. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AuditedTable = PgTable & { id: PgColumn; $inferSelect: any; $inferInsert: any };
type RowOf<T extends AuditedTable> = T["$inferSelect"];

export type MutationOptions = {
  /**
   * The `updated_at` the form was opened with: if the row changed since, the save is refused with
   * StaleContentError. Omit it for changes that cannot overwrite anyone's work.
   */
  expectedUpdatedAt?: string | Date | null;
  /** The audit action ("update" or "delete" by default; e.g. "restore", "status"). */
  action?: string;
  /** Extra audit context (no secrets). */
  details?: Record<string, unknown>;
};

export type MutationScope = {
  /** The transaction, for reads and link-table writes that belong to the same change. */
  tx: DatabaseTransaction;
  /** Inserts a row; audited ("create") and, for content tables, a first revision. */
  insert<T extends AuditedTable>(
    table: T,
    values: T["$inferInsert"],
    options?: MutationOptions,
  ): Promise<RowOf<T>>;
  /** Updates a row by id after the stale check; audited with the changed fields, plus a revision. */
  update<T extends AuditedTable>(
    table: T,
    id: string,
    values: Partial<T["$inferInsert"]>,
    options?: MutationOptions,
  ): Promise<RowOf<T>>;
  /** Deletes a row by id (after the stale check when asked); audited. Returns the deleted row. */
  remove<T extends AuditedTable>(table: T, id: string, options?: MutationOptions): Promise<RowOf<T>>;
  /** An audit row for a change made through `tx` directly. */
  audit(entry: Omit<AuditEntry, "actor" | "ipAddress">): Promise<void>;
};

export type MutationContext = {
  actor: { id: string; email: string };
  /** The client's address (an action's `context.clientIp`). */
  ip?: string | null;
};

function revisionType(table: PgTable): RevisionEntityType | null {
  const name = getTableName(table);
  return (revisionEntityTypes as readonly string[]).includes(name) ? (name as RevisionEntityType) : null;
}

/** Audit field names are the table's column names (snake_case), as stored. */
function columnNames(table: PgTable, fields: string[]): string[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return fields.map((field) => columns[field]?.name ?? field);
}

/**
 * The row's title (or name) beside the audit row's details: the journal names and searches the item
 * by it, also once the row is gone or renamed.
 */
function withLabel(row: unknown, details: Record<string, unknown> | undefined) {
  const { title, name } = row as { title?: unknown; name?: unknown };
  const label = typeof title === "string" ? title : typeof name === "string" ? name : undefined;
  return label === undefined ? details : { label, ...details };
}

function hasUpdatedAt(table: PgTable): boolean {
  return "updatedAt" in getTableColumns(table);
}

async function lockRow<T extends AuditedTable>(
  tx: DatabaseTransaction,
  table: T,
  id: string,
  expectedUpdatedAt: MutationOptions["expectedUpdatedAt"],
): Promise<RowOf<T>> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  if (!row) throw new MissingRowError(getTableName(table), id);
  if (expectedUpdatedAt !== undefined) {
    if (!hasUpdatedAt(table)) throw new Error(`${getTableName(table)} has no updated_at to compare`);
    const expected = expectedUpdatedAt === null ? NaN : new Date(expectedUpdatedAt).getTime();
    // Compared to the millisecond: the form carries what the loader read through the driver.
    if ((row as { updatedAt: Date }).updatedAt.getTime() !== expected) throw new StaleContentError();
  }
  return row as RowOf<T>;
}

/**
 * Runs one back-office change in one transaction: the writes, their audit rows and, for articles,
 * projects and CMS pages, a revision of the stored row and the old-slug redirect. Every action that
 * changes data goes through here.
 *
 *   const page = await mutate({ actor: user, ip: context.clientIp }, (m) =>
 *     m.update(cmsPages, id, values, { expectedUpdatedAt: submission.value.updatedAt }),
 *   );
 *
 * Throws StaleContentError (the spec's message) when `expectedUpdatedAt` is older than the row,
 * and MissingRowError when the row is gone; nothing is written in either case.
 */
export async function mutate<Result>(
  context: MutationContext,
  work: (scope: MutationScope) => Promise<Result>,
): Promise<Result> {
  const { actor, ip } = context;
  return db().transaction(async (tx) => {
    // Content rows this change wrote, each kept as a revision once the whole change is made: a
    // row's category links are written after the row itself.
    const revised = new Map<string, { entityType: RevisionEntityType; id: string }>();
    const audit: MutationScope["audit"] = (entry) =>
      recordAudit(tx, { ...entry, actor: { id: actor.id, email: actor.email }, ipAddress: ip ?? null });

    const scope: MutationScope = {
      tx,
      audit,

      async insert(table, values, options = {}) {
        const [row] = await tx
          .insert(table as PgTable)
          .values(values)
          .returning();
        const created = row as RowOf<typeof table>;
        const entityType = revisionType(table);
        if (entityType) {
          await recordSlugChange(tx, entityType, {
            id: created.id,
            oldSlug: null,
            newSlug: created.slug,
            wasPublic: false,
          });
          revised.set(`${entityType}:${created.id}`, { entityType, id: created.id });
        }
        await audit({
          action: options.action ?? "create",
          entityType: getTableName(table),
          entityId: created.id,
          changedFields: columnNames(table, changedFieldNames(null, created)),
          details: withLabel(created, options.details),
        });
        return created;
      },

      async update(table, id, values, options = {}) {
        const before = await lockRow(tx, table, id, options.expectedUpdatedAt);
        const entityType = revisionType(table);
        // A row nobody saved here yet (seeded, imported): its state before this change stays
        // restorable.
        if (entityType && !revised.has(`${entityType}:${id}`)) await keepFirstRevisions(tx, entityType, id);
        const wasPublic = entityType ? await isPublic(tx, entityType, id) : false;
        const changes: Record<string, unknown> = { ...values };
        if (hasUpdatedAt(table)) {
          // Strictly later than the version read, so two saves in one millisecond still differ.
          const previous = (before as { updatedAt: Date }).updatedAt.getTime();
          changes.updatedAt = new Date(Math.max(Date.now(), previous + 1));
        }
        const [row] = await tx
          .update(table as PgTable)
          .set(changes)
          .where(eq(table.id, id))
          .returning();
        const after = row as RowOf<typeof table>;
        if (entityType) {
          if (before.slug !== after.slug)
            await recordSlugChange(tx, entityType, {
              id,
              oldSlug: before.slug,
              newSlug: after.slug,
              wasPublic,
            });
          revised.set(`${entityType}:${id}`, { entityType, id });
        }
        await audit({
          action: options.action ?? "update",
          entityType: getTableName(table),
          entityId: id,
          changedFields: columnNames(table, changedFieldNames(before, after)),
          details: withLabel(after, options.details),
        });
        return after;
      },

      async remove(table, id, options = {}) {
        const before = await lockRow(tx, table, id, options.expectedUpdatedAt);
        await tx.delete(table as PgTable).where(eq(table.id, id));
        const entityType = revisionType(table);
        if (entityType) {
          await dropSlugRedirects(tx, entityType, id);
          revised.delete(`${entityType}:${id}`);
        }
        await audit({
          action: options.action ?? "delete",
          entityType: getTableName(table),
          entityId: id,
          details: withLabel(before, options.details),
        });
        return before;
      },
    };
    const result = await work(scope);
    for (const { entityType, id } of revised.values()) await saveRevision(tx, entityType, id, actor);
    return result;
  });
}
