import { sql } from "../support/e2e";
import { expect, test, toast } from "./admin-support";

/*
 * Issue 21, points 6 to 8: the pre-publish checklist (on the project editor, the one with tabs),
 * 'Dupliquer' from a list row, and the dashboard's 'Publications planifiées'.
 */

test.describe.configure({ timeout: 120_000 });

const run = `${process.pid}`;

test.afterAll(async () => {
  await sql("delete from projects where title like $1", [`%${run}%`]);
  await sql("delete from blog_articles where title like $1", [`%${run}%`]);
  await sql("delete from project_categories where name = $1", [`Tertiaire ${run}`]);
});

const DESCRIPTION = "Mise aux normes complète du tableau et des circuits des bureaux, sans interruption.";

async function insertProject(label: string, values: { content?: string; status?: string } = {}) {
  await sql("insert into project_categories (name, slug) values ($1, $2) on conflict do nothing", [
    `Tertiaire ${run}`,
    `tertiaire-${run}`,
  ]);
  const [row] = await sql<{ id: string }>(
    `insert into projects (title, slug, description, location, category, status, published_at, main_image, content)
     values ($1, $2, $3, 'Limoges', $4, $5, now() - interval '1 day', '/media/images/absente.webp', $6) returning id`,
    [
      `${label} ${run}`,
      `${label.toLowerCase().replace(/\W+/g, "-")}-${run}`,
      DESCRIPTION,
      `Tertiaire ${run}`,
      values.status ?? "published",
      values.content ?? "<p>Le chantier.</p>",
    ],
  );
  return row!.id;
}

