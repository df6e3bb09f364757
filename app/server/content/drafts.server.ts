import { and, eq, lt, sql } from "drizzle-orm";
import type { RevisionEntityType } from "~/lib/enums";
import { NEW_ITEM_KEY, type DraftTarget, type DraftValues, type SavedDraft } from "~/lib/schemas/drafts";
import { db } from "~/server/db/client.server";
import { contentDrafts } from "~/server/db/schema";

/**
 * Autosaved editor forms (issue 21): one per person and item, written straight to its table. Not
 * through `mutate()`: a draft is nobody's content yet, so no audit row, no revision, and no page
 * cache purge (content_drafts has no change trigger).
 */

export const DRAFT_RETENTION_DAYS = 30;

/** Saves (or replaces) the person's draft of the item; answers when it was written. */
export async function saveDraft(userId: string, target: DraftTarget, values: DraftValues): Promise<Date> {
  const [row] = await db()
    .insert(contentDrafts)
    .values({ userId, ...target, values })
    .onConflictDoUpdate({
      target: [contentDrafts.userId, contentDrafts.entityType, contentDrafts.entityKey],
      set: { values, updatedAt: sql`now()` },
    })
    .returning({ updatedAt: contentDrafts.updatedAt });
  return row!.updatedAt;
}

/** Drops the person's draft of the item (a real save, 'Ignorer'); `entityKey` null: the new one. */
export async function discardDraft(userId: string, entityType: RevisionEntityType, entityKey: string | null) {
  await db()
    .delete(contentDrafts)
    .where(
      and(
        eq(contentDrafts.userId, userId),
        eq(contentDrafts.entityType, entityType),
        eq(contentDrafts.entityKey, entityKey ?? NEW_ITEM_KEY),
      ),
    );
}

/**
 * What an editor's loader gives its frame: where its autosaves go, and the person's draft when it
 * is newer than the saved item (`item` null: the one being created, any draft is newer).
 */
export async function autosaveFor(
  userId: string,
  entityType: RevisionEntityType,
  item: { id: string; updatedAt: Date } | null,
): Promise<DraftTarget & { draft: SavedDraft | null }> {
  const entityKey = item?.id ?? NEW_ITEM_KEY;
  const [row] = await db()
    .select({ values: contentDrafts.values, updatedAt: contentDrafts.updatedAt })
    .from(contentDrafts)
    .where(
      and(
        eq(contentDrafts.userId, userId),
        eq(contentDrafts.entityType, entityType),
        eq(contentDrafts.entityKey, entityKey),
      ),
    );
  const newer = row && (!item || row.updatedAt > item.updatedAt);
  return {
    entityType,
    entityKey,
    draft: newer ? { values: row.values, updatedAt: row.updatedAt.toISOString() } : null,
  };
}

/** The daily job: drafts nobody touched for 30 days go. */
export async function purgeOldDrafts(now = new Date()): Promise<{ purged: number }> {
  const before = new Date(now.getTime() - DRAFT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db()
    .delete(contentDrafts)
    .where(lt(contentDrafts.updatedAt, before))
    .returning({ id: contentDrafts.id });
  return { purged: deleted.length };
}
