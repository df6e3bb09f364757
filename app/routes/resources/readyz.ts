import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { lifecycle } from "~/server/health/lifecycle.server";

/** /readyz is public: the database is asked at most once a second, however often it is probed. */
const CHECK_MS = 1000;
let lastCheck: { at: number; answers: Promise<boolean> } | undefined;

function databaseAnswers(): Promise<boolean> {
  const now = Date.now();
  if (!lastCheck || now - lastCheck.at >= CHECK_MS) {
    lastCheck = {
      at: now,
      answers: db()
        .execute(sql`select 1`)
        .then(
          () => true,
          () => false,
        ),
    };
  }
  return lastCheck.answers;
}

/**
 * 200 when this instance should get traffic: its database is prepared (migrations done, workers
 * started), the database answered within the last second, and no shutdown has begun (read on
 * every probe); 503 otherwise (load balancers).
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  if (lifecycle.phase !== "ready") {
    return Response.json({ status: lifecycle.phase }, { status: 503, headers });
  }
  if (await databaseAnswers()) return Response.json({ status: "ready" }, { headers });
  return Response.json({ status: "database unavailable" }, { status: 503, headers });
}
