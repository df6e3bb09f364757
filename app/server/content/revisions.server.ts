import { and, desc, eq } from "drizzle-orm";
import type { RevisionSummary } from "~/lib/admin/revisions";
import type { RevisionEntityType } from "~/lib/enums";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { contentRevisions } from "~/server/db/schema";
import { contentTable, linkCategories, readRevision } from "./revision-snapshots.server";

/** The revisions of a row, newest first (who saved, when): the 'Historique' list. */
export async function listRevisions(
  entityType: RevisionEntityType,
  entityId: string,
  limit = 50,
): Promise<RevisionSummary[]> {
  return db()
    .select({
      id: contentRevisions.id,
      createdAt: contentRevisions.createdAt,
      authorEmail: contentRevisions.authorEmail,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, entityType), eq(contentRevisions.entityId, entityId)))
    .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.id))
    .limit(limit);
}

/**
 * Puts a row back as a revision stored it, its category links included. The restore is a save like any other: refused when the
 * row changed since `expectedUpdatedAt`, audited ("restore"), and itself a new revision. Throws
 * MissingRowError when the revision does not belong to the row or the row is gone.
 */
export async function restoreRevision(
  context: MutationContext,
  entityType: RevisionEntityType,
  entityId: string,
  revisionId: string,
  expectedUpdatedAt: string | Date | null | undefined,
) {
  const table = contentTable(entityType);
  return mutate(context, async (m) => {
    const [revision] = await m.tx
      .select({ data: contentRevisions.data })
      .from(contentRevisions)
      .where(
        and(
          eq(contentRevisions.id, revisionId),
          eq(contentRevisions.entityType, entityType),
          eq(contentRevisions.entityId, entityId),
        ),
      );
    if (!revision) throw new MissingRowError("content_revisions", revisionId);
    const { values, categoryIds } = await readRevision(
      m.tx,
      entityType,
      revision.data as Record<string, unknown>,
    );
    const row = await m.update(table, entityId, values, {
      expectedUpdatedAt: expectedUpdatedAt ?? null,
      action: "restore",
      details: { revisionId },
    });
    if (categoryIds) await linkCategories(m.tx, entityType, entityId, categoryIds);
    return row;
  });
}
