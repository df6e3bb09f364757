import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/download";
import { noStoreHeaders, requireRole } from "~/server/auth/session.server";
import { getBackupRun } from "~/server/backup/schedule.server";
import { backupStore } from "~/server/backup/store.server";

/** GET /admin/backups/download/:id: a kept archive, streamed from DATA_DIR/backups or the bucket. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "admin");
  const run = /^[0-9a-f-]{36}$/.test(params.id) ? await getBackupRun(params.id) : null;
  const archive = run?.status === "succeeded" ? await backupStore().open(run.fileName) : null;
  if (!run || !archive) throw data("Sauvegarde introuvable", { status: 404 });
  return new Response(Readable.toWeb(archive.body) as ReadableStream, {
    headers: {
      ...noStoreHeaders,
      "Content-Type": "application/gzip",
      "Content-Length": String(archive.size),
      "Content-Disposition": `attachment; filename="${run.fileName}"`,
    },
  });
}
