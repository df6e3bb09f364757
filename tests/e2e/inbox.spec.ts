import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { e2e, sql } from "../support/e2e";
import { expect as baseExpect, signIn, staff, test, toast, expectCards, listRows } from "./admin-support";

// Several pages per test, on a machine shared with other work: patient waits.
const expect = baseExpect.configure({ timeout: 15_000 });

const XSS_NAME = "<img src=x onerror=alert(1)>";

/** A page that fails the test should any script of a visitor's request run (alert). */
function failOnDialog(page: Page) {
  page.on("dialog", async (dialog) => {
    await dialog.dismiss();
    throw new Error(`a script ran: ${dialog.message()}`);
  });
}

async function sendRequest(browser: Browser, values: { name: string; email: string; from?: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The visitor reads a page first, then goes to the form: that page brought them.
  await page.goto(values.from ?? "/about");
  await page.getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.getByLabel("Nom complet").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Type de prestation").selectOption({ label: "Rénovation électrique" });
  await page.getByLabel("Objet").fill("Rénovation du tableau");
  await page.getByLabel("Message").fill("Bonjour,\nje voudrais un devis pour mon tableau électrique.");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
  await context.close();
}

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  await sql("update site_settings set recaptcha_site_key = null, recaptcha_secret_key = null");
});
test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

