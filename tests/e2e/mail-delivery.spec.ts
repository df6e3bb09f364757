import type { Page } from "@playwright/test";
import { e2e, expect, gotoUntil, sql, test } from "../support/e2e";
import { signIn, listRows } from "./admin-support";

// Mail is either sent or visibly waiting: with no provider, every staff member is told on the
// dashboard and the inbox; admins get the way to fix it, and nobody gets a link to a 403.

const banner = (page: Page) => page.getByTestId("mail-delivery-alert");
/** A message of the outbox: a table row from 768 px, a card below. */
const message = (page: Page, text: string) =>
  listRows(page, "Emails de la boîte d'envoi").filter({ hasText: text });
const PROVIDER_COLUMNS = ["smtp_server", "mailjet_api_key", "mailjet_secret_key"] as const;
let saved: Record<string, unknown> | undefined;

test.beforeAll(async () => {
  [saved] = await sql(`select ${PROVIDER_COLUMNS.join(", ")} from site_settings`);
  await sql(`update site_settings set ${PROVIDER_COLUMNS.map((c) => `${c} = null`).join(", ")}`);
  await sql("delete from email_outbox");
  await sql(`insert into email_outbox (to_address, subject, html_body, text_body, status, last_error)
    values ('a@exemple.fr', 'Attente 1', '<p>1</p>', '1', 'pending', null),
           ('b@exemple.fr', 'Attente 2', '<p>2</p>', '2', 'pending', null),
           ('c@exemple.fr', 'Échec 1', '<p>3</p>', '3', 'failed', 'Connexion impossible')`);
});
test.beforeEach(async () => {
  await sql("delete from rate_limits");
});
test.afterAll(async () => {
  await sql("delete from email_outbox");
  if (saved)
    await sql(`update site_settings set ${PROVIDER_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(", ")}`, [
      ...PROVIDER_COLUMNS.map((c) => saved![c]),
    ]);
});

for (const width of [1280, 375]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a user is told on the dashboard and the inbox, with no link to a screen they cannot open", async ({
      page,
    }) => {
      await signIn(page, e2e.user);
      await gotoUntil(page, "/admin", async () => {
        await expect(banner(page)).toContainText(
          "Aucun fournisseur d'e-mail n'est configuré : 2 e-mails en attente.",
        );
      });
      await expect(banner(page)).toContainText("1 e-mail n'a pas pu être envoyé.");
      await expect(banner(page)).toContainText("Prévenez un administrateur.");
      await expect(banner(page).getByRole("link")).toHaveCount(0);
      // The 'Utilisateurs' card shows its figure but is no link (a user would get a 403).
      await expect(page.getByTestId("count-authors")).toContainText("Utilisateurs");
      expect(await page.getByTestId("count-authors").evaluate((node) => node.tagName)).toBe("DIV");
      expect(await page.getByTestId("count-contacts").evaluate((node) => node.tagName)).toBe("A");
      await page.screenshot({
        path: `test-results/mail-delivery-dashboard-user-${width}.png`,
        fullPage: true,
      });

      await page.goto("/admin/contacts");
      await expect(banner(page)).toContainText("2 e-mails en attente.");

      await page.goto("/admin/analytics");
      expect(await page.getByTestId("counter-users").evaluate((node) => node.tagName)).toBe("DIV");
      expect(await page.getByTestId("counter-contacts").evaluate((node) => node.tagName)).toBe("A");
    });

    test("an admin gets the links to fix it, and the outbox shows the mail as waiting for configuration", async ({
      page,
    }) => {
      await signIn(page, e2e.admin);
      await gotoUntil(page, "/admin", async () => {
        await expect(banner(page)).toContainText("2 e-mails en attente.");
      });
      await expect(page.getByTestId("count-authors")).toHaveAttribute("href", "/admin/users");
      await page.screenshot({
        path: `test-results/mail-delivery-dashboard-admin-${width}.png`,
        fullPage: true,
      });
      await banner(page).getByRole("link", { name: "Configurer l'envoi des e-mails" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=email$/);

      await page.goto("/admin");
      await banner(page).getByRole("link", { name: "Voir les envois en échec" }).click();
      await expect(page).toHaveURL(/\/admin\/email-templates\/outbox\?status=failed$/);
      await expect(message(page, "c@exemple.fr")).toContainText("Échec");

      await page.goto("/admin/email-templates/outbox");
      await expect(message(page, "a@exemple.fr")).toContainText("En attente de configuration");
      // The outbox is in the menu of an admin (the phone's menu is behind its button).
      if (width < 768) await page.getByRole("button", { name: /menu/i }).first().click();
      await expect(page.getByRole("link", { name: "Envois d'e-mails" })).toBeVisible();
    });
  });
}
