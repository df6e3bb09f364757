import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { e2e, expect, sql, test } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { signIn, toast } from "./admin-support";
import { snapshotTables } from "./configuration-support";

// /admin/email-templates and its outbox: templates, the real configuration check, test sends.
const sinkPort = () => e2e.stubPort + 1;
let restore: () => Promise<void>;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  restore = await snapshotTables(["site_settings", "email_templates"]);
});
test.afterEach(async () => {
  await sink?.stop();
  sink = undefined;
  await restore();
});

/** SMTP through the test sink (STARTTLS with the test CA's certificate), no Mailjet keys. */
async function useSmtpSink(options?: Parameters<typeof startSmtpSink>[1]) {
  sink = await startSmtpSink(sinkPort(), options);
  await sql(
    `update site_settings set smtp_server = 'localhost', smtp_port = $1, smtp_username = null,
       smtp_password = null, mailjet_api_key = null, mailjet_secret_key = null`,
    [sinkPort()],
  );
  return sink;
}

async function openTemplates(page: Page) {
  await signIn(page, e2e.admin);
  await page.goto("/admin/email-templates");
  await expect(page.getByRole("heading", { name: "Templates d'email", level: 1 })).toBeVisible();
}

const banner = (page: Page) => page.getByRole("alert").filter({ hasText: /Configuration (valide|invalide)/ });

test.use({ viewport: { width: 1280, height: 900 } });

