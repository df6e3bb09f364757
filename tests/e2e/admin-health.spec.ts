import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ParsedMail } from "mailparser";
import { e2e, expect, sql, test } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { screenshot, signIn, toast } from "./admin-support";

// 'État du site' (/admin/health, admins): the screen, the dashboard's badge when a check is red,
// and the admins' mails: one when a check turns red, none while it stays red, one when it recovers.
// The worker's app evaluates on 'Vérifier maintenant' (HEALTH_CHECK_CRON=off in tests/support/e2e-app.ts).
const sinkPort = () => e2e.stubPort + 1;
let sink: SmtpSink | undefined;
let accounts: { id: string; created_at: Date }[];

test.beforeAll(async () => {
  sink = await startSmtpSink(sinkPort());
  await sql(
    `update site_settings set smtp_server = '127.0.0.1', smtp_port = $1, smtp_username = null,
       smtp_password = null, mailjet_api_key = null, mailjet_secret_key = null`,
    [sinkPort()],
  );
  accounts = await sql("select id, created_at from users");
  // A site installed three days ago that has never made a backup: the backups' check is red.
  await sql("delete from backup_runs");
  await sql("update users set created_at = now() - interval '3 days'");
  await sql("delete from health_check_states");
});

test.afterAll(async () => {
  await sink?.stop();
  await sql("update site_settings set smtp_server = null, smtp_port = null");
  await sql("delete from backup_runs");
  await sql("delete from email_outbox where template_name in ('health_alert', 'health_recovered')");
  for (const account of accounts)
    await sql("update users set created_at = $2 where id = $1", [account.id, account.created_at]);
});

const alertsFor = (subject: string) =>
  sql<{ n: number }>("select count(*)::int as n from email_outbox where to_address = $1 and subject = $2", [
    e2e.admin.email,
    subject,
  ]).then((rows) => rows[0]!.n);

const toAdmin = (mail: ParsedMail) =>
  mail.to !== undefined && "text" in mail.to && mail.to.text === e2e.admin.email;

test.describe.configure({ mode: "serial" });

test("a red check: the dashboard's badge, the screen, one mail to the admin, none while it stays red", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, e2e.admin);
  const badge = page.getByTestId("health-badge");
  await expect(badge).toContainText(/État du site : \d+ problèmes?/);
  await badge.click();

  await expect(page.getByRole("heading", { name: "État du site", level: 1 })).toBeVisible();
  const backups = page.getByTestId("health-backup");
  await expect(backups).toHaveAttribute("data-status", "error");
  await expect(backups).toContainText("Aucune sauvegarde réussie");
  await expect(backups.getByRole("link", { name: "Ouvrir « Sauvegardes »" })).toHaveAttribute(
    "href",
    "/admin/backups",
  );
  await expect(page.getByTestId("health-page-cache")).toBeVisible();
  await screenshot(page, "admin-health-1280");

  await page.getByRole("button", { name: "Vérifier maintenant" }).click();
  await expect(toast(page, "État du site vérifié")).toBeVisible();
  const [mail] = await sink!.waitFor(
    (m) => m.subject === "État du site : Sauvegardes en alerte" && toAdmin(m),
  );
  expect(mail!.text).toContain("Lancez une sauvegarde");
  expect(mail!.text).toContain("/admin/health");

  // Still red: evaluated again, nothing more is sent.
  await page.getByRole("button", { name: "Vérifier maintenant" }).click();
  await expect(toast(page, "Aucun changement depuis la dernière vérification.")).toBeVisible();
  expect(await alertsFor("État du site : Sauvegardes en alerte")).toBe(1);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByTestId("health-backup")).toBeVisible();
  await screenshot(page, "admin-health-375");
});

test("the check recovers: one mail saying so, and the line turns green", async ({ page }) => {
  // The check reads the archive itself: an encrypted one (its age header) where the app keeps them.
  await mkdir(path.join(e2e.dataDir, "backups"), { recursive: true });
  await writeFile(path.join(e2e.dataDir, "backups", "betic-e2e.tar.gz.age"), "age-encryption.org/v1\n");
  await sql(
    `insert into backup_runs (trigger, status, file_name, progress, started_at, finished_at)
     values ('manual', 'succeeded', 'betic-e2e.tar.gz.age', 100, now(), now())`,
  );
  await signIn(page, e2e.admin);
  await page.goto("/admin/health");
  await expect(page.getByTestId("health-backup")).toHaveAttribute("data-status", "ok");
  await page.getByRole("button", { name: "Vérifier maintenant" }).click();
  await expect(toast(page, "État du site vérifié")).toBeVisible();
  const [mail] = await sink!.waitFor((m) => m.subject === "État du site : Sauvegardes rétabli" && toAdmin(m));
  expect(mail!.text).toContain("n'est plus en alerte");
  expect(await alertsFor("État du site : Sauvegardes rétabli")).toBe(1);
  expect(await alertsFor("État du site : Sauvegardes en alerte")).toBe(1);
});