for (const width of [1280, 375]) {
  test(`the checklist warns before publishing, its links reveal the field, and the save goes through (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = await insertProject(`Checklist ${width}`, {
      content: `<p>Voir <a href="/blog/disparu-${run}">l'article</a>.</p><p><img src="/media/images/absente.webp"></p>`,
    });
    await page.goto(`/admin/projects/edit/${id}`);
    const panel = page.getByRole("region", { name: "Vérifications avant publication" });
    await expect(panel.getByRole("button", { name: "Aucune meta description." })).toBeVisible();
    // Checked by the server once typing pauses.
    await expect(
      panel.getByRole("button", {
        name: `Lien vers une page introuvable sur le site : /blog/disparu-${run}.`,
      }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByRole("button", { name: "1 image n'a pas de texte alternatif." })).toBeVisible();

    // The meta description is in the 'SEO & Métadonnées' tab: it opens, the cursor is there.
    await panel.getByRole("button", { name: "Aucune meta description." }).click();
    const metaDescription = page.getByLabel("Description SEO (meta description)");
    await expect(metaDescription).toBeFocused();
    await page.screenshot({ path: `/tmp/editors/checklist-seo-${width}.png`, fullPage: true });
    // The content's warning brings the 'Contenu' tab back, on its 'Contenu détaillé' part.
    await panel.getByRole("button", { name: "1 image n'a pas de texte alternatif." }).click();
    await expect(page.getByRole("tabpanel", { name: "Contenu détaillé" }).getByRole("textbox")).toBeFocused();

    // Typing a description in range removes its warning, live.
    await panel.getByRole("button", { name: "Aucune meta description." }).click();
    await metaDescription.fill(DESCRIPTION);
    await expect(panel.getByRole("button", { name: "Aucune meta description." })).toBeHidden();
    await page.screenshot({ path: `/tmp/editors/checklist-${width}.png`, fullPage: true });

    // The preview shows them too.
    await page.getByRole("button", { name: "Aperçu", exact: true }).click();
    const preview = page.getByRole("dialog", { name: "Aperçu du projet" });
    await expect(
      preview
        .getByRole("region", { name: "Vérifications avant publication" })
        .getByText("1 image n'a pas de texte alternatif."),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();

    // Warnings never block: the project is saved with the other two.
    await page.getByRole("button", { name: "Enregistrer les modifications" }).last().click();
    await expect(toast(page, "Projet mis à jour avec succès")).toBeVisible({ timeout: 30_000 });
    const [saved] = await sql<{ meta_description: string }>(
      "select meta_description from projects where id = $1",
      [id],
    );
    expect(saved!.meta_description).toBe(DESCRIPTION);
  });

  test(`'Dupliquer' on a project row opens the draft copy (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const label = `Duplication ${width}`;
    const id = await insertProject(label);
    await sql(
      `insert into project_images (project_id, image_url, alt_text, display_order)
       values ($1, '/media/images/a.webp', 'Façade', 0), ($1, '/media/images/b.webp', 'Hall', 1)`,
      [id],
    );
    await page.goto(`/admin/projects?q=${encodeURIComponent(`${label} ${run}`)}`);
    const duplicate = page.getByRole("button", { name: `Dupliquer ${label} ${run}` });
    // Beside the other actions, within the screen (the table scrolls sideways otherwise).
    await expect(duplicate).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `/tmp/editors/projects-list-${width}.png`, fullPage: true });
    await duplicate.click();
    await expect(toast(page, "Projet dupliqué")).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin\/projects\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(`Copie de ${label} ${run}`);
    await page.screenshot({ path: `/tmp/editors/duplicated-${width}.png`, fullPage: true });
    const copyId = page.url().split("/").at(-1)!;
    expect(copyId).not.toBe(id);
    const [copy] = await sql<{ status: string; slug: string; images: number }>(
      `select status, slug, (select count(*)::int from project_images where project_id = p.id) as images
         from projects p where id = $1`,
      [copyId],
    );
    expect(copy).toEqual({
      status: "draft",
      slug: `${label.toLowerCase().replace(/\W+/g, "-")}-${run}-copie`,
      images: 2,
    });
  });

  test(`the dashboard lists the scheduled publications with their dates (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // Minutes from now: before anything another test plans further ahead.
    const at = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const [article] = await sql<{ id: string }>(
      `insert into blog_articles (title, slug, status, scheduled_at) values ($1, $2, 'scheduled', $3) returning id`,
      [`Article planifié ${width} ${run}`, `article-planifie-${width}-${run}`, at],
    );
    const shown = new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    })
      .format(at)
      .replace(",", "");
    await page.goto("/admin");
    const card = page.getByRole("region", { name: "Publications planifiées" });
    const link = card.getByRole("link", { name: new RegExp(`Article planifié ${width} ${run}`) });
    await expect(link).toContainText(shown);
    await page.screenshot({ path: `/tmp/editors/dashboard-${width}.png`, fullPage: true });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${article!.id}$`));
  });
}

test("a scheduled project reads 'Planifié' in the list, and a draft CMS page's 'Aperçu' is its back-office preview", async ({
  page,
}) => {
  await insertProject("Planifié", { status: "scheduled" });
  await page.goto(`/admin/projects?q=${encodeURIComponent(`Planifié ${run}`)}`);
  await expect(page.getByRole("row").filter({ hasText: `Planifié ${run}` })).toContainText("Planifié");

  const [draft] = await sql<{ id: string }>(
    `insert into cms_pages (title, slug, content, is_published) values ($1, $2, '<p>Brouillon.</p>', false) returning id`,
    [`Page brouillon ${run}`, `page-brouillon-${run}`],
  );
  try {
    await page.goto(`/admin/cms?q=${encodeURIComponent(`Page brouillon ${run}`)}`);
    const preview = page.getByRole("link", { name: `Aperçu de Page brouillon ${run} (nouvel onglet)` });
    await expect(preview).toHaveAttribute("href", `/admin/cms/preview/${draft!.id}`);
    const opened = page.waitForEvent("popup");
    await preview.click();
    const tab = await opened;
    await expect(tab.getByRole("heading", { name: "Aperçu de la page" })).toBeVisible();
    await tab.close();
  } finally {
    await sql("delete from cms_pages where id = $1", [draft!.id]);
  }
});
