import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { e2e, sql } from "../support/e2e";
import { expect, signIn, staff, test, toast, expectCards, listRows } from "./admin-support";

/* 'Journal d'activité' (issue 21, point 4, admin): a change made by the `user`-role account is
   found by person and action, and its item opens. */

test.describe.configure({ timeout: 90_000 });

const run = `${process.pid}`;

test.afterAll(async () => {
  await sql("delete from cms_pages where title like $1", [`% ${run}`]);
  await sql("delete from audit_log where details->>'label' like $1", [`% ${run}%`]);
});

async function insertPage(label: string) {
  const [row] = await sql<{ id: string }>(
    `insert into cms_pages (title, slug, content) values ($1, $2, '<p>Une page écrite pour le test.</p>')
     returning id`,
    [`${label} ${run}`, `${label.toLowerCase()}-${run}`],
  );
  return row!.id;
}

/** The staff account renames the page in its editor: one audited change. */
async function renameAsStaff(page: Page, id: string, title: string) {
  await page.goto(`/admin/cms/edit/${id}`);
  await page.getByLabel("Titre", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toast(page, "Page mise à jour")).toBeVisible();
}

/** The admin, in a browser of its own at `width`, on the journal. */
async function adminJournal(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: e2e.baseUrl,
    storageState: { cookies: [], origins: [] },
    viewport: { width, height: 900 },
  });
  const admin = await context.newPage();
  await signIn(admin, e2e.admin);
  await admin.goto("/admin/journal");
  await expect(admin.getByRole("heading", { name: "Journal d'activité", level: 1 })).toBeVisible();
  return admin;
}

async function staffLabel() {
  const [account] = await sql<{ name: string }>("select name from users where email = $1", [staff.email]);
  return `${account!.name} (${staff.email})`;
}

const entry = (page: Page, text: string) => listRows(page, "Journal d'activité").filter({ hasText: text });

test("at 1280 px: a change is found by person and action, exported, and its link opens the item", async ({
  page,
  browser,
}) => {
  const id = await insertPage("Journal");
  const title = `Journal modifié ${run}`;
  await renameAsStaff(page, id, title);

  const admin = await adminJournal(browser, 1280);
  await admin.getByLabel("Personne").selectOption({ label: await staffLabel() });
  await expect(admin).toHaveURL(/person=/);
  await admin.getByLabel("Action").selectOption({ label: "Modification" });
  await expect(admin).toHaveURL(/action=update/);
  const row = entry(admin, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Modification");
  await expect(row).toContainText("Page");
  await expect(row).toContainText(staff.email);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await admin.getByLabel("Type d'élément").selectOption({ label: "Article" });
  // Other specs of this worker may have changed articles as the same person: this page's row is gone.
  await expect(admin).toHaveURL(/type=blog_articles/);
  await expect(row).toHaveCount(0);
  await admin.goBack();
  await expect(row).toHaveCount(1);
  await admin.screenshot({ path: "/tmp/journal/journal-1280.png", fullPage: true });

  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: /^Exporter \(CSV\)/ }).click(),
  ]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Date;Personne;E-mail;Action;Type;Élément;Identifiant;Champs modifiés;Adresse IP");
  expect(lines.some((line) => line.includes(`;Modification;Page;${title};${id};`))).toBe(true);
  // The export follows the filters: only this account's updates.
  expect(lines.slice(1).every((line) => line.includes(`;${staff.email};Modification;`))).toBe(true);

  await row.getByRole("link", { name: title }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/cms/edit/${id}$`));
  await expect(admin.getByLabel("Titre", { exact: true })).toHaveValue(title);
  await admin.context().close();
});

test("at 375 px: filters and 'Plus anciennes' / 'Plus récentes' keep the search, the page has no horizontal scroll", async ({
  page,
  browser,
}) => {
  const id = await insertPage("Mobile");
  const title = `Mobile renommée ${run}`;
  await renameAsStaff(page, id, title);
  // 30 older rows of the same account, so the filtered journal has two pages.
  const [account] = await sql<{ id: string }>("select id from users where email = $1", [staff.email]);
  await sql(
    `insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, details, created_at)
     select $1, $2, 'update', 'cms_pages', $3, jsonb_build_object('label', 'Mobile lot ' || i || ' ${run}'),
       now() - i * interval '1 minute'
     from generate_series(1, 30) i`,
    [account!.id, staff.email, id],
  );

  const admin = await adminJournal(browser, 375);
  await admin.getByLabel("Rechercher").fill(run);
  await admin.getByLabel("Rechercher").press("Enter");
  await expect(admin).toHaveURL(new RegExp(`q=${run}`));
  await admin.getByLabel("Personne").selectOption({ label: await staffLabel() });
  await expect(admin).toHaveURL(/person=/);
  await admin.getByLabel("Action").selectOption({ label: "Modification" });
  await expect(admin).toHaveURL(/action=update/);
  await expect(entry(admin, title)).toHaveCount(1);
  // Newest first: the rename, then the 30 rows (and the first test's, when it ran): 25 a page.
  await expectCards(admin, "Journal d'activité");
  await expect(entry(admin, run)).toHaveCount(25);
  const scrollWidth = await admin.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await admin.screenshot({ path: "/tmp/journal/journal-375.png", fullPage: true });

  await admin.getByRole("link", { name: "Plus anciennes" }).click();
  await expect(admin).toHaveURL(/older=/);
  await expect(admin).toHaveURL(new RegExp(`q=${run}.*person=.*action=update`));
  await expect(entry(admin, `Mobile lot 30 ${run}`)).toHaveCount(1);
  await expect(entry(admin, title)).toHaveCount(0);
  await expect(admin.getByText("Plus anciennes", { exact: true })).toHaveAttribute("aria-disabled", "true");

  await admin.getByRole("link", { name: "Plus récentes" }).click();
  await expect(entry(admin, title)).toHaveCount(1);
  await entry(admin, title).getByRole("link", { name: title }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/cms/edit/${id}$`));
  await admin.context().close();
});
