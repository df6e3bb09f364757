import path from "node:path";
import type { Page } from "@playwright/test";
import { sql } from "../support/e2e";
import { expect, screenshot, test, toast } from "./admin-support";

/* Articles (back-office.md §2.5, §2.6, §4, §5, §8), as a `user`-role account, at desktop width unless said. */

const run = `${process.pid}`;
const title = (label: string) => `${label} ${run}`;
const BODY =
  "Un contenu d'article assez long pour dépasser les cinquante caractères requis par le formulaire.";

test.afterAll(async () => {
  await sql("delete from blog_articles where title like $1", [`% ${run}%`]);
});

/** Types in the rich text editor (its visual mode). */
async function typeContent(page: Page, text: string) {
  const editor = page.getByRole("textbox", { name: "Contenu" });
  await editor.click();
  await editor.pressSequentially(text);
}

test("creates an article with the editor, an uploaded image and the SEO auto-fill; previews it live", async ({
  page,
}) => {
  const name = title("Tableau électrique");
  await page.goto("/admin/blog/create");
  await expect(page.getByRole("heading", { name: "Créer un Article", level: 1 })).toBeVisible();

  // §5: the create checks, together, in a dialog.
  await page.getByRole("button", { name: "Créer l'article" }).click();
  const checks = page.getByRole("alertdialog", { name: "Validation échouée" });
  await expect(checks.getByText("Le titre doit contenir au moins 3 caractères")).toBeVisible();
  await expect(checks.getByText("L'extrait doit contenir au moins 10 caractères")).toBeVisible();
  await expect(checks.getByText("Le contenu doit contenir au moins 50 caractères")).toBeVisible();
  await checks.getByRole("button", { name: "Corriger" }).click();

  await page.getByLabel("Titre", { exact: true }).fill(name);
  await page.getByLabel("Extrait").fill("Ce qu'il faut vérifier avant l'hiver.");
  await typeContent(page, BODY);
  // §4: titles follow the title while empty.
  await expect(page.getByLabel("Titre SEO (meta title)")).toHaveValue(name);
  await expect(page.getByTestId("google-preview")).toContainText(name);

  // A non-image is refused with a reason; a real image uploads with its progress, then shows.
  const zone = page.getByTestId("upload-drop-zone").first();
  const chooser = page.waitForEvent("filechooser");
  await zone.getByRole("button", { name: "choisissez un fichier" }).click();
  await (
    await chooser
  ).setFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("pas une image") });
  await expect(page.getByRole("alert").filter({ hasText: /image/i }).first()).toBeVisible();
  // A slow link, so the progress bar can be seen.
  const cdp = await page.context().newCDPSession(page);
  const network = { offline: false, latency: 0, downloadThroughput: -1 };
  await cdp.send("Network.emulateNetworkConditions", { ...network, uploadThroughput: 12 * 1024 });
  const chooser2 = page.waitForEvent("filechooser");
  await zone.getByRole("button", { name: "choisissez un fichier" }).click();
  await (await chooser2).setFiles(path.join("public", "og-image.png"));
  await expect(page.getByRole("progressbar", { name: "Envoi de og-image.png" })).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", { ...network, uploadThroughput: -1 });
  const imageUrl = page.getByLabel("Image principale");
  await expect(imageUrl).toHaveValue(/^\/media\//);
  await expect(page.getByRole("img", { name: "Aperçu de l'image" }).first()).toBeVisible();

  await page.getByLabel("Catégorie", { exact: true }).selectOption("Conseils");
  await page.getByLabel("Statut", { exact: true }).selectOption("draft");

  // The preview renders the public article from the unsaved values, and follows typing.
  await page.getByRole("button", { name: "Aperçu" }).click();
  const dialog = page.getByRole("dialog", { name: "Aperçu de l'article" });
  await expect(dialog.getByText("Aperçu limité")).toBeVisible();
  const frame = dialog.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(frame.getByText(BODY)).toBeVisible();
  await dialog.getByRole("button", { name: "Mobile" }).click();
  await expect(dialog.locator("iframe")).toHaveAttribute("data-device", "mobile");
  await screenshot(page, "article-preview-1280");
  await page.keyboard.press("Escape");

  await screenshot(page, "article-create-1280");
  await page.getByRole("button", { name: "Créer l'article" }).click();
  await expect(toast(page, "Article créé")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const [stored] = await sql<{ slug: string; meta_title: string | null; main_image: string }>(
    "select slug, meta_title, main_image from blog_articles where title = $1",
    [name],
  );
  expect(stored!.slug).toBe(`tableau-electrique-${run}`);
  expect(stored!.meta_title).toBe(name);
  expect(stored!.main_image).toMatch(/^\/media\//);
});

test("lists with search and filters in the URL; deletes through the dialog", async ({ page }) => {
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Gestion du Blog", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Articles" });
  for (const header of ["Titre", "Catégorie", "Auteur", "Date", "Statut", "Actions"])
    await expect(table.getByRole("columnheader", { name: new RegExp(`^${header}`) })).toBeVisible();
  await screenshot(page, "articles-1280");

  await page.getByLabel("Rechercher").fill("Tableau électrique");
  await expect(page).toHaveURL(/q=Tableau/);
  await page.getByLabel("Statut").selectOption("draft");
  await expect(page).toHaveURL(/status=draft/);
  const row = table.getByRole("row").filter({ hasText: title("Tableau électrique") });
  await expect(row).toBeVisible();
  await page.reload();
  await expect(row).toBeVisible();
  await page.getByLabel("Catégorie").selectOption("none");
  await expect(page).toHaveURL(/category=none/);
  await expect(page.getByText("Aucun article trouvé")).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(
    confirm.getByText(
      "Êtes-vous sûr de vouloir supprimer cet article ? Cette action ne peut pas être annulée.",
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Article supprimé")).toBeVisible();
  await expect(row).toHaveCount(0);
});