test("a template saves; one with {{{message}}} is refused with its line, in the browser and by the server", async ({
  page,
}) => {
  await openTemplates(page);
  await expect(page.getByRole("tab", { name: "Email de confirmation" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const editor = page.getByRole("tabpanel", { name: "Email de confirmation" });
  await editor.getByLabel("Sujet").fill("Merci {{name}}, demande reçue");
  await expect(page.getByTestId("preview-subject").first()).toHaveText("Merci Jean Dupont, demande reçue");
  await editor.getByRole("button", { name: "Sauvegarder" }).click();
  await expect(toast(page, "Template sauvegardé")).toBeVisible();
  const [saved] = await sql<{ subject: string; updated_at: Date }>(
    "select subject, updated_at from email_templates where name = 'contact_confirmation'",
  );
  expect(saved!.subject).toBe("Merci {{name}}, demande reçue");

  const html = editor.getByLabel("Contenu HTML");
  await html.fill("<p>Bonjour {{name}},</p>\n<p>{{{message}}}</p>");
  await html.blur();
  const refusal =
    "Ligne 2 : « {{{message}}} » insérerait la valeur sans échappement. Utilisez {{message}} : les valeurs doivent rester échappées.";
  // The preview says it at once; the field says it once the save is refused (the kit's timing).
  await expect(editor.getByRole("status")).toHaveText(`Aperçu impossible : ${refusal}`);
  await editor.getByRole("button", { name: "Sauvegarder" }).click();
  await expect(editor.getByText(refusal, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("templates-1280.png"), fullPage: true });

  // The server refuses it too, whatever the browser does.
  const answer = await page.request.post("/admin/email-templates.data", {
    headers: { Origin: e2e.baseUrl },
    form: {
      intent: "save",
      name: "contact_confirmation",
      updatedAt: saved!.updated_at.toISOString(),
      subject: "Sujet",
      htmlContent: "<p>{{&message}}</p>",
      textContent: "Texte",
    },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("insérerait la valeur sans échappement");
  const [after] = await sql<{ html_content: string }>(
    "select html_content from email_templates where name = 'contact_confirmation'",
  );
  expect(after!.html_content).not.toContain("{{{");
  expect(after!.html_content).not.toContain("{{&");
});

test("the banner checks the real SMTP server: valid over TLS, invalid without STARTTLS", async ({ page }) => {
  await useSmtpSink();
  await openTemplates(page);
  await expect(banner(page)).toContainText("Configuration valide (SMTP)");
  await expect(banner(page)).toContainText("Connexion établie avec succès!");
  await expect(page.getByRole("button", { name: "Tester" }).first()).toBeEnabled();

  await sink!.stop();
  sink = await startSmtpSink(sinkPort(), { starttls: false });
  await page.getByRole("button", { name: "Vérifier à nouveau" }).click();
  await expect(banner(page)).toContainText("Configuration invalide (SMTP)");
  await expect(banner(page)).toContainText(
    "Le serveur SMTP ne propose pas de connexion chiffrée (STARTTLS), obligatoire pour envoyer des emails.",
  );
  await expect(toast(page, "Configuration SMTP invalide")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tester" }).first()).toBeDisabled();
  // No internal address or port in what the admin reads.
  await expect(banner(page)).not.toContainText(String(sinkPort()));
  await expect(banner(page)).not.toContainText("127.0.0.1");
});

test.describe("Mailjet", () => {
  let mailjet: Server | undefined;
  test.afterEach(async () => {
    await new Promise((resolve) => (mailjet ? mailjet.close(resolve) : resolve(undefined)));
    mailjet = undefined;
  });

  test("the banner checks the keys against the Mailjet API: valid, then refused keys", async ({ page }) => {
    const good = `Basic ${Buffer.from("cle-api-e2e:cle-secrete-e2e").toString("base64")}`;
    const calls: string[] = [];
    mailjet = createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      const ok = req.url === "/mailjet/v3/REST/user" && req.headers.authorization === good;
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(
        JSON.stringify(ok ? { Count: 1, Data: [{}] } : { ErrorMessage: "API key authentication failure" }),
      );
    });
    await new Promise<void>((resolve) => mailjet!.listen(e2e.stubPort, "127.0.0.1", resolve));
    await sql(
      "update site_settings set mailjet_api_key = 'cle-api-e2e', mailjet_secret_key = 'cle-secrete-e2e', smtp_server = null",
    );
    await openTemplates(page);
    await expect(banner(page)).toContainText("Configuration valide (Mailjet)");
    expect(calls).toContain("GET /mailjet/v3/REST/user");

    await sql("update site_settings set mailjet_secret_key = 'mauvaise-cle'");
    await page.getByRole("button", { name: "Vérifier à nouveau" }).click();
    await expect(banner(page)).toContainText("Configuration invalide (Mailjet)");
    await expect(banner(page)).toContainText(
      "Clés Mailjet refusées : vérifiez la clé API et la clé secrète.",
    );
    await expect(toast(page, "Configuration Mailjet invalide")).toBeVisible();
  });
});

test("'Tester' sends the saved template through the outbox; it arrives in the SMTP sink", async ({
  page,
}) => {
  const smtp = await useSmtpSink();
  await openTemplates(page);
  await expect(banner(page)).toContainText("Configuration valide (SMTP)");
  await page.getByRole("tab", { name: "Email de notification" }).click();
  await page
    .getByRole("tabpanel", { name: "Email de notification" })
    .getByRole("button", { name: "Tester" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Envoyer un email de test" });
  const [company] = await sql<{ company_email: string }>("select company_email from site_settings");
  await expect(dialog.getByLabel("Adresse email de test")).toHaveValue(company!.company_email);

  await dialog.getByLabel("Adresse email de test").fill("");
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(dialog.getByText("Veuillez entrer une adresse email de test")).toBeVisible();
  await dialog.getByLabel("Adresse email de test").fill("essai-e2e@exemple.fr");
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(toast(page, "Email envoyé")).toContainText("Email de test envoyé avec succès!");
  await expect(dialog).toBeHidden();

  const [mail] = await smtp.waitFor(
    (m) => m.to !== undefined && "text" in m.to && m.to.text === "essai-e2e@exemple.fr",
  );
  expect(mail!.subject).toMatch(/^\[Test\] Nouvelle demande de contact/);
  expect(mail!.html).toContain("Jean Dupont");
});

test("a failed mail shows in the outbox with its reason; 'Renvoyer' sends it once the server is back", async ({
  page,
}) => {
  // A server that is down: the test send fails, and says why.
  const down = await startSmtpSink(sinkPort());
  await down.stop();
  await sql(
    "update site_settings set smtp_server = 'localhost', smtp_port = $1, mailjet_api_key = null, mailjet_secret_key = null",
    [sinkPort()],
  );
  await openTemplates(page);
  await expect(banner(page)).toContainText("Configuration invalide (SMTP)");
  // 'Tester' waits for a valid configuration: send the test as the dialog would.
  const sent = await page.request.post("/admin/email-templates", {
    headers: { Origin: e2e.baseUrl },
    // The toast cookie is read by the next page the browser opens.
    maxRedirects: 0,
    form: { intent: "send-test", name: "contact_confirmation", to: "relance-e2e@exemple.fr" },
  });
  expect(sent.status()).toBe(302);
  await page.goto("/admin/email-templates");
  await expect(toast(page, "Échec de l'envoi")).toContainText(
    "Connexion impossible au serveur SMTP : vérifiez le serveur et le port.",
  );
  await expect(page.getByRole("alert").filter({ hasText: /pas pu être envoyés?/ })).toBeVisible();
  await page.getByRole("link", { name: "Voir la boîte d'envoi" }).click();
  await expect(page.getByRole("heading", { name: "Boîte d'envoi", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "relance-e2e@exemple.fr" });
  await expect(row).toContainText("Échec");
  await expect(row).toContainText("Connexion impossible au serveur SMTP");

  const smtp = await useSmtpSink();
  await row.getByRole("button", { name: /Renvoyer/ }).click();
  await expect(toast(page, "Email remis en file d'envoi")).toBeVisible();
  const [mail] = await smtp.waitFor(
    (m) => m.to !== undefined && "text" in m.to && m.to.text === "relance-e2e@exemple.fr",
  );
  expect(mail!.subject).toMatch(/^\[Test\] /);
  // Sent, it leaves the failed list; all statuses show it as sent.
  await page.getByLabel("Statut").selectOption({ label: "Tous les statuts" });
  await expect(page).not.toHaveURL(/status=/);
  await expect(async () => {
    await page.getByRole("link", { name: "Actualiser" }).click();
    await expect(page.getByRole("row").filter({ hasText: "relance-e2e@exemple.fr" })).toContainText("Envoyé");
  }).toPass({ timeout: 10_000 });
  await sql("delete from email_outbox where to_address = 'relance-e2e@exemple.fr'");
});

test.describe("at 375 wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the tabs, the editor, the placeholders and the preview fit the screen", async ({ page }) => {
    await useSmtpSink();
    await openTemplates(page);
    await expect(banner(page)).toContainText("Configuration valide (SMTP)");
    await page.getByRole("tab", { name: "Email de notification" }).click();
    const editor = page.getByRole("tabpanel", { name: "Email de notification" });
    await expect(editor.getByLabel("Contenu texte")).toBeVisible();
    await expect(editor.getByRole("list", { name: "Variables disponibles" })).toContainText(
      "{{service_type}}",
    );
    await expect(editor.getByTitle("Aperçu du contenu HTML")).toBeVisible();
    const preview = page.frameLocator('iframe[title="Aperçu du contenu HTML"]').last();
    await expect(preview.getByText("Jean Dupont")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("templates-375.png"), fullPage: true });
  });
});
