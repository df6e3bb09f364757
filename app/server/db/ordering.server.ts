import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./client.server";

/** A table ordered by hand: gallery images, expertise blocks. */
type OrderedTable = PgTable & { id: PgColumn; displayOrder: PgColumn };

/** Gives the rows, in the order listed, display_order 0, 1, 2... in one statement. */
export async function renumber(executor: Executor, table: OrderedTable, ids: string[]) {
  if (ids.length === 0) return;
  const order = sql.identifier(table.displayOrder.name);
  await executor.execute(sql`
    update ${table} set ${order} = numbered.position - 1
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as numbered(id, position)
    where ${table.id} = numbered.id and ${table.displayOrder} <> numbered.position - 1`);
}

/** Whether `proposed` lists exactly the ids of `current`, each once (a new order, nothing lost). */
export function isSameSet(proposed: readonly string[], current: readonly string[]) {
  const known = new Set(current);
  return (
    proposed.length === current.length &&
    new Set(proposed).size === proposed.length &&
    proposed.every((id) => known.has(id))
  );
}
