import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { RevisionSummary } from "~/lib/admin/revisions";
import type { RevisionEntityType } from "~/lib/enums";
import { mutate, MissingRowError, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, contentRevisions, projects } from "~/server/db/schema";

const tables = { blog_articles: blogArticles, projects, cms_pages: cmsPages } as const;

/** Columns a restore leaves alone: identity and bookkeeping. */
const KEPT_COLUMNS = new Set(["id", "createdAt", "updatedAt"]);

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
 * Puts a row back as a revision stored it. The restore is a save like any other: refused when the
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
  const table = tables[entityType];
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
    const stored = revision.data as Record<string, unknown>;
    // The revision holds database column names and JSON values; turn them back into the row's.
    const values: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
      if (KEPT_COLUMNS.has(key) || !(column.name in stored)) continue;
      const value = stored[column.name];
      values[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    return m.update(table, entityId, values, {
      expectedUpdatedAt: expectedUpdatedAt ?? null,
      action: "restore",
      details: { revisionId },
    });
  });
}
