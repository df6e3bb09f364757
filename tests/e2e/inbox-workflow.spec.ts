import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { e2e, sql } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { snapshotTables } from "./configuration-support";
import { expect as baseExpect, signIn, staff, test, toast } from "./admin-support";

// Issue 22: a request is answered, given to a colleague and followed up from the inbox. Replies
// and assignment notices leave through the outbox to a real SMTP server (the test sink) or the
// Mailjet stand-in, and the timeline tells how each one went.

// A browser, an SMTP exchange and a second signed-in browser per test, on a shared machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const sinkPort = () => e2e.stubPort + 1;
let restore: () => Promise<void>;
let sink: SmtpSink | undefined;
let mailjet: Server | undefined;

test.beforeAll(async () => {
  restore = await snapshotTables(["site_settings"]);
});
test.beforeEach(async () => {
  await sql("delete from rate_limits");
});
test.afterEach(async () => {
  await sink?.stop();
  sink = undefined;
  await new Promise((resolve) => (mailjet ? mailjet.close(resolve) : resolve(null)));
  mailjet = undefined;
  await restore();
});
test.afterAll(async () => {
  await sql("delete from contacts where email like '%@workflow.test'");
});

async function useSmtpSink() {
  sink = await startSmtpSink(sinkPort());
  await sql(
    `update site_settings set smtp_server = 'localhost', smtp_port = $1, smtp_username = null,
       smtp_password = null, mailjet_api_key = null, mailjet_secret_key = null`,
    [sinkPort()],
  );
  return sink;
}

/** A request as the public form stores it, by SQL: the screens under test start from it. */
async function newRequest(name: string, status = "new") {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@workflow.test`;
  const [row] = await sql<{ id: string }>(
    `insert into contacts (name, email, subject, message, service_type, status)
     values ($1, $2, 'Tableau électrique', $3, 'renovation', $4) returning id`,
    [name, email, "Bonjour,\nmon tableau disjoncte chaque soir.", status],
  );
  return { id: row!.id, email };
}

async function openRequest(page: Page, id: string, name: string) {
  await page.goto(`/admin/contacts?contact=${id}`);
  const detail = page.getByRole("dialog", { name });
  await expect(detail).toBeVisible();
  return detail;
}

/** The timeline's line of the reply. */
const replyLine = (page: Page) =>
  page.getByTestId("contact-timeline").getByRole("listitem").filter({ hasText: "Réponse au visiteur" });

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a reply reaches the visitor as the company, quotes only what staff chose, and shows 'envoyé'", async ({
      page,
    }) => {
      const smtp = await useSmtpSink();
      const name = `Réponse ${width}`;
      const visitor = await newRequest(name);
      const detail = await openRequest(page, visitor.id, name);
      await detail.getByRole("button", { name: "Répondre" }).click();
      const composer = page.getByRole("dialog", { name: "Répondre à la demande" });
      await expect(composer.getByLabel("Sujet")).toHaveValue("Re : Tableau électrique");
      const body = composer.getByLabel("Message");
      await expect(body).toHaveValue(/^Bonjour Réponse \d+,/);
      await expect(body).not.toHaveValue(/disjoncte/);
      await body.fill("Bonjour,\n\nNous passons jeudi à 9 h.\n\nCordialement");
      await composer.getByRole("button", { name: "Citer le message" }).click();
      await expect(body).toHaveValue(/> mon tableau disjoncte chaque soir\.$/);
      await page.screenshot({ path: `test-results/inbox-reply-composer-${width}.png` });
      await composer.getByRole("button", { name: "Envoyer la réponse" }).click();
      await expect(toast(page, "Réponse envoyée")).toBeVisible();
      await expect(composer).toBeHidden();

      const [mail] = await smtp.waitFor(
        (m) => m.to !== undefined && "text" in m.to && m.to.text === visitor.email,
      );
      expect(mail!.subject).toBe("Re : Tableau électrique");
      const [company] = await sql<{ from_email: string; reply_to_email: string }>(
        "select from_email, reply_to_email from site_settings",
      );
      expect(mail!.from?.value[0]?.address).toBe(company!.from_email);
      expect(mail!.replyTo?.value[0]?.address).toBe(company!.reply_to_email);
      expect(mail!.text).toContain("Nous passons jeudi à 9 h.");
      expect(mail!.text).toContain("> mon tableau disjoncte chaque soir.");
      expect(mail!.html).toContain("<blockquote");

      // The open request follows its reply to 'envoyé', without a reload; 'Nouveau' became 'En cours'.
      await expect(replyLine(page)).toContainText("envoyé");
      await expect(replyLine(page)).toContainText(staff.email);
      await expect(detail.getByLabel("Statut de la demande")).toHaveValue("in_progress");
      await page.screenshot({ path: `test-results/inbox-reply-sent-${width}.png`, fullPage: true });
    });
  });
}

test.describe("1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a reply the provider refuses shows 'échec' with the provider's reason", async ({ page }) => {
    mailjet = createServer((req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          Messages: [{ Status: "error", Errors: [{ ErrorMessage: "Adresse du destinataire invalide" }] }],
        }),
      );
    });
    await new Promise<void>((resolve) => mailjet!.listen(e2e.stubPort, "127.0.0.1", resolve));
    await sql(
      "update site_settings set mailjet_api_key = 'cle-api-e2e', mailjet_secret_key = 'cle-secrete-e2e', smtp_server = null",
    );
    const visitor = await newRequest("Refusée");
    await openRequest(page, visitor.id, "Refusée");
    await page.getByRole("button", { name: "Répondre" }).click();
    await page
      .getByRole("dialog", { name: "Répondre à la demande" })
      .getByRole("button", { name: "Envoyer la réponse" })
      .click();
    await expect(toast(page, "Réponse envoyée")).toBeVisible();
    await expect(replyLine(page)).toContainText("échec");
    await expect(replyLine(page)).toContainText(
      "Mailjet a refusé l'envoi (erreur 400) : Adresse du destinataire invalide.",
    );
    const [row] = await sql<{ status: string; attempts: number }>(
      "select status, attempts from email_outbox where to_address = $1",
      [visitor.email],
    );
    expect(row).toEqual({ status: "failed", attempts: 1 });
  });

  test("a follow-up date is kept, told on the timeline, and 'Mes demandes' lists the requests assigned to me", async ({
    page,
  }) => {
    const visitor = await newRequest("Relance");
    const detail = await openRequest(page, visitor.id, "Relance");
    await detail.getByLabel("À relancer le").fill("2026-12-15");
    await detail.getByRole("button", { name: "Enregistrer la date" }).click();
    await expect(toast(page, "Relance programmée")).toContainText("À relancer le 15/12/2026");
    await expect(page.getByTestId("contact-timeline")).toContainText("À relancer le 15/12/2026");

    const [me] = await sql<{ id: string }>("select id from users where email = $1", [staff.email]);
    await detail.getByLabel("Attribuer à").selectOption(me!.id);
    await expect(toast(page, "Demande attribuée")).toBeVisible();
    await expect(page.getByTestId("contact-timeline")).toContainText(`Attribuée à ${staff.email}`);

    await page.goto("/admin/contacts?assigned=me");
    await expect(page.getByRole("link", { name: "Relance", exact: true }).first()).toBeVisible();
    await page.goto("/admin/contacts?assigned=none");
    await expect(page.getByRole("link", { name: "Relance", exact: true })).toHaveCount(0);
  });
});

for (const width of [1280, 375]) {
  test(`an assignment reaches the assignee's bell without a reload, and their mail (${width} px)`, async ({
    page,
    browser,
  }) => {
    const smtp = await useSmtpSink();
    // The request is already in progress: only its assignment can move the admin's bell.
    const name = `Attribution ${width}`;
    const visitor = await newRequest(name, "in_progress");
    // A browser of its own, not signed in as the staff account the test's page uses.
    const adminContext = await browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: { width, height: 900 },
      storageState: { cookies: [], origins: [] },
    });
    const admin = await adminContext.newPage();
    try {
      await signIn(admin, e2e.admin);
      await admin.goto("/admin/blog");
      const bell = admin.getByTestId("notification-count");
      const before = (await bell.count()) === 0 ? 0 : Number(await bell.textContent());

      await page.setViewportSize({ width, height: 900 });
      const detail = await openRequest(page, visitor.id, name);
      const [adminRow] = await sql<{ id: string }>("select id from users where email = $1", [
        e2e.admin.email,
      ]);
      await detail.getByLabel("Attribuer à").selectOption(adminRow!.id);
      await expect(toast(page, "Demande attribuée")).toBeVisible();

      await expect(bell).toHaveText(String(before + 1));
      await expect(admin).toHaveTitle(new RegExp(`^\\(${before + 1}\\) `));
      await admin.getByRole("button", { name: /^Notifications/ }).click();
      await expect(admin.getByRole("menuitem", { name: new RegExp(name) })).toBeVisible();
      await admin.screenshot({ path: `test-results/inbox-assigned-bell-${width}.png` });

      const [mail] = await smtp.waitFor(
        (m) =>
          m.to !== undefined &&
          "text" in m.to &&
          m.to.text === e2e.admin.email &&
          m.subject === `Demande attribuée : ${name}`,
      );
      expect(mail!.text).toContain(`${staff.email} vous a attribué la demande de ${name}`);
      expect(mail!.text).toContain(`/admin/contacts?contact=${visitor.id}`);
    } finally {
      await adminContext.close();
      await sql("update contacts set assigned_to = null where id = $1", [visitor.id]);
    }
  });
}

