import sharp from "sharp";
import { e2e, sql } from "../support/e2e";
import { expect, screenshot, staff, test, toast, expectCards, listRows } from "./admin-support";

/* The media library (/admin/media, issue 8), as a `user`-role account. */

const run = `${process.pid}`;

test.afterAll(async () => {
  await sql("delete from projects where title like $1", [`% ${run}`]);
  await sql("delete from media_assets where original_name like $1", [`%-${run}.png`]);
});

/** A picture of its own colour (files are content-addressed: one colour, one library entry). */
async function picture(name: string, color: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: `${name}-${run}.png`, mimeType: "image/png", buffer };
}

async function assetUrl(name: string) {
  const [row] = await sql<{ url: string }>("select url from media_assets where original_name = $1", [
    `${name}-${run}.png`,
  ]);
  return row!.url;
}

async function useInProject(name: string, title: string) {
  await sql("insert into projects (title, slug, main_image) values ($1, $2, $3)", [
    `${title} ${run}`,
    `${title.toLowerCase().replace(/\W+/g, "-")}-${run}`,
    await assetUrl(name),
  ]);
}

test("uploads an image, finds it, is refused while it is used and deletes it once unused", async ({
  page,
}) => {
  await page.goto("/admin");
  await page.getByRole("link", { name: "Médiathèque", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Médiathèque", level: 1 })).toBeVisible();

  await page.getByLabel("Images à ajouter").setInputFiles([await picture("tableau", "#1d4ed8")]);
  await expect(toast(page, "Image ajoutée")).toBeVisible({ timeout: 30_000 });

  await page.getByLabel("Rechercher une image").fill(`tableau-${run}`);
  await expect(page).toHaveURL(new RegExp(`/admin/media\\?q=tableau-${run}$`));
  const table = page.getByRole("table", { name: "Médiathèque" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").filter({ hasText: `tableau-${run}.png` });
  await expect(row).toContainText("640 × 480");
  await expect(row).toContainText(staff.email);
  await expect(row).toContainText("Non utilisée");
  await screenshot(page, "media-1280");

  // The image field's "Choisir dans la médiathèque" lists the same library.
  const form = await page.context().newPage();
  await form.goto("/admin/projects/create");
  await form.getByRole("button", { name: "Choisir dans la médiathèque" }).first().click();
  const picker = form.getByRole("dialog", { name: "Médiathèque" });
  await picker.getByLabel("Rechercher une image").fill(`tableau-${run}`);
  await expect(picker.getByRole("listitem")).toHaveCount(1);
  await picker.getByRole("button", { name: new RegExp(`tableau-${run}\\.png`) }).click();
  await expect(form.getByLabel("Image principale")).toHaveValue(await assetUrl("tableau"));
  await form.close();

  // The confirmation is open when a project takes the image up: the server refuses, saying where.
  await row.getByRole("button", { name: `Supprimer tableau-${run}.png` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText(`« tableau-${run}.png »`);
  await useInProject("tableau", "Chantier Limoges");
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Impossible de supprimer")).toContainText(
    `Cette image est utilisée par 1 contenu : « Chantier Limoges ${run} ». Retirez-la de ces contenus avant de la supprimer.`,
  );
  await expect(confirm).toBeHidden();

  // Now shown as used, with a link to the project; deleting is refused before asking.
  await expect(row).toContainText(`Projet : Chantier Limoges ${run} (image principale)`);
  await expect(row.getByRole("link", { name: `Chantier Limoges ${run}` })).toHaveAttribute(
    "href",
    /^\/admin\/projects\/edit\/[0-9a-f-]{36}$/,
  );
  await row.getByRole("button", { name: `Supprimer tableau-${run}.png` }).click();
  const refused = page.getByRole("alertdialog", { name: "Impossible de supprimer" });
  await expect(refused).toContainText(`« Chantier Limoges ${run} »`);
  await expect(refused.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
  await screenshot(page, "media-refused-1280");
  await page.keyboard.press("Escape");
  await expect(refused).toBeHidden();

  // The project lets go of it: deleted after confirmation, files included.
  await sql("update projects set main_image = null where title = $1", [`Chantier Limoges ${run}`]);
  const url = await assetUrl("tableau");
  expect((await page.request.get(url)).status()).toBe(200);
  await page.reload();
  await expect(row).toContainText("Non utilisée");
  await row.getByRole("button", { name: `Supprimer tableau-${run}.png` }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Image supprimée")).toBeVisible();
  await expect(page.getByText("Aucune image ne correspond à cette recherche.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=tableau-${run}$`));
  expect((await page.request.get(url)).status()).toBe(404);
});

test.describe("at 375px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("cards: an image sent through the API, used and unused, deleted with confirmation", async ({
    page,
  }) => {
    for (const [name, color] of [
      ["compteur", "#b91c1c"],
      ["facade", "#15803d"],
    ] as const) {
      const file = await picture(name, color);
      const response = await page.request.post("/admin/api/media", {
        multipart: { intent: "upload", alt: `Photo ${name}`, file },
        headers: { Origin: e2e.baseUrl },
      });
      expect(response.status()).toBe(201);
    }
    await useInProject("facade", "Façade");

    await page.goto(`/admin/media?q=${run}`);
    await expectCards(page, "Médiathèque");
    const cards = listRows(page, "Médiathèque");
    await expect(cards).toHaveCount(2);
    const used = cards.filter({ hasText: `facade-${run}.png` });
    const unused = cards.filter({ hasText: `compteur-${run}.png` });
    await expect(used).toContainText(`Projet : Façade ${run} (image principale)`);
    await expect(unused).toContainText("Non utilisée");
    await expect(unused).toContainText("Photo compteur");
    await screenshot(page, "media-375");

    await used.getByRole("button", { name: `Supprimer facade-${run}.png` }).click();
    const refused = page.getByRole("alertdialog", { name: "Impossible de supprimer" });
    await expect(refused).toContainText(`« Façade ${run} »`);
    await refused.getByRole("button", { name: "Fermer" }).click();

    // The API refuses the same way (the image field's dialog and other clients).
    const [{ id } = { id: "" }] = await sql<{ id: string }>(
      "select id from media_assets where original_name = $1",
      [`facade-${run}.png`],
    );
    const apiRefusal = await page.request.post("/admin/api/media", {
      form: { intent: "delete", id },
      headers: { Origin: e2e.baseUrl },
    });
    expect(apiRefusal.status()).toBe(409);

    await unused.getByRole("button", { name: `Supprimer compteur-${run}.png` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
    await screenshot(page, "media-confirm-375");
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Image supprimée")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(used).toBeVisible();
  });
});
