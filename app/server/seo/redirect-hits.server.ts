import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { legacyRedirects, redirects, slugRedirects } from "~/server/db/schema";
import { runDetached } from "./detached.server";

const tables = { manual: redirects, slug: slugRedirects, import: legacyRedirects } as const;

/**
 * One more hit on a redirect row, after its 301 is decided: one UPDATE, detached (never delaying
 * the answer, dropped when the database is busy). The change triggers ignore these columns.
 */
export function countRedirectHit(kind: keyof typeof tables, id: string) {
  const table = tables[kind];
  runDetached("could not count a redirect hit", () =>
    db()
      .update(table)
      .set({ hits: sql`${table.hits} + 1`, lastHitAt: sql`now()` })
      .where(eq(table.id, id)),
  );
}