test.describe("contact inbox (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a request from the public form reaches the header and the inbox, its name shown as text", async ({
    page,
    browser,
  }) => {
    const email = `xss-${Date.now()}@exemple.fr`;
    await sendRequest(browser, { name: XSS_NAME, email });
    const [stored] = await sql<{ source_page: string }>("select source_page from contacts where email = $1", [
      email,
    ]);
    expect(stored!.source_page).toBe("/about");

    failOnDialog(page);
    await page.goto("/admin");
    const [{ count }] = await sql<{ count: number }>(
      "select count(*)::int as count from contacts where status = 'new'",
    );
    const bell = page.getByRole("button", { name: /^Notifications/ });
    // Mails given up by other tests may follow: "…demande. 1 e-mail n'a pas pu être envoyé."
    await expect(bell).toHaveAccessibleName(
      new RegExp(`^Notifications : ${count} nouvelles? demandes?(\\.|$)`),
    );
    await bell.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem").first()).toContainText(XSS_NAME);
    await menu.getByRole("menuitem").first().click();

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: XSS_NAME })).toBeVisible();
    await expect(dialog.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(dialog.getByRole("link", { name: "06 12 34 56 78" })).toHaveAttribute(
      "href",
      "tel:0612345678",
    );
    await expect(dialog.getByRole("link", { name: /\/about/ })).toHaveAttribute("href", "/about");
    await expect(dialog.getByText("je voudrais un devis pour mon tableau électrique.")).toBeVisible();
    expect(await page.locator("img[src='x']").count()).toBe(0);
    await page.screenshot({ path: "test-results/inbox-detail-1280.png" });
  });

  test("status changes inline and in the dialog, idempotently", async ({ page }) => {
    const [contact] = await sql<{ id: string; name: string }>(
      "insert into contacts (name, email, message, service_type) values ('Statut Témoin', 'statut@exemple.fr', 'Bonjour', 'installation') returning id, name",
    );
    await page.goto("/admin/contacts?q=Statut+T%C3%A9moin");
    const select = page.getByRole("combobox", { name: "Statut de la demande de Statut Témoin" });
    await expect(select).toHaveValue("new");
    await select.selectOption("in_progress");
    await expect(toast(page, "Statut mis à jour")).toBeVisible();
    const [first] = await sql<{ status: string; status_changed_at: Date }>(
      "select status, status_changed_at from contacts where id = $1",
      [contact!.id],
    );
    expect(first!.status).toBe("in_progress");

    await page.getByRole("link", { name: "Statut Témoin", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Statut de la demande" }).selectOption("completed");
    await expect(toast(page, "Statut mis à jour").last()).toBeVisible();
    await expect
      .poll(async () => (await sql("select status from contacts where id = $1", [contact!.id]))[0]!.status)
      .toBe("completed");
    const audits = await sql(
      "select count(*)::int as n from audit_log where entity_id = $1 and action = 'status'",
      [contact!.id],
    );
    expect(audits[0]!.n).toBe(2);
  });

  test("the detail's history tells the arrival, each mail's delivery and who changed the status", async ({
    page,
  }) => {
    await sql(
      "update site_settings set smtp_server = null, mailjet_api_key = null, mailjet_secret_key = null",
    );
    const [contact] = await sql<{ id: string }>(
      "insert into contacts (name, email, message, source_page) values ('Histoire Témoin', 'histoire@exemple.fr', 'Bonjour', '/projects') returning id",
    );
    await sql(
      `insert into email_outbox (contact_id, template_name, to_address, subject, html_body, text_body, status, last_error, sent_at)
       values ($1, 'contact_confirmation', 'histoire@exemple.fr', 'Reçu', '<p>Reçu</p>', 'Reçu', 'pending', null, null),
              ($1, 'contact_notification', 'equipe@exemple.fr', 'Nouvelle', '<p>N</p>', 'N', 'failed', 'Connexion impossible au serveur SMTP', null)`,
      [contact!.id],
    );
    await page.goto("/admin/contacts?q=Histoire");
    await page
      .getByRole("combobox", { name: "Statut de la demande de Histoire Témoin" })
      .selectOption("in_progress");
    await expect(toast(page, "Statut mis à jour")).toBeVisible();
    await page.getByRole("link", { name: "Histoire Témoin", exact: true }).click();
    const timeline = page.getByRole("dialog").getByTestId("contact-timeline").getByRole("listitem");
    await expect(timeline.nth(0)).toContainText("Demande reçue depuis la page /projects");
    await expect(timeline.filter({ hasText: "Email de confirmation à histoire@exemple.fr" })).toContainText(
      "en attente de configuration",
    );
    const failed = timeline.filter({ hasText: "Email de notification à equipe@exemple.fr" });
    await expect(failed).toContainText("échec");
    await expect(failed).toContainText("Connexion impossible au serveur SMTP");
    await expect(timeline.filter({ hasText: "Statut : En cours" })).toContainText(staff.email);
    await page.screenshot({ path: "test-results/inbox-timeline-1280.png" });
  });

  test("search and status filter live in the URL; a note is kept with its author", async ({ page }) => {
    await sql(
      `insert into contacts (name, email, subject, message, service_type, status) values
        ('Filtre Un', 'filtre1@exemple.fr', 'Borne de recharge', 'Installer une borne 7 kW', 'installation', 'new'),
        ('Filtre Deux', 'filtre2@exemple.fr', 'Borne de recharge', 'Borne au garage', 'installation', 'archived')`,
    );
    await page.goto("/admin/contact");
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(page.getByRole("heading", { name: "Gestion des Contacts", level: 1 })).toBeVisible();
    await page.getByLabel("Rechercher").fill("borne");
    await expect(page).toHaveURL(/[?&]q=borne/);
    await expect(page.getByRole("link", { name: "Filtre Un", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Filtre Deux", exact: true })).toBeVisible();
    await page.getByLabel("Statut", { exact: true }).selectOption({ label: "Archivé" });
    await expect(page).toHaveURL(/status=archived/);
    await expect(page.getByRole("link", { name: "Filtre Un", exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("link", { name: "Filtre Deux", exact: true })).toBeVisible();
    await expect(page.getByLabel("Rechercher")).toHaveValue("borne");

    // Quotes, % and a very long search are text, not errors.
    for (const q of ["l'atelier", "100%", "_", "x".repeat(10_000)]) {
      const response = await page.goto(`/admin/contacts?q=${encodeURIComponent(q)}`);
      expect(response!.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Gestion des Contacts" })).toBeVisible();
    }

    await page.goto("/admin/contacts?q=Filtre+Deux");
    await page.getByRole("link", { name: "Filtre Deux", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(dialog.getByText("La note ne peut pas être vide")).toBeVisible();
    await dialog.getByLabel("Ajouter une note").fill("Rappelé le 12, devis à envoyer");
    await dialog.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(toast(page, "Note ajoutée")).toBeVisible();
    await expect(dialog.getByText("Rappelé le 12, devis à envoyer")).toBeVisible();
    await expect(
      dialog.getByText(new RegExp(`${staff.email} · \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d`)),
    ).toBeVisible();
    await expect(dialog.getByLabel("Ajouter une note")).toHaveValue("");
  });

  test("the CSV export is the filtered list, UTF-8 with a BOM, one row per request", async ({ page }) => {
    await sql(
      `insert into contacts (name, email, subject, message, service_type, status) values
        ('Éloïse Crème', 'eloise@exemple.fr', 'Dépannage ; urgent', E'Ligne 1\nLigne 2 à côté', 'depannage', 'completed')`,
    );
    await page.goto("/admin/contacts?status=completed");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Exporter \(CSV\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^demandes-contact-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    expect(text.startsWith("Date;Nom;Email;Téléphone;Service;Objet;Message;Statut;Page d'origine\r\n")).toBe(
      true,
    );
    expect(text).toContain("Éloïse Crème");
    expect(text).toContain('"Ligne 1\nLigne 2 à côté"');
    const records = text.split("\r\n").filter((line) => /^\d\d\/\d\d\/\d{4} \d\d:\d\d;/.test(line));
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from contacts where status = 'completed'",
    );
    expect(records).toHaveLength(n);
    expect(records.every((line) => line.includes(";Terminé;"))).toBe(true);
  });

  test("'Supprimer' puts a request in the trash; the GDPR 'Effacer' is an administrator's, with its notes", async ({
    page,
    browser,
  }) => {
    const [kept, erased] = await sql<{ id: string }>(
      "insert into contacts (name, email, message) values ('Corbeille Moi', 'corbeille@exemple.fr', 'a'), ('Effacer Moi', 'effacer@exemple.fr', 'Supprimez mes données') returning id",
    );
    await sql("insert into contact_notes (contact_id, body) values ($1, 'note')", [erased!.id]);
    await page.goto(`/admin/contacts?contact=${kept!.id}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: /Effacer/ })).toHaveCount(0);
    await dialog.getByRole("button", { name: /Supprimer/ }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(
      "La demande sera placée dans la corbeille. Vous pourrez la restaurer pendant 30 jours.",
    );
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Demande supprimée")).toBeVisible();
    await expect(page).not.toHaveURL(/contact=/);
    expect(await sql("select id from contacts where id = $1", [kept!.id])).toHaveLength(0);
    expect(await sql("select id from trash_items where entity_id = $1", [kept!.id])).toHaveLength(1);
    // In the trash, a request is restored by anyone, purged by an administrator only (decision 024).
    await page.goto("/admin/trash?q=Corbeille+Moi");
    const trashed = page.getByRole("row").filter({ hasText: "Corbeille Moi" });
    await expect(trashed.getByRole("button", { name: "Restaurer « Corbeille Moi »" })).toBeVisible();
    await expect(trashed.getByRole("button", { name: /Supprimer définitivement/ })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Sélectionner « Corbeille Moi »" }).click();
    await expect(page.getByRole("button", { name: "Supprimer définitivement" })).toBeDisabled();

    // A browser of its own, not signed in as the staff account the test's page uses.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const admin = await context.newPage();
    await signIn(admin, e2e.admin);
    await admin.goto(`/admin/contacts?contact=${erased!.id}`);
    await admin
      .getByRole("dialog")
      .getByRole("button", { name: /^Effacer/ })
      .click();
    const erase = admin.getByRole("alertdialog");
    await expect(erase).toContainText("droit à l'effacement");
    await erase.getByRole("button", { name: "Effacer" }).click();
    await expect(toast(admin, "Demande effacée")).toBeVisible();
    expect(await sql("select id from contacts where id = $1", [erased!.id])).toHaveLength(0);
    expect(await sql("select id from contact_notes where contact_id = $1", [erased!.id])).toHaveLength(0);
    expect(await sql("select id from trash_items where entity_id = $1", [erased!.id])).toHaveLength(0);
    await context.close();
  });

  test("several requests change status at once", async ({ page }) => {
    await sql(
      "insert into contacts (name, email, message) values ('Lot Un', 'lot1@exemple.fr', 'a'), ('Lot Deux', 'lot2@exemple.fr', 'b')",
    );
    await page.goto("/admin/contacts?q=Lot+");
    await page.getByRole("checkbox", { name: "Sélectionner la demande de Lot Un" }).click();
    await page.getByRole("checkbox", { name: "Sélectionner la demande de Lot Deux" }).click();
    await expect(page.getByText("2 sélectionnées")).toBeVisible();
    await page.getByLabel("Nouveau statut").selectOption("archived");
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(toast(page, "Statut mis à jour")).toBeVisible();
    const rows = await sql("select status from contacts where name in ('Lot Un', 'Lot Deux')");
    expect(rows.map((row) => row.status)).toEqual(["archived", "archived"]);
  });

  test("spam is marked in bulk without any mail, hidden from the list, then erased by an administrator", async ({
    page,
    browser,
  }) => {
    await sql(
      "insert into contacts (name, email, message) values ('Pub Un', 'pub1@exemple.fr', 'promo'), ('Pub Deux', 'pub2@exemple.fr', 'promo')",
    );
    const mails = async () => (await sql<{ n: number }>("select count(*)::int as n from email_outbox"))[0]!.n;
    const mailsBefore = await mails();
    await page.goto("/admin/contacts?q=Pub+");
    await page.getByRole("checkbox", { name: "Sélectionner la demande de Pub Un" }).click();
    await page.getByRole("checkbox", { name: "Sélectionner la demande de Pub Deux" }).click();
    await page.getByLabel("Nouveau statut").selectOption({ label: "Indésirable" });
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(toast(page, "Statut mis à jour")).toBeVisible();
    await expect(page.getByText("Aucune demande ne correspond à cette recherche.")).toBeVisible();
    expect(await mails()).toBe(mailsBefore);

    await page.getByLabel("Statut", { exact: true }).selectOption({ label: "Indésirable" });
    await expect(page).toHaveURL(/status=spam/);
    await page.getByRole("checkbox", { name: "Sélectionner la demande de Pub Un" }).click();
    await expect(page.getByText("1 sélectionnée")).toBeVisible();
    // Erasing is permanent: not offered to a `user` (decision 024).
    await expect(page.getByRole("button", { name: "Effacer", exact: true })).toHaveCount(0);

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const admin = await context.newPage();
    await signIn(admin, e2e.admin);
    await admin.goto("/admin/contacts?q=Pub+&status=spam");
    await admin.getByRole("checkbox", { name: "Sélectionner la demande de Pub Un" }).click();
    await admin.getByRole("checkbox", { name: "Sélectionner la demande de Pub Deux" }).click();
    await admin.getByRole("button", { name: "Effacer", exact: true }).click();
    const confirm = admin.getByRole("alertdialog");
    await expect(confirm).toContainText("Effacer définitivement 2 demandes indésirables ?");
    await confirm.getByRole("button", { name: "Effacer" }).click();
    await expect(toast(admin, "Demandes indésirables effacées")).toBeVisible();
    expect(await sql("select id from contacts where name like 'Pub %'")).toEqual([]);
    await context.close();
  });
});

test.describe("contact inbox (375 px)", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("cards, the detail and the status change work on a phone", async ({ page }) => {
    await sql(
      "insert into contacts (name, email, phone, message, service_type) values ('Mobile Client', 'mobile@exemple.fr', '07 00 00 00 00', 'Depuis mon téléphone', 'autre')",
    );
    failOnDialog(page);
    await page.goto("/admin/contacts?q=Mobile+Client");
    await expectCards(page, "Demandes de contact");
    const card = listRows(page, "Demandes de contact");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("mobile@exemple.fr");
    await card
      .getByRole("combobox", { name: "Statut de la demande de Mobile Client" })
      .selectOption("in_progress");
    await expect(toast(page, "Statut mis à jour")).toBeVisible();
    await card.getByRole("link", { name: "Mobile Client", exact: true }).click();
    await expect(page.getByRole("dialog").getByText("Depuis mon téléphone")).toBeVisible();
    await page.screenshot({ path: "test-results/inbox-detail-375.png" });
    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/contact=/);
    await page.screenshot({ path: "test-results/inbox-list-375.png", fullPage: true });
  });
});
