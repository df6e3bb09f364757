import { afterEach, describe, expect, it, vi } from "vitest";
import { addMonths, subMonths } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { auditLog, contactNotes, contacts, emailOutbox, siteSettings } from "~/server/db/schema";
import { startScheduler } from "~/server/jobs/scheduler.server";

async function addContact(name: string, statusChangedAt: Date) {
  const [row] = await db()
    .insert(contacts)
    .values({ name, email: `${name}@example.fr`, message: "Une demande de devis", statusChangedAt })
    .returning();
  await db()
    .insert(contactNotes)
    .values({ contactId: row!.id, body: `Rappeler ${name}` });
  await db()
    .insert(emailOutbox)
    .values({
      contactId: row!.id,
      toAddress: row!.email,
      subject: "Confirmation",
      htmlBody: `<p>Bonjour ${name}</p>`,
      textBody: `Bonjour ${name}`,
      status: "sent",
    });
  return row!;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("contact retention", () => {
  it("the daily job, run with the clock moved forward, deletes what is past the period and audits the count", async () => {
    const now = new Date();
    const old = await addContact("ancien", subMonths(now, 2));
    const recent = await addContact("recent", now);

    const scheduler = await startScheduler({ pollingIntervalSeconds: 0.5 });
    try {
      // The schedule is registered once, in Paris time.
      const schedules = await scheduler.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron, s.options?.tz]).sort()).toEqual([
        ["analytics-rollup", "5 0 * * *", "Europe/Paris"],
        ["backup", "0 * * * *", "Europe/Paris"],
        ["contacts-digest", "0 8 * * *", "Europe/Paris"],
        ["contacts-retention", "30 3 * * *", "Europe/Paris"],
        ["drafts-purge", "45 3 * * *", "Europe/Paris"],
        ["health-check", "*/5 * * * *", "Europe/Paris"],
        ["rate-limit-purge", "15 * * * *", "Europe/Paris"],
        ["sign-in-failures-purge", "50 3 * * *", "Europe/Paris"],
        ["trash-purge", "45 3 * * *", "Europe/Paris"],
        ["weekly-report", "0 8 * * 1", "Europe/Paris"],
      ]);

      // 33 months later, with the default period of 36 months: nothing is old enough.
      vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
      vi.setSystemTime(addMonths(now, 33));
      await runJob(scheduler);
      expect(await db().$count(contacts)).toBe(2);

      // 35 months later, the older request is 37 months old: kept while the period is 48 months...
      vi.setSystemTime(addMonths(now, 35));
      await db().update(siteSettings).set({ contactRetentionMonths: 48 });
      await runJob(scheduler);
      expect(await db().$count(contacts)).toBe(2);
      // ...deleted with the default 36.
      await db().update(siteSettings).set({ contactRetentionMonths: 36 });
      await runJob(scheduler);
      // Only that one went, with its notes and e-mails.
      const left = await db().select({ id: contacts.id }).from(contacts);
      expect(left).toEqual([{ id: recent.id }]);
      expect(await db().$count(contactNotes, eq(contactNotes.contactId, old.id))).toBe(0);
      expect(await db().$count(emailOutbox, eq(emailOutbox.contactId, old.id))).toBe(0);
      expect(await db().$count(emailOutbox, eq(emailOutbox.contactId, recent.id))).toBe(1);

      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'retention_purge'`);
      expect(audit).toMatchObject({ actorId: null, entityType: "contacts", entityId: null });
      expect(audit!.details).toMatchObject({ deleted: 1, retentionMonths: 36 });
      expect(JSON.stringify(audit)).not.toContain("ancien");
    } finally {
      vi.useRealTimers();
      await scheduler.stop();
    }
  });
});

/** Queues the retention job and waits until a worker has finished it. */
async function runJob(scheduler: Awaited<ReturnType<typeof startScheduler>>) {
  const id = await scheduler.send("contacts-retention");
  expect(id).toBeTruthy();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const job = await scheduler.boss.getJobById("contacts-retention", id!);
    if (job?.state === "completed") return;
    if (job?.state === "failed") throw new Error(`retention job failed: ${JSON.stringify(job.output)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("retention job did not finish");
}