test("'Profil' turns the daily digest off and on", async ({ page }) => {
  await page.goto("/admin/profile");
  const card = page.getByRole("form", { name: "Récapitulatif quotidien" });
  const digest = card.getByRole("switch", { name: "Recevoir le récapitulatif quotidien" });
  await expect(digest).toBeChecked();
  await digest.click();
  await card.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Récapitulatif quotidien désactivé")).toBeVisible();
  const [row] = await sql<{ daily_digest: boolean }>("select daily_digest from users where email = $1", [
    staff.email,
  ]);
  expect(row!.daily_digest).toBe(false);
  await expect(digest).not.toBeChecked();
  await digest.click();
  await card.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Récapitulatif quotidien activé")).toBeVisible();
});

test("'Profil' turns the weekly report on for a member of staff, off by default but for admins", async ({
  page,
}) => {
  await sql("update users set weekly_report = null where email = $1", [staff.email]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/profile");
    const card = page.getByRole("form", { name: "Rapport hebdomadaire" });
    const report = card.getByRole("switch", { name: "Recevoir le rapport hebdomadaire" });
    await expect(report).not.toBeChecked();
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/profile-weekly-${width}.png` });
  }
  const card = page.getByRole("form", { name: "Rapport hebdomadaire" });
  await card.getByRole("switch", { name: "Recevoir le rapport hebdomadaire" }).click();
  await card.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Rapport hebdomadaire activé")).toBeVisible();
  const [row] = await sql<{ weekly_report: boolean | null }>(
    "select weekly_report from users where email = $1",
    [staff.email],
  );
  expect(row!.weekly_report).toBe(true);
  await sql("update users set weekly_report = null where email = $1", [staff.email]);
});
