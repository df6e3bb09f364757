import { isUuid } from "~/lib/uuid";
import { eq, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Cards link to /blog/{slug or id} and /projects/{slug or id} (public-site.md §2), so a detail
 * key may be either. Only a UUID-shaped key is compared with the id (the column is uuid-typed).
 */
export function slugOrIdMatches(table: { slug: PgColumn; id: PgColumn }, key: string): SQL {
  return isUuid(key) ? or(eq(table.slug, key), eq(table.id, key))! : eq(table.slug, key);
}
