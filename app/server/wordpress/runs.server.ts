import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { BackupStatus } from "~/lib/enums";
import type { MutationContext } from "~/server/audit/mutation.server";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { wordpressImports } from "~/server/db/schema";
import { logger as rootLogger } from "~/server/logger.server";
import type { ImportReport } from "~/lib/admin/wordpress-import";
import { importWordPress } from "./import.server";

const logger = rootLogger.child({ module: "wordpress-import" });

/** A run whose row has not moved for this long died with its process. */
const STALE_RUN_MS = 10 * 60_000;

export type ImportRun = {
  id: string;
  status: BackupStatus;
  fileName: string;
  progress: number;
  report: ImportReport | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

function asSeen(row: typeof wordpressImports.$inferSelect, now = new Date()): ImportRun {
  const { updatedAt, startedBy: _startedBy, report, ...run } = row;
  const stale = run.status === "running" && now.getTime() - updatedAt.getTime() > STALE_RUN_MS;
  return {
    ...run,
    status: stale ? "failed" : (run.status as BackupStatus),
    error: stale ? "Interrompu avant la fin" : run.error,
    report: report as ImportReport | null,
  };
}

/** The newest run, or null. */
export async function latestImportRun(): Promise<ImportRun | null> {
  const [row] = await db().select().from(wordpressImports).orderBy(desc(wordpressImports.startedAt)).limit(1);
  return row ? asSeen(row) : null;
}

/** Where an upload waits for its import (removed once the import is over). */
function workDirectory(id: string) {
  return path.join(config.dataDir, "imports", id);
}

/** Writes an uploaded file to disk as it arrives; returns its path. */
export async function keepUpload(directory: string, name: string, file: File) {
  await mkdir(directory, { recursive: true });
  const target = path.join(directory, name);
  await pipeline(Readable.fromWeb(file.stream() as never), createWriteStream(target));
  return target;
}

export function newUploadDirectory() {
  return workDirectory(randomUUID());
}

/** An upload no import will read (refused, or its import is over). */
export function discardUpload(directory: string) {
  return rm(directory, { recursive: true, force: true });
}

/** An import already running: the screen shows it rather than starting a second one. */
export class ImportRunningError extends Error {}

/**
 * Starts an import in this process and returns its run at once (the screen follows its row);
 * the upload's directory is removed when it ends, whatever the outcome.
 */
export async function startImportRun(
  context: MutationContext,
  upload: { directory: string; file: string; uploads?: string; fileName: string; dryRun: boolean },
): Promise<{ run: ImportRun; done: Promise<void> }> {
  const current = await latestImportRun();
  if (current?.status === "running") {
    await discardUpload(upload.directory);
    throw new ImportRunningError();
  }
  const [row] = await db()
    .insert(wordpressImports)
    .values({ fileName: upload.fileName.slice(0, 255), startedBy: context.actor.id })
    .returning();
  const run = asSeen(row!);
  return { run, done: execute(run.id, context, upload) };
}

async function execute(
  id: string,
  context: MutationContext,
  upload: { directory: string; file: string; uploads?: string; dryRun: boolean },
) {
  const running = and(eq(wordpressImports.id, id), eq(wordpressImports.status, "running"));
  try {
    const report = await importWordPress({
      file: upload.file,
      uploads: upload.uploads,
      dryRun: upload.dryRun,
      context,
      onProgress: (progress) => {
        db()
          .update(wordpressImports)
          .set({ progress })
          .where(running)
          .catch((error: unknown) => logger.warn({ err: error }, "import progress not saved"));
      },
    });
    await db()
      .update(wordpressImports)
      .set({ status: "succeeded", progress: 100, report, finishedAt: new Date() })
      .where(eq(wordpressImports.id, id));
  } catch (error) {
    logger.error({ err: error }, "WordPress import failed");
    await db()
      .update(wordpressImports)
      .set({ status: "failed", error: (error as Error).message.slice(0, 500), finishedAt: new Date() })
      .where(eq(wordpressImports.id, id));
  } finally {
    await discardUpload(upload.directory);
  }
}
