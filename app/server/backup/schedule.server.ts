import path from "node:path";
import { getISOWeek, getISOWeekYear } from "date-fns";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { BackupStatus } from "~/lib/enums";
import type { BackupSettingsInput } from "~/lib/schemas/backups";
import { ANALYTICS_TIME_ZONE, analyticsDay } from "~/server/analytics/visitors.server";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { db } from "~/server/db/client.server";
import { backupRuns, backupSettings, users } from "~/server/db/schema";
import { logger as rootLogger } from "~/server/logger.server";
import { backupDirectory, createBackup, defaultBackupName } from "./create.server";
import { backupStore } from "./store.server";

const logger = rootLogger.child({ module: "backup" });

/** A run whose row has not moved for this long died with its process. */
const STALE_RUN_MS = 10 * 60_000;
/** The dashboard warns admins when the last successful backup is older than this. */
export const BACKUP_OVERDUE_MS = 48 * 3_600_000;

export async function getBackupSettings() {
  const [row] = await db().select().from(backupSettings).limit(1);
  if (!row) throw new Error("the backup_settings row is missing");
  return row;
}

export async function saveBackupSettings(context: MutationContext, input: BackupSettingsInput) {
  const row = await getBackupSettings();
  return mutate(context, (m) =>
    m.update(
      backupSettings,
      row.id,
      {
        isEnabled: input.isEnabled,
        hour: input.hour,
        keepDaily: input.keepDaily,
        keepWeekly: input.keepWeekly,
      },
      { expectedUpdatedAt: input.updatedAt ?? null },
    ),
  );
}

export type BackupRun = {
  id: string;
  trigger: string;
  status: BackupStatus;
  fileName: string;
  progress: number;
  sizeBytes: number | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/** A run still marked running whose process stopped reads as failed. */
function asSeen(row: typeof backupRuns.$inferSelect, now: Date): BackupRun {
  const { updatedAt, ...run } = row;
  if (run.status === "running" && now.getTime() - updatedAt.getTime() > STALE_RUN_MS) {
    return { ...run, status: "failed", error: "Interrompue avant la fin" };
  }
  return { ...run, status: run.status as BackupStatus };
}

export async function listBackupRuns(limit = 50, now = new Date()): Promise<BackupRun[]> {
  const rows = await db().select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);
  return rows.map((row) => asSeen(row, now));
}

export async function getBackupRun(id: string) {
  const [row] = await db().select().from(backupRuns).where(eq(backupRuns.id, id));
  return row ? asSeen(row, new Date()) : null;
}

/**
 * Whether admins should be told that backups are not happening: no backup succeeded in the last
 * 48 hours, on an installation older than that (its first account).
 */
