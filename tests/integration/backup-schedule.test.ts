import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  applyRetention,
  backupsToKeep,
  isBackupOverdue,
  listBackupRuns,
  runScheduledBackup,
  startBackupRun,
} from "~/server/backup/schedule.server";
import { db } from "~/server/db/client.server";
import { backupRuns, backupSettings, users } from "~/server/db/schema";
import { localDriver, setStorageDriver } from "~/server/media/storage.server";
import { loader as downloadLoader } from "~/routes/admin/backups/download";
import { signedInAs } from "../support/signed-in";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "betic-backup-schedule-"));
  process.env.DATA_DIR = dataDir;
  setStorageDriver(localDriver(path.join(dataDir, "media")));
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  setStorageDriver();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().delete(backupRuns);
  await db().update(backupSettings).set({ isEnabled: true, hour: 2, keepDaily: 7, keepWeekly: 4 });
});

describe("retention", () => {
  it("keeps the newest backup of each of the last days and of each of the last weeks", () => {
    // Two a day at 03:00 and 15:00 Paris time (UTC+1 in winter), from Sunday 2026-11-29 back 40 days.
    const runs = [];
    for (let day = 0; day < 40; day++) {
      for (const hour of [14, 2]) {
        const startedAt = new Date(Date.UTC(2026, 10, 29 - day, hour));
        runs.push({ id: `${startedAt.toISOString()}`, startedAt });
      }
    }
    const kept = [...backupsToKeep(runs, { keepDaily: 3, keepWeekly: 3 })].sort().reverse();
    expect(kept).toEqual([
      "2026-11-29T14:00:00.000Z", // the last three days' latest...
      "2026-11-28T14:00:00.000Z",
      "2026-11-27T14:00:00.000Z",
      "2026-11-22T14:00:00.000Z", // ...and the latest of the two weeks before (Sundays)
      "2026-11-15T14:00:00.000Z",
    ]);
    expect(backupsToKeep(runs, { keepDaily: 1, keepWeekly: 0 })).toEqual(
      new Set(["2026-11-29T14:00:00.000Z"]),
    );
  });
});

describe("the daily job", () => {
  it("backs up once at the set hour (Paris), keeps the archive and the run, and applies the retention", async () => {
    const at = (iso: string) => new Date(iso);
    // 02:30 in Paris is 01:30 UTC in winter.
    expect(await runScheduledBackup(at("2026-11-26T00:30:00Z"))).toEqual({ skipped: "not the hour" });
    const first = await runScheduledBackup(at("2026-11-26T01:30:00Z"));
    expect(first).toMatchObject({ status: "succeeded" });
    expect(await runScheduledBackup(at("2026-11-26T01:45:00Z"))).toEqual({ skipped: "done today" });

    const [run] = await listBackupRuns();
    expect(run).toMatchObject({ trigger: "scheduled", status: "succeeded", progress: 100 });
    expect(run!.sizeBytes).toBeGreaterThan(0);
    expect(await readdir(path.join(dataDir, "backups"))).toEqual([run!.fileName]);

    await db().update(backupSettings).set({ isEnabled: false });
    expect(await runScheduledBackup(at("2026-11-27T01:30:00Z"))).toEqual({ skipped: "disabled" });

    // A second archive, then a retention of one day: the older one goes, file and row.
    await db()
      .update(backupRuns)
      .set({ startedAt: new Date(Date.now() - 2 * DAY) });
    const { done } = await startBackupRun("manual");
    await done;
    await db().update(backupSettings).set({ keepDaily: 1, keepWeekly: 0 });
    await applyRetention();
    const [kept] = await listBackupRuns();
    expect((await listBackupRuns()).length).toBe(1);
    expect(kept).toMatchObject({ trigger: "manual", status: "succeeded" });
    expect(await readdir(path.join(dataDir, "backups"))).toEqual([kept!.fileName]);
  }, 60_000);

  it("records a failed backup with its reason", async () => {
    // A file where the backups directory should be.
    const blocked = await mkdtemp(path.join(tmpdir(), "betic-backup-blocked-"));
    await rm(blocked, { recursive: true });
    await writeFile(blocked, "x");
    process.env.DATA_DIR = blocked;
    try {
      const { done } = await startBackupRun("manual");
      await done;
    } finally {
      process.env.DATA_DIR = dataDir;
      await rm(blocked, { force: true });
    }
    const [run] = await listBackupRuns();
    expect(run).toMatchObject({ status: "failed" });
    expect(run!.error).toMatch(/ENOTDIR|EEXIST/);
  });
});

describe("the dashboard's warning and the download", () => {
  it("warns when no backup succeeded for 48 hours on an installation older than that", async () => {
    await signedInAs("admin");
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * DAY) });
    expect(await isBackupOverdue()).toBe(true);
    const { run, done } = await startBackupRun("manual");
    await done;
    expect(await isBackupOverdue()).toBe(false);
    await db()
      .update(backupRuns)
      .set({ finishedAt: new Date(Date.now() - 49 * HOUR) })
      .where(eq(backupRuns.id, run.id));
    expect(await isBackupOverdue()).toBe(true);
    await db().execute(sql`update users set created_at = now()`);
    expect(await isBackupOverdue()).toBe(false);
  });

  it("streams a kept archive to an admin only", async () => {
    const { run, done } = await startBackupRun("manual");
    await done;
    const admin = await signedInAs("admin");
    const response = await downloadLoader({
      request: admin.request(`/admin/backups/download/${run.id}`),
      params: { id: run.id },
    } as never);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${run.fileName}"`);
    const body = Buffer.from(await response.arrayBuffer());
    // Encrypted to the backup key, as every archive is (an age file, not a readable gzip).
    expect(body.subarray(0, 21).toString("latin1")).toBe("age-encryption.org/v1");

    const user = await signedInAs("user");
    await expect(
      downloadLoader({
        request: user.request(`/admin/backups/download/${run.id}`),
        params: { id: run.id },
      } as never),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
