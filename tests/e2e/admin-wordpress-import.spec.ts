import path from "node:path";
import { e2e, expect, sql, test } from "../support/e2e";
import { screenshot, signIn, toast } from "./admin-support";

// /admin/wordpress-import ('Importer depuis WordPress', admin): the progress of a running import,
// then the fixture export and its uploads' zip sent from the screen, its report, and an old
// address answered by the site.
const FIXTURES = path.resolve("tests/fixtures/wordpress");

// The worker's database serves the next spec files: what the import made goes (the demo's rows
// it linked to, such as its 'Conseils' category, stay).
const TABLES = ["blog_articles", "cms_pages", "media_assets", "blog_categories", "blog_authors"];
const existing: Record<string, string[]> = {};
test.beforeAll(async () => {
  for (const table of TABLES)
    existing[table] = (await sql<{ id: string }>(`select id from ${table}`)).map((row) => row.id);
});
test.afterAll(async () => {
  for (const table of TABLES)
    await sql(`delete from ${table} where not (id = any($1::uuid[]))`, [existing[table]]);
  await sql("delete from legacy_redirects");
  await sql("delete from wordpress_items");
  await sql("delete from wordpress_imports");
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a running import shows its progress as it moves", async ({ page }) => {
    await sql(
      "insert into wordpress_imports (file_name, progress, started_at) values ('ancien-site.xml', 40, now())",
    );
    await signIn(page, e2e.admin);
    await page.goto("/admin/wordpress-import");
    await expect(page.getByRole("heading", { name: "Importer depuis WordPress", level: 1 })).toBeVisible();
    const progress = page.getByRole("progressbar", { name: "Progression de l'import de ancien-site.xml" });
    await expect(progress).toHaveAttribute("value", "40");
    await expect(page.getByRole("button", { name: "Lancer l'import" })).toBeDisabled();
    // The screen reads the run again while it runs.
    await sql("update wordpress_imports set progress = 75, updated_at = now()");
    await expect(progress).toHaveAttribute("value", "75");
    await expect(page.getByTestId("import-progress")).toContainText("75 %");
    await screenshot(page, "wordpress-import-progress-1280");
    await sql("update wordpress_imports set status = 'failed', error = 'Interrompu', finished_at = now()");
    await expect(page.getByText("Interrompu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Lancer l'import" })).toBeEnabled();
  });

  test("the export and its media are imported, with a report; old addresses redirect", async ({ page }) => {
    await signIn(page, e2e.admin);
    await page.goto("/admin/wordpress-import");
    await page
      .getByLabel("Fichier d'export WordPress (.xml)")
      .setInputFiles(path.join(FIXTURES, "export.xml"));
    await page
      .getByLabel("Archive des médias (facultatif)")
      .setInputFiles(path.join(FIXTURES, "uploads.zip"));
    await page.getByRole("button", { name: "Lancer l'import" }).click();
    await expect(toast(page, "Import lancé")).toBeVisible();

    const report = page.getByTestId("import-report");
    await expect(report).toContainText("Terminé", { timeout: 60_000 });
    const table = report.getByRole("table", { name: "Résultat de l'import par type" });
    const row = (name: string) => table.getByRole("row", { name: new RegExp(`^${name}`) });
    await expect(row("Articles")).toHaveText(/Articles\s*5\s*0\s*0\s*0/);
    await expect(row("Pages")).toHaveText(/Pages\s*4\s*0\s*0\s*0/);
    await expect(row("Médias")).toHaveText(/Médias\s*5\s*0\s*0\s*0/);
    // The demo already has a 'conseils' category: the import links to it.
    await expect(row("Catégories")).toHaveText(/Catégories\s*4\s*0\s*1\s*0/);
    await expect(row("Auteurs")).toHaveText(/Auteurs\s*2\s*0\s*0\s*0/);
    await expect(report).toContainText("Anciennes adresses redirigées (301) vers les nouvelles : 26");
    await expect(report.getByRole("listitem")).toHaveText([
      "article « Tarifs 2024 (interne) » : privé sur WordPress, importé en brouillon",
    ]);
    await screenshot(page, "wordpress-import-1280");

    await page.goto("/?p=11");
    await expect(page).toHaveURL(/\/blog\/normes-nf-c-15-100$/);
    await expect(
      page.getByRole("heading", { name: "Normes NF C 15-100 : ce qui change en 2023" }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: "Tableau électrique rénové" }).first()).toBeVisible();
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the form and the last report fit the screen", async ({ page }) => {
    await signIn(page, e2e.admin);
    await page.goto("/admin/wordpress-import");
    await expect(page.getByLabel("Fichier d'export WordPress (.xml)")).toBeVisible();
    await expect(page.getByTestId("import-report")).toContainText("Terminé");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await screenshot(page, "wordpress-import-375");
  });
});
