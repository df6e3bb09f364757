import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { lifecycle } from "~/server/health/lifecycle.server";

/**
 * 200 when this instance should get traffic: its database is prepared (migrations done, workers
 * started), the database answers, and no shutdown has begun; 503 otherwise (load balancers).
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (lifecycle.phase !== "ready") {
    return Response.json({ status: lifecycle.phase }, { status: 503, headers });
  }
  try {
    await db().execute(sql`select 1`);
    return Response.json({ status: "ready" }, { headers });
  } catch {
    return Response.json({ status: "database unavailable" }, { status: 503, headers });
  }
}
