import sharp from "sharp";
import { e2e, sql } from "../support/e2e";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, screenshot, staff, test, toast, expectCards, listRows } from "./admin-support";

/* Projects (back-office.md §2.9, §4, §5, §7, §8, §9), as a `user`-role account. */

const run = `${process.pid}`;
const sinkPort = () => e2e.stubPort + 1;
let sink: SmtpSink | undefined;

test.beforeAll(async () => {
  sink = await startSmtpSink(sinkPort());
  // Mail through the sink; project notices to their own address (the settings screen's field).
  await sql(
    `update site_settings set smtp_server = '127.0.0.1', smtp_port = $1, smtp_username = null,
       smtp_password = null, mailjet_api_key = null, mailjet_secret_key = null,
       project_notification_email = 'chantiers@betic.test'`,
    [sinkPort()],
  );
});

test.afterAll(async () => {
  await sink?.stop();
  await sql(
    "update site_settings set smtp_server = null, smtp_port = null, project_notification_email = null",
  );
  await sql("delete from projects where title like $1", [`%${run}%`]);
});

/** A phone photo: a 12 MP-like JPEG would be slow here; the pipeline is the same at 2000×1500. */
async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

test.describe("list", () => {
  test("searches by title or category in the URL, filters by category, shows Publié or Brouillon", async ({
    page,
  }) => {
    await page.goto("/admin/projects");
    await expect(page.getByRole("heading", { name: "Gestion des Projets", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Projets" });
    const [{ count }] = (await sql<{ count: string }>("select count(*) from projects")) as [
      { count: string },
    ];
    await expect(page.getByText(new RegExp(`^${count} projets`))).toBeVisible();
    await screenshot(page, "projects-1280");

    await page.getByLabel("Rechercher un projet").fill("photovoltaïque");
    await expect(page).toHaveURL(/q=photovolta/);
    await expect(table.getByRole("row")).toHaveCount(2);

    await page.getByLabel("Rechercher un projet").fill("");
    await page.getByLabel("Catégorie").selectOption({ label: "Industriel" });
    await expect(page).toHaveURL(/category=industriel/);
    const rows = table.getByRole("row");
    const [{ industrial }] = (await sql<{ industrial: string }>(
      "select count(*) as industrial from projects where category = 'Industriel'",
    )) as [{ industrial: string }];
    await expect(rows).toHaveCount(Number(industrial) + 1);
    for (const cell of await table.getByRole("cell", { name: /^(Publié|Brouillon)$/ }).all())
      await expect(cell).toBeVisible();

    await page.getByLabel("Rechercher un projet").fill("aucun projet ne s'appelle ainsi");
    await expect(page.getByText("Aucun projet trouvé")).toBeVisible();
  });

  test("cards under 768px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/projects");
    await expectCards(page, "Projets");
    await expect(listRows(page, "Projets").first()).toBeVisible();
    await screenshot(page, "projects-375");
  });
});

test.describe("quick creation from a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("a title and two photos make a '[A REDIGER]' draft: main image, then the gallery from 1", async ({
    page,
  }) => {
    await page.goto("/admin/projects");
    await page.getByRole("link", { name: "Création rapide" }).click();
    await expect(page.getByRole("heading", { name: "Création rapide de projet" })).toBeVisible();

    // Title required.
    await page.getByRole("button", { name: "Créer le brouillon" }).click();
    await expect(page.getByText("Le titre est requis")).toBeVisible();

    const title = `Tableau Couzeix ${run}`;
    await page.getByLabel("Titre du projet").fill(title);
    await page
      .getByLabel("Photos (facultatif)")
      .setInputFiles([await photo("chantier-1.jpg", "#b91c1c"), await photo("chantier-2.jpg", "#1d4ed8")]);
    await expect(page.getByText("Image principale : chantier-1.jpg")).toBeVisible();
    await screenshot(page, "quick-create-375");
    await page.getByRole("button", { name: "Créer le brouillon" }).click();

    // Encoding the photos (sharp) takes a while on a loaded machine.
    await expect(page).toHaveURL(/\/admin\/projects$/, { timeout: 30_000 });
    await expect(toast(page, "Brouillon créé")).toContainText(
      "Le projet a été enregistré en brouillon avec succès.",
    );
    const [project] = await sql<{ id: string; status: string; main_image: string }>(
      "select id, status, main_image from projects where title = $1",
      [`[A REDIGER] ${title}`],
    );
    expect(project).toMatchObject({ status: "draft" });
    expect(project!.main_image).toMatch(/^\/media\/images\/[a-f0-9]+-\d+x\d+\.webp$/);
    const gallery = await sql<{ display_order: number; image_url: string }>(
      "select display_order, image_url from project_images where project_id = $1 order by display_order",
      [project!.id],
    );
    expect(gallery.map((image) => image.display_order)).toEqual([1]);
    expect(gallery[0]!.image_url).not.toBe(project!.main_image);
    // The photos went through the media library, with their uploader.
    const [library] = await sql<{ count: string }>(
      "select count(*) from media_assets a join users u on u.id = a.uploaded_by where u.email = $1 and a.url in ($2, $3)",
      [staff.email, project!.main_image, gallery[0]!.image_url],
    );
    expect(library!.count).toBe("2");

    // §7: the creation notice reaches the notification address through the outbox.
    const [notice] = await sink!.waitFor((mail) => mail.subject?.includes(title) ?? false);
    expect(notice!.to).toMatchObject({ text: "chantiers@betic.test" });
    expect(notice!.text).toContain(`Titre : [A REDIGER] ${title}`);
    expect(notice!.text).toContain(`Créé par : ${staff.email}`);
  });

  test("a file that is not an image keeps the project, with the 'Attention' message", async ({ page }) => {
    await page.goto("/admin/projects/quick-create");
    const title = `Borne Feytiat ${run}`;
    await page.getByLabel("Titre du projet").fill(title);
    await page.getByLabel("Photos (facultatif)").setInputFiles([
      await photo("borne.jpg", "#15803d"),
      // A PHP script renamed .jpg: refused by its bytes, whatever its name and declared type.
      { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php system($_GET['c']); ?>") },
    ]);
    await page.getByRole("button", { name: "Créer le brouillon" }).click();
    await expect(toast(page, "Attention")).toContainText(
      "Le projet a été créé mais certaines images n'ont pas pu être téléchargées",
      { timeout: 30_000 },
    );
    const [project] = await sql<{ main_image: string | null }>(
      "select main_image from projects where title = $1",
      [`[A REDIGER] ${title}`],
    );
    expect(project!.main_image).toMatch(/^\/media\/images\//);
  });
});

test("deleting a project asks first, then moves it with its gallery to the trash", async ({ page }) => {
  const [project] = await sql<{ id: string }>(
    `insert into projects (title, slug, status) values ($1, $2, 'draft') returning id`,
    [`À supprimer ${run}`, `a-supprimer-${run}`],
  );
  await sql("insert into project_images (project_id, image_url, display_order) values ($1, $2, 0)", [
    project!.id,
    "https://cdn.example.com/photo.jpg",
  ]);
  await page.goto(`/admin/projects?q=${encodeURIComponent(`À supprimer ${run}`)}`);
  await page.getByRole("button", { name: `Supprimer À supprimer ${run}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(dialog).toContainText(
    "Le projet sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
  );
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Projet supprimé")).toBeVisible();
  await expect(page.getByText("Aucun projet trouvé")).toBeVisible();
  const [left] = await sql<{ count: string }>("select count(*) from project_images where project_id = $1", [
    project!.id,
  ]);
  expect(left!.count).toBe("0");
  const [trashed] = await sql<{ data: { children: unknown } }>(
    "select data from trash_items where entity_id = $1",
    [project!.id],
  );
  expect(JSON.stringify(trashed!.data)).toContain("https://cdn.example.com/photo.jpg");
});
