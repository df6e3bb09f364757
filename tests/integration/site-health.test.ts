import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureBackupKey } from "~/server/backup/keys.server";
import { db, getPool } from "~/server/db/client.server";
import { backupRuns, emailOutbox, healthCheckStates, siteSettings, users } from "~/server/db/schema";
import { recordHealth } from "~/server/health/alerts.server";
import { evaluateHealth, type HealthOptions } from "~/server/health/checks.server";
import { metricsText } from "~/server/metrics/registry.server";

const HOUR = 3_600_000;
const now = new Date();
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
// A disk never under these (0 %): only the tests about the disk move them.
const calm: HealthOptions = { now, diskWarningPercent: 0, diskAlertPercent: 0 };

async function check(id: string, options: HealthOptions = calm) {
  const found = (await evaluateHealth(options)).find((line) => line.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "betic-health-"));
  process.env.DATA_DIR = dataDir;
  await ensureBackupKey();
  await db()
    .insert(users)
    .values([
      { name: "Alice Admin", email: "alice@betic.test", role: "admin", createdAt: ago(24 * 30) },
      { name: "Béa Admin", email: "bea@betic.test", role: "admin", twoFactorEnabled: true },
      { name: "Ancien Admin", email: "ancien@betic.test", role: "admin", banned: true },
      { name: "Ugo User", email: "ugo@betic.test", role: "user" },
    ]);
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db().execute(sql`truncate backup_runs, email_outbox, health_check_states`);
});

describe("'État du site': the backup check", () => {
  it("is red without any successful backup on a site installed over a day ago, orange on a younger one", async () => {
    expect(await check("backup")).toMatchObject({ status: "error", link: "/admin/backups" });
    expect((await check("backup")).summary).toContain("Aucune sauvegarde réussie");
    const young = await check("backup", { ...calm, now: new Date(now.getTime() - 24 * 30 * HOUR + HOUR) });
    expect(young.status).toBe("warning");
  });

  it("is red once the last successful backup is older than 26 hours, even with a later failed one", async () => {
    await db()
      .insert(backupRuns)
      .values([
        {
          trigger: "scheduled",
          status: "succeeded",
          fileName: "old.tar.gz.age",
          startedAt: ago(27),
          finishedAt: ago(27),
        },
        {
          trigger: "scheduled",
          status: "failed",
          fileName: "new.tar.gz",
          startedAt: ago(2),
          finishedAt: ago(2),
        },
      ]);
    const line = await check("backup");
    expect(line.status).toBe("error");
    expect(line.action).toContain("26 heures");
  });

  it("reads the archive itself: orange when it is not encrypted, whatever its name; green when it is; red when it is gone", async () => {
    await db()
      .insert(backupRuns)
      .values({
        trigger: "manual",
        status: "succeeded",
        fileName: "b.tar.gz.age",
        startedAt: ago(2),
        finishedAt: ago(2),
      });
    await mkdir(path.join(dataDir, "backups"), { recursive: true });
    const file = path.join(dataDir, "backups", "b.tar.gz.age");
    await writeFile(file, gzipSync("not encrypted"));
    const plain = await check("backup");
    expect(plain.status).toBe("warning");
    expect(plain.summary).toMatch(/archive non chiffrée, gardée dans .*backups/);
    await writeFile(file, "age-encryption.org/v1\n-> X25519 …");
    expect(await check("backup")).toMatchObject({ status: "ok", action: null });
    await rm(file);
    expect(await check("backup")).toMatchObject({
      status: "error",
      summary: expect.stringContaining("introuvable"),
    });
  });

  it("is red when the backup key is missing: no archive could be restored", async () => {
    const keyFile = process.env.BACKUP_KEY_FILE!;
    process.env.BACKUP_KEY_FILE = path.join(dataDir, "..", "no-key-here");
    try {
      const line = await check("backup");
      expect(line.status).toBe("error");
      expect(line.summary).toContain("La clé de sauvegarde est absente");
    } finally {
      process.env.BACKUP_KEY_FILE = keyFile;
    }
  });
});

describe("'État du site': the mail check", () => {
  beforeEach(() => db().update(siteSettings).set({ smtpServer: null, mailjetApiKey: null }));

  it("is red without a provider", async () => {
    const line = await check("mail");
    expect(line.status).toBe("error");
    expect(line.summary).toContain("Aucun fournisseur");
  });

  it("is red while the provider refuses (the newest attempt failed after the last mail sent), green once one leaves", async () => {
    await db().update(siteSettings).set({ smtpServer: "smtp.example.fr" });
    await db().insert(emailOutbox).values({
      toAddress: "client@example.fr",
      subject: "Votre demande",
      htmlBody: "<p>x</p>",
      textBody: "x",
      status: "pending",
      attempts: 1,
      lastError: "535 5.7.8 Authentication credentials invalid",
    });
    const refused = await check("mail");
    expect(refused.status).toBe("error");
    expect(refused.summary).toContain("535 5.7.8 Authentication credentials invalid");

    await db()
      .update(emailOutbox)
      .set({ status: "sent", sentAt: sql`now() + interval '1 second'` });
    expect((await check("mail")).status).toBe("ok");
  });

  it("is orange with mails given up", async () => {
    await db().update(siteSettings).set({ smtpServer: "smtp.example.fr" });
    await db()
      .insert(emailOutbox)
      .values({
        toAddress: "client@example.fr",
        subject: "Votre demande",
        htmlBody: "<p>x</p>",
        textBody: "x",
        status: "failed",
        attempts: 5,
        lastError: "timeout",
        createdAt: ago(1),
      });
    await db().insert(emailOutbox).values({
      toAddress: "autre@example.fr",
      subject: "Parti",
      htmlBody: "<p>x</p>",
      textBody: "x",
      status: "sent",
      sentAt: now,
    });
    const line = await check("mail");
    expect(line.status).toBe("warning");
    expect(line.summary).toContain("1 en échec, 0 en attente");
  });
});

