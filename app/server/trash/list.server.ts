import { and, eq } from "drizzle-orm";
import type { ListQuery } from "~/lib/list-query";
import type { trashListSpec } from "~/lib/schemas/trash";
import { db } from "~/server/db/client.server";
import { containsText, frenchText, listOrder, listPage } from "~/server/db/list.server";
import { trashItems } from "~/server/db/schema";

export type TrashListQuery = ListQuery<(typeof trashListSpec.sorts)[number], "type">;

/** 'Corbeille': one page of trashed items, searched, filtered and sorted in SQL. */
export function listTrash(query: TrashListQuery) {
  const where = and(
    containsText([trashItems.title, trashItems.slug, trashItems.deletedByEmail], query.q),
    query.filters.type ? eq(trashItems.entityType, query.filters.type) : undefined,
  );
  const column = {
    deleted: trashItems.deletedAt,
    title: frenchText(trashItems.title),
    type: trashItems.entityType,
  }[query.sort];
  return listPage(query.page, {
    count: () => db().$count(trashItems, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: trashItems.id,
          entityType: trashItems.entityType,
          title: trashItems.title,
          slug: trashItems.slug,
          deletedByEmail: trashItems.deletedByEmail,
          deletedAt: trashItems.deletedAt,
        })
        .from(trashItems)
        .where(where)
        .orderBy(...listOrder(column, query.dir, trashItems.id))
        .limit(limit)
        .offset(offset),
  });
}
