import { e2e, sql } from "../support/e2e";
import {
  expect,
  screenshot,
  STALE_CONTENT_MESSAGE,
  test,
  toast,
  expectCards,
  listRows,
} from "./admin-support";

/* Authors (back-office.md §2.8), as a `user`-role account, at desktop width unless said. */

const run = `${process.pid}`;
const name = (label: string) => `${label} ${run}`;

test.afterAll(async () => {
  await sql("delete from blog_authors where name like $1", [`% ${run}`]);
});

test("lists the authors with their article count; search and sort live in the URL", async ({ page }) => {
  await page.goto("/admin/authors");
  await expect(page.getByRole("heading", { name: "Auteurs", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Auteurs" });
  const [julien] = await sql<{ count: string }>(
    "select count(*) from blog_articles a join blog_authors u on u.id = a.author_id where u.name = 'Julien Bertrand'",
  );
  const julienRow = table.getByRole("row").filter({ hasText: "Julien Bertrand" });
  await expect(julienRow.getByRole("cell").nth(2)).toHaveText(julien!.count);
  await screenshot(page, "authors-1280");

  // Search in the bio, case-insensitively, while typing.
  await page.getByLabel("Rechercher un auteur").fill("GÉRANT");
  await expect(page).toHaveURL(/\/admin\/authors\?q=G%C3%89RANT$/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(julienRow).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Rechercher un auteur")).toHaveValue("GÉRANT");
  await expect(table.getByRole("row")).toHaveCount(2);

  // Sorting by a header toggles its direction; back restores the previous state.
  await table.getByRole("link", { name: /^Nom/ }).click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(table.getByRole("columnheader", { name: /^Nom/ })).toHaveAttribute("aria-sort", "descending");
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByLabel("Rechercher un auteur")).toHaveValue("GÉRANT");

  await page.getByLabel("Rechercher un auteur").fill("personne de ce nom");
  await expect(page.getByText("Aucun auteur trouvé")).toBeVisible();
});

test("searches with quotes, %, _ or 10,000 characters answer a list, never an error", async ({ page }) => {
  for (const q of ["%", "_", "\\", "l'atelier", '"x"', "a".repeat(10_000)]) {
    const response = await page.goto(`/admin/authors?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q.slice(0, 20)).toBe(200);
    await expect(page.getByText("Aucun auteur trouvé")).toBeVisible();
  }
  const response = await page.goto("/admin/authors?sort=nope&dir=up&page=-3");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("row").filter({ hasText: "Julien Bertrand" })).toBeVisible();
});

test("pages of 25 with 'Précédent' / 'Suivant' and the total", async ({ page }) => {
  await sql(
    `insert into blog_authors (name) select 'Page ' || lpad(n::text, 2, '0') || ' ${run}' from generate_series(1, 30) n`,
  );
  await page.goto(`/admin/authors?q=${run}`);
  await expect(page.getByText("30 auteurs · page 1 sur 2")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(26);
  await page.getByRole("link", { name: "Suivant" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("30 auteurs · page 2 sur 2")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(6);
  await page.getByRole("link", { name: "Précédent" }).click();
  await expect(page.getByText("page 1 sur 2")).toBeVisible();
  await sql("delete from blog_authors where name like 'Page %' and name like $1", [`% ${run}`]);
});

test("adds, edits and deletes an author through the dialogs", async ({ page }) => {
  await page.goto("/admin/authors");
  await page.getByRole("button", { name: "Ajouter un auteur" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un auteur" });
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText("Le nom est requis")).toBeVisible();
  await expect(dialog.getByLabel("Nom")).toBeFocused();
  await expect(dialog.getByLabel("Nom")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("URL de l'avatar").fill("pas une adresse");
  await dialog.getByLabel("Nom").fill(name("Martine Dupuis"));
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText("Veuillez entrer une URL valide pour l'avatar")).toBeVisible();
  await dialog.getByLabel("URL de l'avatar").fill("");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(toast(page, "Auteur ajouté")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name("Martine Dupuis") });
  await expect(row).toContainText("Pas de biographie");

  await row.getByRole("button", { name: /^Modifier/ }).click();
  const edit = page.getByRole("dialog", { name: "Modifier l'auteur" });
  await expect(edit.getByLabel("Nom")).toHaveValue(name("Martine Dupuis"));
  await edit.getByLabel("Biographie").fill("Électricienne, spécialiste des bornes de recharge.");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Auteur modifié")).toBeVisible();
  await expect(row).toContainText("spécialiste des bornes");

  const [audit] = await sql<{ changed_fields: string[]; actor_email: string }>(
    "select changed_fields, actor_email from audit_log where entity_type = 'blog_authors' and action = 'update' order by created_at desc limit 1",
  );
  expect(audit).toMatchObject({ changed_fields: ["bio"], actor_email: e2e.user.email });

  // Escape cancels the confirmation, the focus back on the button that opened it; confirming deletes.
  const remove = row.getByRole("button", { name: /^Supprimer/ });
  await expect(remove).toHaveAttribute("aria-expanded", "false");
  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText(`supprimer l'auteur « ${name("Martine Dupuis")} »`);
  await expect(confirm.getByRole("button", { name: "Annuler" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAttribute("aria-expanded", "false");
  // Opened again from the keyboard.
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(remove).toBeFocused();
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Auteur supprimé")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("an author with articles cannot be deleted", async ({ page }) => {
  await page.goto("/admin/authors?q=Julien");
  const row = page.getByRole("row").filter({ hasText: "Julien Bertrand" });
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
  const refusal = toast(page, "Impossible de supprimer");
  await expect(refusal).toContainText(
    "Cet auteur a des articles publiés. Veuillez les réattribuer avant de supprimer l'auteur.",
  );
  await expect(row).toBeVisible();
});

test("an edit over a newer version is refused and keeps what was typed", async ({ page }) => {
  const [author] = await sql<{ id: string }>("insert into blog_authors (name) values ($1) returning id", [
    name("Paul Martin"),
  ]);
  await page.goto(`/admin/authors?q=${encodeURIComponent(name("Paul Martin"))}`);
  await page.getByRole("button", { name: /^Modifier/ }).click();
  const edit = page.getByRole("dialog", { name: "Modifier l'auteur" });
  // Someone else saves meanwhile.
  await sql(
    "update blog_authors set bio = 'Autre version', updated_at = now() + interval '1 second' where id = $1",
    [author!.id],
  );
  await edit.getByLabel("Biographie").fill("Ma version");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByRole("alert")).toHaveText(STALE_CONTENT_MESSAGE);
  await expect(edit.getByLabel("Biographie")).toHaveValue("Ma version");
  const [row] = await sql<{ bio: string }>("select bio from blog_authors where id = $1", [author!.id]);
  expect(row!.bio).toBe("Autre version");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("shows cards and runs the dialogs", async ({ page }) => {
    await page.goto("/admin/authors");
    await expectCards(page, "Auteurs");
    const cards = listRows(page, "Auteurs");
    await expect(cards.filter({ hasText: "Julien Bertrand" })).toBeVisible();
    await screenshot(page, "authors-375");

    await page.getByRole("button", { name: "Ajouter un auteur" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter un auteur" });
    await dialog.getByLabel("Nom").fill(name("Léa Mobile"));
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast(page, "Auteur ajouté")).toBeVisible();
    const card = cards.filter({ hasText: name("Léa Mobile") });
    await card.getByRole("button", { name: /^Supprimer/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Auteur supprimé")).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test("an anonymous POST changes nothing and is sent to sign-in", async ({ browser }) => {
  // Same-origin, so the request passes the origin guard and meets the sign-in check.
  const context = await browser.newContext({
    baseURL: e2e.baseUrl,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Origin: e2e.baseUrl },
  });
  const response = await context.request.post("/admin/authors", {
    form: { intent: "create", name: name("Intrus") },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toMatch(/^\/admin\/login/);
  const data = await context.request.post("/admin/authors.data", {
    form: { intent: "create", name: name("Intrus") },
    maxRedirects: 0,
  });
  expect([202, 204, 302, 401]).toContain(data.status());
  expect(await sql("select 1 from blog_authors where name = $1", [name("Intrus")])).toHaveLength(0);
  await context.close();
});