describe("'État du site': the daily jobs", () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = new PgBoss({
      db: { executeSql: (text, values) => getPool().query(text, values) },
      schema: "pgboss",
    });
    await boss.start();
    await boss.createQueue("contacts-retention");
  });
  afterAll(() => boss.stop({ graceful: false, wait: true }));

  it("shows a job that has not run yet, then its failure with its message, then its success", async () => {
    expect(await check("job:contacts-retention")).toMatchObject({
      status: "ok",
      summary: "Pas encore exécutée.",
    });

    await boss.send("contacts-retention", {});
    const [failing] = await boss.fetch("contacts-retention");
    await boss.fail("contacts-retention", failing!.id, new Error("relation « contacts » verrouillée"));
    const failed = await check("job:contacts-retention", { ...calm, now: new Date() });
    expect(failed.status).toBe("error");
    expect(failed.summary).toContain("relation « contacts » verrouillée");

    await boss.send("contacts-retention", {});
    const [passing] = await boss.fetch("contacts-retention");
    await boss.complete("contacts-retention", passing!.id, { purged: 0 });
    const done = await check("job:contacts-retention", { ...calm, now: new Date() });
    expect(done.status).toBe("ok");
    expect(done.summary).toContain("Dernière exécution réussie");
  });
});

describe("'État du site': the disk", () => {
  it("turns orange, then red, as the free space falls under each threshold", async () => {
    // The test's disk is whatever it is: thresholds at 100 % and 0 % put it under or over them.
    expect((await check("disk", { now, diskWarningPercent: 100, diskAlertPercent: 0 })).status).toBe(
      "warning",
    );
    const full = await check("disk", { now, diskWarningPercent: 100, diskAlertPercent: 100 });
    expect(full.status).toBe("error");
    expect(full.summary).toMatch(/% libre sous .* ; base de données : \d+ [kMG]B/);
    expect((await check("disk")).status).toBe("ok");
  });
});

describe("'État du site': accounts and settings", () => {
  it("names the active admins without a second factor", async () => {
    const line = await check("two-factor");
    expect(line.status).toBe("warning");
    expect(line.summary).toContain("alice@betic.test");
    expect(line.summary).not.toContain("bea@betic.test");
    expect(line.summary).not.toContain("ancien@betic.test");
  });

  it("is orange while the page cache is off", async () => {
    await db().update(siteSettings).set({ enableCache: false });
    expect((await check("page-cache")).status).toBe("warning");
    await db().update(siteSettings).set({ enableCache: true });
    expect((await check("page-cache")).status).toBe("ok");
  });

  it("compares today's 404s with the usual, counted by the trigger on not_found_paths", async () => {
    await db().execute(sql`insert into not_found_paths (path, hits) values ('/ancienne-page', 1)`);
    await db().execute(sql`update not_found_paths set hits = hits + 59 where path = '/ancienne-page'`);
    const spike = await check("not-found");
    expect(spike.summary).toContain("60 aujourd'hui");
    expect(spike.status).toBe("warning");
    await db().execute(
      sql`insert into not_found_daily (day, hits) select current_date - n, 40 from generate_series(1, 14) n`,
    );
    expect((await check("not-found")).status).toBe("ok");
  });
});

describe("'État du site': mails and metrics", () => {
  const healthMails = () =>
    db()
      .select({ to: emailOutbox.toAddress, template: emailOutbox.templateName, subject: emailOutbox.subject })
      .from(emailOutbox)
      .orderBy(emailOutbox.toAddress);

  it("mails every active admin once when a check turns red, not while it stays red, and once when it recovers", async () => {
    const red = { now, diskWarningPercent: 100, diskAlertPercent: 100 };
    const first = await recordHealth(red);
    expect(first.turnedRed).toContain("disk");
    const disk = (await healthMails()).filter((mail) => mail.subject.includes("Espace disque"));
    expect(disk).toEqual([
      { to: "alice@betic.test", template: "health_alert", subject: "État du site : Espace disque en alerte" },
      { to: "bea@betic.test", template: "health_alert", subject: "État du site : Espace disque en alerte" },
    ]);
    const [state] = await db().select().from(healthCheckStates).where(eq(healthCheckStates.check, "disk"));
    expect(state?.status).toBe("error");

    const mailsBefore = (await healthMails()).length;
    expect(await recordHealth(red)).toEqual({ turnedRed: [], recovered: [] });
    expect((await healthMails()).length).toBe(mailsBefore);

    const second = await recordHealth(calm);
    expect(second.recovered).toEqual(["disk"]);
    const recovered = (await healthMails()).filter((mail) => mail.template === "health_recovered");
    expect(recovered.map((mail) => [mail.to, mail.subject])).toEqual([
      ["alice@betic.test", "État du site : Espace disque rétabli"],
      ["bea@betic.test", "État du site : Espace disque rétabli"],
    ]);
    expect((await recordHealth(calm)).recovered).toEqual([]);
  });

  it("exports one series per check in /metrics: 0 ok, 1 warning, 2 error", async () => {
    await db().update(siteSettings).set({ enableCache: false, smtpServer: null });
    const text = await metricsText();
    expect(text).toContain('betic_health_check_status{check="page-cache"} 1');
    expect(text).toContain('betic_health_check_status{check="mail"} 2');
    expect(text).toMatch(/betic_health_check_status\{check="job:backup"\} [012]/);
  });
});
