import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";

/** 200 when the database answers, 503 otherwise (for load balancers and monitors). */
export async function loader() {
  try {
    await db().execute(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
