import PgBoss from "pg-boss";
import { rollUpPageViews } from "~/server/analytics/rollup.server";
import { ANALYTICS_TIME_ZONE } from "~/server/analytics/visitors.server";
import { sendWeeklyReports } from "~/server/analytics/weekly-report.server";
import { runScheduledBackup } from "~/server/backup/schedule.server";
import { sendDailyDigests } from "~/server/contacts/digest.server";
import { purgeSignInFailures } from "~/server/auth/sign-in-audit.server";
import { purgeExpiredContacts } from "~/server/contacts/retention.server";
import { purgeOldDrafts } from "~/server/content/drafts.server";
import { config } from "~/server/config.server";
import { getPool } from "~/server/db/client.server";
import { recordHealth } from "~/server/health/alerts.server";
import { logger as rootLogger } from "~/server/logger.server";
import { purgeExpiredCounters } from "~/server/security/password-throttle.server";
import { purgeExpiredTrash } from "~/server/trash/trash.server";

const logger = rootLogger.child({ module: "jobs" });

/**
 * The daily jobs. Every instance runs the scheduler; pg-boss (tables in the `pgboss` schema of our
 * database) sends each cron slot's job once and hands it to one worker only, and the 'stately'
 * queues never hold more than one waiting and one running job per name.
 */
export const jobs = {
  "analytics-rollup": { cron: "5 0 * * *", run: () => rollUpPageViews() },
  "contacts-retention": { cron: "30 3 * * *", run: () => purgeExpiredContacts() },
  "drafts-purge": { cron: "45 3 * * *", run: () => purgeOldDrafts() },
  "sign-in-failures-purge": { cron: "50 3 * * *", run: () => purgeSignInFailures() },
  // 08:00 Europe/Paris: each person's requests to follow up and the new unassigned ones.
  "contacts-digest": { cron: "0 8 * * *", run: () => sendDailyDigests() },
  // Mondays 08:00 Europe/Paris: last week's figures to the staff who keep the report on (Profil).
  "weekly-report": { cron: "0 8 * * 1", run: () => sendWeeklyReports() },
  "rate-limit-purge": { cron: "15 * * * *", run: () => purgeExpiredCounters() },
  "trash-purge": { cron: "45 3 * * *", run: () => purgeExpiredTrash() },
  // Every hour; the job itself runs the backup at the hour set on the 'Sauvegardes' screen.
  backup: { cron: "0 * * * *", run: () => runScheduledBackup() },
  // 'État du site': every few minutes (HEALTH_CHECK_CRON), mails the admins when a check turns red.
  "health-check": {
    get cron() {
      return config.healthCheckCron;
    },
    run: () => recordHealth(),
  },
} as const;

export type JobName = keyof typeof jobs;

export type Scheduler = {
  /** Queues a job to run now (once, even if several ask). */
  send(name: JobName): Promise<string | null>;
  boss: PgBoss;
  stop(): Promise<void>;
};

export async function startScheduler(options: { pollingIntervalSeconds?: number } = {}): Promise<Scheduler> {
  const boss = new PgBoss({
    // Our pool: no second set of connections for a few jobs a day.
    db: { executeSql: (text, values) => getPool().query(text, values) },
    schema: "pgboss",
  });
  boss.on("error", (error) => logger.error({ err: error }, "job scheduler error"));
  await boss.start();

  for (const [name, job] of Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]) {
    await boss.createQueue(name, { name, policy: "stately", retryLimit: 3, retryDelay: 300 });
    if (job.cron === "off") await boss.unschedule(name);
    else await boss.schedule(name, job.cron, {}, { tz: ANALYTICS_TIME_ZONE });
    await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
      const result = await job.run();
      logger.info({ job: name, result }, "job done");
      return result;
    });
  }
  // Days missed while no instance ran are summed at once rather than at the next midnight.
  await boss.send("analytics-rollup", {});

  return {
    boss,
    send: (name) => boss.send(name, {}),
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
