import { sql } from "../support/e2e";
import { expect, screenshot, test, toast, expectCards, listRows } from "./admin-support";

/* Category management (back-office.md §2.7), as a `user`-role account. */

const run = `${process.pid}`;
const name = (label: string) => `${label} ${run}`;

test.afterAll(async () => {
  await sql("delete from blog_categories where name like $1", [`% ${run}`]);
  await sql("delete from project_categories where name like $1", [`% ${run}`]);
  await sql("delete from projects where slug like $1", [`%-${run}`]);
});

test("two tabs with counts and creation dates; the tab lives in the URL", async ({ page }) => {
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { name: "Gestion des Catégories", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Catégories d'articles" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const table = page.getByRole("table", { name: "Catégories d'articles" });
  for (const header of ["Nom", "Slug", "Nombre d'articles", "Date de création", "Actions"])
    await expect(table.getByRole("columnheader", { name: new RegExp(`^${header}(\\s|$)`) })).toBeVisible();
  const [conseils] = await sql<{ count: string }>(
    "select count(*) from blog_article_categories l join blog_categories c on c.id = l.category_id where c.slug = 'conseils'",
  );
  await expect(table.getByRole("row").filter({ hasText: "conseils" }).getByRole("cell").nth(2)).toHaveText(
    conseils!.count,
  );
  await expect(table.getByRole("row").nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await screenshot(page, "categories-1280");

  await page.getByRole("tab", { name: "Catégories de projets" }).click();
  await expect(page).toHaveURL(/\?tab=projects$/);
  const projectsTable = page.getByRole("table", { name: "Catégories de projets" });
  await expect(projectsTable.getByRole("columnheader", { name: /^Nombre de projets/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Catégories de projets" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  await page.getByLabel("Rechercher une catégorie").fill("zzz-aucune");
  await expect(page.getByText("Aucune catégorie trouvée...")).toBeVisible();
  await expect(page).toHaveURL(/tab=projects/);
});

test("adds a project category (slug made from the name), refuses a duplicate, renames it everywhere", async ({
  page,
}) => {
  await page.goto("/admin/categories?tab=projects");
  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  let dialog = page.getByRole("dialog", { name: "Ajouter une catégorie" });
  await expect(dialog).toContainText("Catégories de projets");
  await dialog.getByLabel("Nom").fill(name("Éclairage public"));
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(toast(page, "Catégorie ajoutée")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name("Éclairage public") });
  await expect(row).toContainText(`eclairage-public-${run}`);

  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  dialog = page.getByRole("dialog", { name: "Ajouter une catégorie" });
  await dialog.getByLabel("Nom").fill(name("Éclairage public"));
  await dialog.getByLabel("Slug").fill("Pas Un Slug");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(
    dialog.getByText("Le slug doit contenir uniquement des lettres minuscules, des chiffres et des tirets"),
  ).toBeVisible();
  await dialog.getByLabel("Slug").fill(`autre-${run}`);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText("Une catégorie porte déjà ce nom")).toBeVisible();
  await expect(dialog.getByLabel("Nom")).toHaveValue(name("Éclairage public"));
  await dialog.getByRole("button", { name: "Annuler" }).click();

  // A project filed under it follows the new name.
  const [category] = await sql<{ id: string }>("select id from project_categories where name = $1", [
    name("Éclairage public"),
  ]);
  const [project] = await sql<{ id: string }>(
    "insert into projects (title, slug, category) values ('Candélabres', $1, $2) returning id",
    [`candelabres-${run}`, name("Éclairage public")],
  );
  await sql("insert into project_category_relations (project_id, category_id) values ($1, $2)", [
    project!.id,
    category!.id,
  ]);
  await page.reload();
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await row.getByRole("button", { name: /^Modifier/ }).click();
  const edit = page.getByRole("dialog", { name: "Modifier la catégorie" });
  await edit.getByLabel("Nom").fill(name("Éclairage extérieur"));
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Catégorie modifiée")).toBeVisible();
  const [renamed] = await sql<{ category: string }>("select category from projects where id = $1", [
    project!.id,
  ]);
  expect(renamed!.category).toBe(name("Éclairage extérieur"));

  // Deleting says how many projects lose it, then they do.
  const renamedRow = page.getByRole("row").filter({ hasText: name("Éclairage extérieur") });
  await renamedRow.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText("1 projet perdra cette catégorie.");
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Catégorie supprimée")).toBeVisible();
  await expect(renamedRow).toHaveCount(0);
  const [orphan] = await sql<{ category: string | null }>("select category from projects where id = $1", [
    project!.id,
  ]);
  expect(orphan!.category).toBeNull();
});

test("deleting a used article category warns how many articles lose it", async ({ page }) => {
  const [category] = await sql<{ id: string }>(
    "insert into blog_categories (name, slug) values ($1, $2) returning id",
    [name("Domotique"), `domotique-${run}`],
  );
  await sql(
    "insert into blog_article_categories (article_id, category_id) select id, $1 from blog_articles order by created_at limit 2",
    [category!.id],
  );
  await page.goto(`/admin/categories?q=${run}`);
  const row = page.getByRole("row").filter({ hasText: name("Domotique") });
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText("2 articles perdront cette catégorie.");
  await screenshot(page, "categories-delete-1280");
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Catégorie supprimée")).toBeVisible();
  expect(
    await sql("select 1 from blog_article_categories where category_id = $1", [category!.id]),
  ).toHaveLength(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("shows both tabs and cards, and adds a category", async ({ page }) => {
    await page.goto("/admin/categories");
    await expect(page.getByRole("tab", { name: "Catégories de projets" })).toBeInViewport();
    await expectCards(page, "Catégories d'articles");
    await expect(listRows(page, "Catégories d'articles").first()).toBeVisible();
    await screenshot(page, "categories-375");
    await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une catégorie" });
    await dialog.getByLabel("Nom").fill(name("Sur mobile"));
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast(page, "Catégorie ajoutée")).toBeVisible();
    await expect(
      listRows(page, "Catégories d'articles").filter({ hasText: name("Sur mobile") }),
    ).toBeVisible();
  });
});
