import type { Page } from "@playwright/test";
import { sql } from "../support/e2e";
import { expect, staff, test, toast, listRows } from "./admin-support";

/* 'Corbeille' (issue 21, point 3, decision 012), as a `user`-role account. */

test.describe.configure({ timeout: 90_000 });

const run = `${process.pid}`;

test.afterAll(async () => {
  await sql("delete from trash_items where title like $1", [`% ${run}%`]);
  await sql("delete from blog_articles where title like $1", [`% ${run}%`]);
  await sql("delete from projects where title like $1", [`% ${run}%`]);
});

async function insertArticle(label: string) {
  const slug = `${label.toLowerCase()}-${run}`;
  await sql(
    `insert into blog_articles (title, slug, content, status, published_at)
     values ($1, $2, '<p>Un article écrit pour le test.</p>', 'published', now() - interval '1 day')`,
    [`${label} ${run}`, slug],
  );
  return { title: `${label} ${run}`, path: `/blog/${slug}` };
}

async function insertProject(label: string) {
  const slug = `${label.toLowerCase()}-${run}`;
  const [row] = await sql<{ id: string }>(
    `insert into projects (title, slug, status, published_at) values ($1, $2, 'published', now() - interval '1 day')
     returning id`,
    [`${label} ${run}`, slug],
  );
  await sql(
    "insert into project_images (project_id, image_url, alt_text, display_order) values ($1, '/media/images/e2e.jpg', 'Façade', 0)",
    [row!.id],
  );
  return { id: row!.id, title: `${label} ${run}`, path: `/projects/${slug}` };
}

const status = async (page: Page, path: string) => (await page.request.get(path)).status();

/** The row (a card on a phone) of `title` in the list `caption`. */
const entry = (page: Page, caption: string, title: string) =>
  listRows(page, caption).filter({ hasText: title });

test("delete → trash → restore brings the public page back; delete → purge removes it for good", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const article = await insertArticle("Corbeille");
  expect(await status(page, article.path)).toBe(200);

  await page.goto(`/admin/blog?q=${run}`);
  const row = page.getByRole("row").filter({ hasText: article.title });
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText(
    "Êtes-vous sûr de vouloir supprimer cet article ? L'article sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  );
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Article supprimé")).toBeVisible();
  expect(await status(page, article.path)).toBe(404);

  await page.getByRole("navigation").getByRole("link", { name: "Corbeille" }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await page.getByLabel("Rechercher").fill(run);
  await page.getByLabel("Rechercher").press("Enter");
  const trashed = page.getByRole("row").filter({ hasText: article.title });
  await expect(trashed).toContainText("Article");
  await expect(trashed).toContainText(staff.email);
  // The row's actions fit beside the menu (they were cut off at 1280 px).
  await expect(
    trashed.getByRole("button", { name: `Supprimer définitivement « ${article.title} »` }),
  ).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: "/tmp/trash/trash-1280.png", fullPage: true });

  await trashed.getByRole("button", { name: `Restaurer « ${article.title} »` }).click();
  await expect(toast(page, "Élément restauré")).toBeVisible();
  await expect(trashed).toHaveCount(0);
  expect(await status(page, article.path)).toBe(200);

  await page.goto(`/admin/blog?q=${run}`);
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Article supprimé")).toBeVisible();
  await page.goto(`/admin/trash?q=${run}`);
  await trashed.getByRole("button", { name: `Supprimer définitivement « ${article.title} »` }).click();
  const purge = page.getByRole("alertdialog");
  await expect(purge).toContainText(`Supprimer définitivement « ${article.title} » ?`);
  await expect(purge).toContainText("Cette action ne peut pas être annulée.");
  await purge.getByRole("button", { name: "Supprimer définitivement" }).click();
  await expect(toast(page, "Suppression définitive")).toBeVisible();
  // Other specs of this worker leave items under the same run number: only this one must be gone.
  await expect(trashed).toHaveCount(0);
  expect(await sql("select id from blog_articles where title = $1", [article.title])).toHaveLength(0);
  expect(await sql("select id from trash_items where title = $1", [article.title])).toHaveLength(0);
  expect(await status(page, article.path)).toBe(404);
});

test("on a phone: a project comes back with its gallery; a slug taken meanwhile asks for another", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const project = await insertProject("Chantier");
  await page.goto(`/admin/projects?q=${run}`);
  await entry(page, "Projets", project.title)
    .getByRole("button", { name: /^Supprimer/ })
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Le projet sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  );
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Projet supprimé")).toBeVisible();
  expect(await status(page, project.path)).toBe(404);
  // Meanwhile a new project takes the address.
  await sql(
    "insert into projects (title, slug, status, published_at) values ($1, $2, 'published', now() - interval '1 day')",
    [`Nouveau ${run}`, project.path.replace("/projects/", "")],
  );

  await page.goto(`/admin/trash?q=${run}`);
  const card = entry(page, "Corbeille", project.title);
  await expect(card).toContainText("Projet");
  await page.screenshot({ path: "/tmp/trash/trash-375.png", fullPage: true });
  await card.getByRole("button", { name: `Restaurer « ${project.title} »` }).click();
  const dialog = page.getByRole("dialog", { name: "Slug déjà utilisé" });
  await expect(dialog).toContainText(
    `Le slug « ${project.path.replace("/projects/", "")} » est déjà utilisé`,
  );
  await expect(dialog.getByLabel("Nouveau slug")).toHaveValue(`${project.path.replace("/projects/", "")}-2`);
  await page.screenshot({ path: "/tmp/trash/slug-taken-375.png" });
  await dialog.getByRole("button", { name: "Restaurer avec ce slug" }).click();
  await expect(toast(page, "Élément restauré")).toBeVisible();
  expect(await status(page, `${project.path}-2`)).toBe(200);
  const images = await sql("select alt_text from project_images where project_id = $1", [project.id]);
  expect(images.map((image) => image.alt_text)).toEqual(["Façade"]);
});
