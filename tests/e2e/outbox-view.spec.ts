import { e2e, expect, sql, test } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { snapshotTables } from "./configuration-support";
// The admin signs in here: the base test, without the staff session of admin-support's.
import { signIn, toast } from "./admin-support";

// The outbox view (issue 22): a message's body as sent, the request it is about, and 'Renvoyer'
// for a selection of given-up mails, which then reach the SMTP sink.

const sinkPort = () => e2e.stubPort + 1;
let restore: () => Promise<void>;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  restore = await snapshotTables(["site_settings"]);
});
test.beforeEach(async () => {
  await sql("delete from rate_limits");
  await sql("delete from email_outbox");
});
test.afterEach(async () => {
  await sink?.stop();
  sink = undefined;
  await restore();
  await sql("delete from email_outbox");
  await sql("delete from contacts where email like '%@outbox.test'");
});

for (const width of [1280, 375]) {
  test(`a message opens with its body and its request; a selection of failed mails is sent again (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const [contact] = await sql<{ id: string }>(
      `insert into contacts (name, email, subject, message) values ('Boîte ${width}', 'visiteur-${width}@outbox.test', 'Devis', 'Bonjour') returning id`,
    );
    await sql(
      `insert into email_outbox (template_name, contact_id, to_address, subject, html_body, text_body, status, attempts, last_error)
       values ('contact_reply', $1, 'visiteur-${width}@outbox.test', 'Re : Devis ${width}', '<p>Nous passons jeudi.</p>', 'Nous passons jeudi.', 'failed', 10, 'Connexion impossible au serveur SMTP : vérifiez le serveur et le port.'),
              (null, null, 'second-${width}@outbox.test', 'Second ${width}', '<p>Deux</p>', 'Deux', 'failed', 10, 'Connexion impossible'),
              (null, null, 'parti-${width}@outbox.test', 'Parti ${width}', '<p>Parti</p>', 'Parti', 'sent', 1, null)`,
      [contact!.id],
    );
    await signIn(page, e2e.admin);
    await page.goto("/admin/email-templates/outbox");

    await page.getByRole("link", { name: `Re : Devis ${width}`, exact: true }).click();
    const detail = page.getByRole("dialog", { name: `Re : Devis ${width}` });
    await expect(detail).toContainText(`visiteur-${width}@outbox.test`);
    await expect(detail).toContainText("Connexion impossible au serveur SMTP");
    await detail.getByRole("tab", { name: "Texte" }).click();
    await expect(detail.getByTestId("outbox-message-text")).toHaveText("Nous passons jeudi.");
    await page.screenshot({ path: `test-results/outbox-message-${width}.png` });
    await detail.getByRole("link", { name: "Voir la demande" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contacts\\?contact=${contact!.id}$`));
    await expect(page.getByRole("dialog", { name: `Boîte ${width}` })).toBeVisible();

    sink = await startSmtpSink(sinkPort());
    await sql(
      `update site_settings set smtp_server = 'localhost', smtp_port = $1, smtp_username = null,
         smtp_password = null, mailjet_api_key = null, mailjet_secret_key = null`,
      [sinkPort()],
    );
    await page.goto("/admin/email-templates/outbox?status=failed");
    // The sent mail cannot be chosen: only the two given up are.
    await page.getByRole("checkbox", { name: "Sélectionner les emails à renvoyer de cette page" }).click();
    await expect(page.getByText("2 sélectionnés")).toBeVisible();
    await page.getByRole("button", { name: "Renvoyer la sélection" }).click();
    await expect(toast(page, "2 emails remis en file d'envoi")).toBeVisible();
    const mails = await sink.waitFor((m) => /@outbox\.test$/.test(m.to && "text" in m.to ? m.to.text : ""), {
      count: 2,
    });
    expect(mails.map((m) => m.subject).sort()).toEqual([`Re : Devis ${width}`, `Second ${width}`]);
  });
}
