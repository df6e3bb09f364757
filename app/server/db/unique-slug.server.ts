import { eq, like, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.server";
import { escapeLike } from "./list.server";

type SluggedTable = PgTable & { id: PgColumn; slug: PgColumn };

/**
 * A slug no other row of `table` holds: `base` (or `fallback` when empty), else `base-2`,
 * `base-3`... `reserved` slugs (paths the site already answers) are never given.
 */
export async function uniqueSlug(
  executor: Executor,
  table: SluggedTable,
  base: string,
  { fallback, exceptId, reserved }: { fallback: string; exceptId?: string; reserved?: ReadonlySet<string> },
): Promise<string> {
  const stem = base || fallback;
  const rows = (await executor
    .select({ slug: table.slug, id: table.id })
    .from(table)
    .where(or(eq(table.slug, stem), like(table.slug, `${escapeLike(stem)}-%`)))) as {
    slug: string;
    id: string;
  }[];
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  const free = (slug: string) => !taken.has(slug) && !reserved?.has(slug);
  if (free(stem)) return stem;
  for (let n = 2; ; n++) if (free(`${stem}-${n}`)) return `${stem}-${n}`;
}
