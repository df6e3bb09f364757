/**
 * The back office's expertise blocks (back-office.md §2.13, §4, §5, §7 "Expertise"). The home
 * page reads them through expertise/published.server.ts; every write here reaches it at once (the
 * table's change trigger drops the cached pages).
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { moveInList } from "~/lib/admin/ordering";
import type { ExpertiseFormValues } from "~/lib/schemas/expertise";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { isSameSet, renumber } from "~/server/db/ordering.server";
import { containsText } from "~/server/db/list.server";
import { expertiseBlocks } from "~/server/db/schema";
import { deleteMediaIfUnused } from "~/server/media/cleanup.server";
import { moveToTrash } from "~/server/trash/trash.server";

export type ExpertiseBlockRow = typeof expertiseBlocks.$inferSelect;

const order = [asc(expertiseBlocks.displayOrder), asc(expertiseBlocks.createdAt), asc(expertiseBlocks.id)];

/** §2.13: every block in display order, or those whose title or description contains `search`. */
export function listBlocks(search = "") {
  return db()
    .select()
    .from(expertiseBlocks)
    .where(containsText([expertiseBlocks.title, expertiseBlocks.description], search))
    .orderBy(...order);
}

/** §4: a new block goes last, display_order = the number of blocks. */
export async function createBlock(context: MutationContext, values: ExpertiseFormValues) {
  return mutate(context, async (m) => {
    // One writer at a time, so two blocks added together never share a place.
    await m.tx.execute(sql`lock table ${expertiseBlocks} in share row exclusive mode`);
    const [{ total }] = (await m.tx.select({ total: count() }).from(expertiseBlocks)) as [{ total: number }];
    return m.insert(expertiseBlocks, { ...values, displayOrder: total });
  });
}

/**
 * Updates a block (refused when it changed since the dialog opened on `expectedUpdatedAt`); an
 * image or icon it no longer shows is removed if nothing else uses it.
 */
export async function updateBlock(
  context: MutationContext,
  id: string,
  values: ExpertiseFormValues,
  expectedUpdatedAt?: string,
) {
  const { before, after } = await mutate(context, async (m) => {
    const [before] = await m.tx.select().from(expertiseBlocks).where(eq(expertiseBlocks.id, id));
    const after = await m.update(expertiseBlocks, id, values, { expectedUpdatedAt });
    return { before: before!, after };
  });
  await removeUnusedFiles(before, after);
  return after;
}

/**
 * Moves a block to the trash (decision 012; its files stay until it is purged); the others close
 * the gap so display_order stays 0, 1, 2...
 */
export function deleteBlock(context: MutationContext, id: string) {
  return mutate(context, async (m) => {
    const removed = await moveToTrash(m, context.actor, "expertise_blocks", id);
    await renumber(
      m.tx,
      expertiseBlocks,
      (
        await m.tx
          .select({ id: expertiseBlocks.id })
          .from(expertiseBlocks)
          .orderBy(...order)
      ).map((row) => row.id),
    );
    return removed;
  });
}

/** The blocks in a new order (drag and drop or up/down): exactly every block, each once. */
export async function reorderBlocks(context: MutationContext, orderedIds: string[]) {
  return mutate(context, async (m) => {
    await m.tx.execute(sql`lock table ${expertiseBlocks} in share row exclusive mode`);
    const current = (await m.tx.select({ id: expertiseBlocks.id }).from(expertiseBlocks)).map(
      (row) => row.id,
    );
    if (!isSameSet(orderedIds, current)) throw new Error("the blocks changed meanwhile");
    await renumber(m.tx, expertiseBlocks, orderedIds);
    await m.audit({ action: "reorder", entityType: "expertise_blocks" });
  });
}

/** 'Monter' / 'Descendre': swaps a block with its neighbour (the ends cannot move out). */
export async function moveBlock(context: MutationContext, id: string, direction: "up" | "down") {
  const ids = (
    await db()
      .select({ id: expertiseBlocks.id })
      .from(expertiseBlocks)
      .orderBy(...order)
  ).map((row) => row.id);
  const moved = moveInList(ids, id, direction);
  if (!moved) throw new Error(`block ${id} cannot move ${direction}`);
  await reorderBlocks(context, moved);
}

async function removeUnusedFiles(before: ExpertiseBlockRow, after: ExpertiseBlockRow) {
  const kept = new Set([after.imageUrl, after.customIconUrl]);
  for (const url of [before.imageUrl, before.customIconUrl]) {
    if (url && !kept.has(url)) await deleteMediaIfUnused(url);
  }
}