export async function isBackupOverdue(now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - BACKUP_OVERDUE_MS);
  const [row] = await db()
    .select({
      recent: sql<boolean>`exists (select 1 from ${backupRuns} where ${backupRuns.status} = 'succeeded' and ${backupRuns.finishedAt} >= ${since})`,
      old: sql<boolean>`exists (select 1 from ${users} where ${users.createdAt} < ${since})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row && !row.recent && row.old);
}

/**
 * Starts a backup in this process and returns its run at once (the screen follows its progress);
 * `done` settles when it is over. A run already going is returned instead of a second one. The
 * scheduled job gives its own `now`: the day it checks is the day the run is stamped with.
 */
export async function startBackupRun(
  trigger: "scheduled" | "manual",
  now = new Date(),
): Promise<{ run: BackupRun; done: Promise<void> }> {
  const running = (await listBackupRuns(5, now)).find((run) => run.status === "running");
  if (running) return { run: running, done: Promise.resolve() };
  const [row] = await db()
    .insert(backupRuns)
    .values({ trigger, fileName: defaultBackupName(now), startedAt: now })
    .returning();
  const run = asSeen(row!, now);
  return { run, done: execute(run) };
}

async function execute(run: BackupRun) {
  let shown = 0;
  try {
    const result = await createBackup({
      out: path.join(backupDirectory(), run.fileName),
      onProgress: ({ done, total }) => {
        const percent = Math.floor((done / total) * 99);
        if (percent === shown) return;
        shown = percent;
        db()
          .update(backupRuns)
          .set({ progress: percent })
          .where(and(eq(backupRuns.id, run.id), eq(backupRuns.status, "running")))
          .catch((error: unknown) => logger.warn({ err: error }, "backup progress not saved"));
      },
    });
    await backupStore().keep(result.file);
    await db()
      .update(backupRuns)
      .set({ status: "succeeded", progress: 100, sizeBytes: result.bytes, finishedAt: new Date() })
      .where(eq(backupRuns.id, run.id));
    logger.info({ file: run.fileName, bytes: result.bytes }, "backup done");
    await applyRetention();
  } catch (error) {
    logger.error({ err: error }, "backup failed");
    await db()
      .update(backupRuns)
      .set({ status: "failed", error: (error as Error).message.slice(0, 500), finishedAt: new Date() })
      .where(eq(backupRuns.id, run.id));
  }
}

const hourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: ANALYTICS_TIME_ZONE,
  hour: "numeric",
  hourCycle: "h23",
});

/**
 * The hourly job: at the set hour (Europe/Paris), one scheduled backup a day, then the archives
 * beyond the retention are deleted.
 */
export async function runScheduledBackup(now = new Date()) {
  const settings = await getBackupSettings();
  if (!settings.isEnabled) return { skipped: "disabled" };
  if (Number(hourFormat.format(now)) !== settings.hour) return { skipped: "not the hour" };
  const today = analyticsDay(now);
  const dayAgo = new Date(now.getTime() - 26 * 3_600_000);
  const earlier = await db()
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, "scheduled"), gte(backupRuns.startedAt, dayAgo)));
  if (earlier.some((run) => analyticsDay(run.startedAt) === today)) return { skipped: "done today" };
  const { run, done } = await startBackupRun("scheduled", now);
  await done;
  return { run: run.id, status: (await getBackupRun(run.id))?.status };
}

/**
 * Which archives the retention keeps, from the successful runs newest first: the newest of each
 * of the last `keepDaily` days and of each of the last `keepWeekly` ISO weeks (Europe/Paris).
 */
export function backupsToKeep(
  runs: { id: string; startedAt: Date }[],
  { keepDaily, keepWeekly }: { keepDaily: number; keepWeekly: number },
): Set<string> {
  const keep = new Set<string>();
  const pick = (limit: number, period: (run: { startedAt: Date }) => string) => {
    const seen = new Set<string>();
    for (const run of runs) {
      const key = period(run);
      if (seen.has(key)) continue;
      if (seen.size === limit) break;
      seen.add(key);
      keep.add(run.id);
    }
  };
  pick(keepDaily, (run) => analyticsDay(run.startedAt));
  pick(keepWeekly, (run) => {
    const day = new Date(`${analyticsDay(run.startedAt)}T12:00:00Z`);
    return `${getISOWeekYear(day)}-W${getISOWeek(day)}`;
  });
  return keep;
}

/** Deletes the archives (and their rows) the retention does not keep, and failed runs older than the oldest kept. */
export async function applyRetention() {
  const settings = await getBackupSettings();
  const succeeded = await db()
    .select({ id: backupRuns.id, fileName: backupRuns.fileName, startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(eq(backupRuns.status, "succeeded"))
    .orderBy(desc(backupRuns.startedAt));
  const keep = backupsToKeep(succeeded, settings);
  for (const run of succeeded) {
    if (keep.has(run.id)) continue;
    await backupStore().remove(run.fileName);
    await db().delete(backupRuns).where(eq(backupRuns.id, run.id));
  }
  const oldestKept = succeeded.filter((run) => keep.has(run.id)).at(-1);
  if (oldestKept) {
    await db()
      .delete(backupRuns)
      .where(and(eq(backupRuns.status, "failed"), lt(backupRuns.startedAt, oldestKept.startedAt)));
  }
}
