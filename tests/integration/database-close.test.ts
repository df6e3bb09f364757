import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db/client.server";
import { closeDatabase, openDatabase } from "~/server/db/database.server";

/*
 * At shutdown (server.js, SIGTERM) the pool is closed, then the embedded server stops. A job or a
 * write still running then used to open a second pool, whose connection the stopping server broke:
 * an error-level 'idle database client error' in every stop's log (issue 36).
 */
describe("closing the database", () => {
  it("opens no new pool once it is closed for good, until it is opened again", async () => {
    await db().execute(sql`select 1`);
    await closeDatabase();
    expect(() => db()).toThrow(/database is closed/);
    await openDatabase();
    expect((await db().execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
