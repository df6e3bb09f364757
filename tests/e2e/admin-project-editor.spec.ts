import type { Page } from "@playwright/test";
import sharp from "sharp";
import { sql } from "../support/e2e";
import { expect, screenshot, test, toast } from "./admin-support";

/* The project form, its gallery and sharing (back-office.md §2.10–§2.12, §5, §7, §8), as a `user`-role account. */

const run = `${process.pid}`;
// Whole journeys with photo uploads: longer than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });
const DESCRIPTION =
  "Remplacement complet du tableau électrique et mise aux normes NF C 15-100 d'une maison ancienne.";

test.afterAll(async () => {
  await sql("delete from projects where title like $1", [`% ${run}%`]);
});

async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

async function draftProject(title: string) {
  const [project] = await sql<{ id: string }>(
    `insert into projects (title, slug, status, location, description, category)
     values ($1, $2, 'draft', 'Limoges', $3, 'Résidentiel') returning id`,
    [title, `projet-${run}-${Math.random().toString(36).slice(2, 8)}`, DESCRIPTION],
  );
  return project!.id;
}

/** Gallery order as stored: image ids by display_order, and the orders themselves. */
async function storedGallery(projectId: string) {
  return sql<{ id: string; display_order: number; alt_text: string | null; seo_keywords: string | null }>(
    "select id, display_order, alt_text, seo_keywords from project_images where project_id = $1 order by display_order",
    [projectId],
  );
}

async function openImagesTab(page: Page) {
  await page.getByRole("tab", { name: "Images" }).click();
}

test("creates a project: §5 messages, the submit checks dialog, then published and on /projects", async ({
  page,
}) => {
  const name = `Tableau électrique Couzeix ${run}`;
  await page.goto("/admin/projects/create");
  await expect(page.getByRole("heading", { name: "Créer un nouveau projet", level: 1 })).toBeVisible();
  await openImagesTab(page);
  await expect(page.getByText("La galerie sera disponible après la création du projet.")).toBeVisible();
  await page.getByRole("tab", { name: "Informations de base" }).click();

  // §5 on change, once a submit was refused (before, no message moves the controls).
  await page.getByLabel("Titre", { exact: true }).fill("ab");
  await page.getByLabel("Localisation").fill("Li");
  await page.getByLabel("Description courte").fill("Court");
  await page.getByLabel("Description courte").press("Tab");
  await expect(page.getByText("Le titre doit contenir au moins 3 caractères")).toBeHidden();
  await page.getByRole("button", { name: "Créer le projet" }).first().click();
  await expect(page.getByText("Le titre doit contenir au moins 3 caractères")).toBeVisible();
  await expect(page.getByText("La localisation doit contenir au moins 3 caractères")).toBeVisible();
  await expect(page.getByText("La description doit contenir au moins 10 caractères")).toBeVisible();

  await page.getByLabel("Titre", { exact: true }).fill(name);
  await page.getByLabel("Localisation").fill("Couzeix");
  await page.getByLabel("Description courte").fill("Mise aux normes d'un tableau.");
  const zone = page.getByTestId("upload-drop-zone").first();
  const chooser = page.waitForEvent("filechooser");
  await zone.getByRole("button", { name: "choisissez un fichier" }).click();
  await (await chooser).setFiles(await photo("tableau.jpg", "#1d4ed8"));
  await expect(page.getByLabel("Image principale")).toHaveValue(/^\/media\//, { timeout: 30_000 });

  await page.getByRole("tab", { name: "SEO & Métadonnées" }).click();
  await page.getByLabel("Catégorie", { exact: true }).selectOption("Résidentiel");
  await page.getByLabel("Temps de lecture").selectOption("10 min");
  await page.getByLabel("Statut", { exact: true }).selectOption("published");
  await screenshot(page, "project-create-seo-1280");

  // §5 on submit: published needs a 50-character description; listed in a dialog with a toast.
  await page.getByRole("button", { name: "Créer le projet" }).first().click();
  const checks = page.getByRole("alertdialog", { name: "Validation échouée" });
  await expect(checks.getByText("Une description d'au moins 50 caractères est requise")).toBeVisible();
  await expect(toast(page, "Validation échouée")).toBeVisible();
  await checks.getByRole("button", { name: "Corriger" }).click();

  await page.getByRole("tab", { name: "Contenu", exact: true }).click();
  await page.getByLabel("Description courte").fill(DESCRIPTION);
  await screenshot(page, "project-create-1280");
  await page.getByRole("button", { name: "Créer le projet" }).first().click();
  await expect(page).toHaveURL(/\/admin\/projects$/, { timeout: 30_000 });
  await expect(toast(page, "Projet créé avec succès")).toBeVisible();

  const [stored] = await sql<{ slug: string; status: string; read_time: string; published_at: Date | null }>(
    "select slug, status, read_time, published_at from projects where title = $1",
    [name],
  );
  expect(stored).toMatchObject({ status: "published", read_time: "10 min" });
  expect(stored!.published_at).not.toBeNull();
  await page.goto("/projects");
  await expect(page.getByText(name)).toBeVisible();
  await page.goto(`/projects/${stored!.slug}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
});

test("only a refused submit shows the tab of the first error, and puts the cursor there", async ({
  page,
}) => {
  const id = await draftProject(`Chantier Isle ${run}`);
  await page.goto(`/admin/projects/edit/${id}`);
  await page.getByRole("tab", { name: "SEO & Métadonnées" }).click();
  const seoTab = page.getByRole("tab", { name: "SEO", exact: true });
  const ogTab = page.getByRole("tab", { name: "Open Graph" });
  const ogImage = page.getByLabel("Image Open Graph");
  const canonical = page.getByLabel("URL canonique");

  // Errors typed in two tabs, one then mended: nothing shows, no tab moves.
  await ogTab.click();
  await ogImage.fill("pas une adresse");
  await seoTab.click();
  await canonical.fill("pas une adresse");
  await canonical.press("Tab");
  await canonical.fill("");
  await expect(seoTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Veuillez entrer une URL valide pour l'image Open Graph")).toBeHidden();

  // Refused: the first error is the title, in another tab and sub-tab.
  await page.getByRole("tab", { name: "Contenu", exact: true }).click();
  await page.getByLabel("Titre", { exact: true }).fill("");
  await page.getByRole("tab", { name: "SEO & Métadonnées" }).click();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).first().click();
  await expect(page.getByRole("tab", { name: "Informations de base" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByLabel("Titre", { exact: true })).toBeFocused();
  await expect(page.getByText("Le titre doit contenir au moins 3 caractères")).toBeVisible();

  // Mended, refused again: now the Open Graph image, in the SEO fieldset's own tabs.
  await page.getByLabel("Titre", { exact: true }).fill(`Chantier Isle ${run}`);
  await page.getByLabel("Image principale").fill("/og-image.png");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).last().click();
  await expect(ogTab).toHaveAttribute("aria-selected", "true");
  await expect(ogImage).toBeFocused();
  await expect(page.getByText("Veuillez entrer une URL valide pour l'image Open Graph")).toBeVisible();
});

test("edit: unknown id, sharing off for a draft, the preview follows the form", async ({ page }) => {
  await page.goto("/admin/projects/edit/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Projet #00000000-0000-4000-8000-000000000000 non trouvé")).toBeVisible();

  const title = `Borne Feytiat ${run}`;
  const id = await draftProject(title);
  await page.goto(`/admin/projects/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Modifier le Projet", level: 1 })).toBeVisible();
  const share = page.getByRole("region", { name: "Partager le projet" });
  for (const network of ["Facebook", "LinkedIn", "Instagram"])
    await expect(share.getByRole("button", { name: new RegExp(network) })).toBeDisabled();
  await expect(share).toContainText("Le projet doit être publié avec un slug valide pour être partagé.");

  await page.getByLabel("Titre", { exact: true }).fill(`${title} modifié`);
  await page.getByRole("button", { name: "Aperçu" }).click();
  const dialog = page.getByRole("dialog", { name: "Aperçu du projet" });
  const frame = dialog.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: `${title} modifié`, level: 1 })).toBeVisible();

  // §2.12: the preview page in its own tab follows the form too, with the status badge, the
  // Google result and the Facebook and Twitter cards.
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Ouvrir dans un nouvel onglet" }).click(),
  ]);
  await expect(tab.getByRole("heading", { name: "Aperçu du projet", level: 1 })).toBeVisible();
  await expect(tab.getByText("Brouillon", { exact: true })).toBeVisible();
  await expect(
    tab.frameLocator("iframe").getByRole("heading", { name: `${title} modifié`, level: 1 }),
  ).toBeVisible();
  for (const preview of ["google-preview", "og-preview", "twitter-preview"])
    await expect(tab.getByTestId(preview)).toContainText(`${title} modifié`);
  await screenshot(tab, "project-preview-1280");
  await tab.close();
  await page.keyboard.press("Escape");
});

test("published project: share links carry the encoded public address", async ({ page }) => {
  const title = `Éclairage Isle ${run}`;
  const id = await draftProject(title);
  await sql("update projects set status = 'published', published_at = now() where id = $1", [id]);
  const [{ slug }] = (await sql<{ slug: string }>("select slug from projects where id = $1", [id])) as [
    { slug: string },
  ];
  await page.goto(`/admin/projects/edit/${id}`);
  const share = page.getByRole("region", { name: "Partager le projet" });
  const facebook = share.getByRole("link", { name: /Facebook/ });
  await expect(facebook).toHaveAttribute(
    "href",
    new RegExp(`facebook\\.com/sharer/sharer\\.php\\?u=https?%3A%2F%2F.+%2Fprojects%2F${slug}$`),
  );
  await expect(share.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
    "href",
    new RegExp(`linkedin\\.com/sharing/share-offsite/\\?url=.+%2Fprojects%2F${slug}$`),
  );
});

test("gallery: add several with a non-image, reorder by buttons and keyboard, bulk SEO, delete", async ({
  page,
}) => {
  const id = await draftProject(`Atelier Saint-Junien ${run}`);
  await page.goto(`/admin/projects/edit/${id}`);
  await openImagesTab(page);
  await expect(page.getByText("Aucune image dans la galerie")).toBeVisible();

  // Several at once: the text file is skipped with the §5 message, the photos go in.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Ajouter plusieurs images" }).click();
  await (
    await chooser
  ).setFiles([
    await photo("salle.jpg", "#b91c1c"),
    { name: "devis.txt", mimeType: "text/plain", buffer: Buffer.from("pas une image") },
    await photo("tableau.jpg", "#15803d"),
    await photo("borne.jpg", "#a16207"),
  ]);
  // Told once the batch is settled: the photos are encoded first (slow on a busy machine).
  await expect(toast(page, "Erreur")).toContainText("1 fichier(s) ne sont pas des images valides", {
    timeout: 30_000,
  });
  await expect(toast(page, "Images ajoutées")).toBeVisible({ timeout: 30_000 });
  const tiles = page.getByTestId("gallery-tile");
  await expect(tiles).toHaveCount(3);
  let stored = await storedGallery(id);
  expect(stored.map((image) => image.display_order)).toEqual([0, 1, 2]);
  await screenshot(page, "project-gallery-1280");

  // The first cannot go up, the last cannot go down; a move renumbers from 0.
  await expect(page.getByRole("button", { name: "Monter Image 1" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Descendre Image 3" })).toBeDisabled();
  const [first, second, third] = stored.map((image) => image.id);
  await page.getByRole("button", { name: "Descendre Image 1" }).click();
  // Shown at once; the button that moved the image keeps the focus.
  await expect(page.getByRole("button", { name: "Descendre Image 2" })).toBeFocused();
  await expect
    .poll(async () => (await storedGallery(id)).map((image) => image.id))
    .toEqual([second, first, third]);

  // Keyboard drag and drop: lift Image 3, move it before the others, drop.
  // Each step waits for its announcement: the next key needs the positions measured.
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole("button", { name: "Déplacer Image 3" }).focus();
  await page.keyboard.press("Space");
  await expect(live).toContainText("Image 3");
  await page.keyboard.press("ArrowLeft");
  await expect(live).toContainText("Image 3 déplacé en position 2 sur 3.");
  await page.keyboard.press("ArrowLeft");
  await expect(live).toContainText("Image 3 déplacé en position 1 sur 3.");
  await page.keyboard.press("Space");
  await expect(live).toContainText("Image 3 déposé en position 1 sur 3.");
  await expect
    .poll(async () => (await storedGallery(id)).map((image) => image.id))
    .toEqual([third, second, first]);
  stored = await storedGallery(id);
  expect(stored.map((image) => image.display_order)).toEqual([0, 1, 2]);

  // Bulk SEO: nothing selected, then two images; empty fields change nothing.
  await page.getByRole("button", { name: "Modifier le SEO" }).click();
  await expect(toast(page, "Erreur").filter({ hasText: "Aucune image sélectionnée" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Sélectionner Image 1" }).click();
  await page.getByRole("button", { name: "Modifier le SEO (1)" }).click();
  const seo = page.getByRole("dialog", { name: "SEO des images" });
  await seo.getByRole("button", { name: "Tout sélectionner" }).click();
  await expect(seo.getByText("3 images sélectionnées")).toBeVisible();
  await seo.getByRole("checkbox", { name: "Sélectionner Image 3" }).click();
  await seo.getByRole("button", { name: "Appliquer à 2 images" }).click();
  await expect(toast(page, "Erreur").filter({ hasText: "Aucune donnée saisie" })).toBeVisible();
  await seo.getByLabel("Mots-clés SEO").fill("tableau, Saint-Junien");
  await seo.getByRole("button", { name: "Appliquer à 2 images" }).click();
  await expect(toast(page, "Mise à jour effectuée")).toBeVisible();
  await expect(seo).toBeHidden();
  stored = await storedGallery(id);
  expect(stored.map((image) => image.seo_keywords)).toEqual([
    "tableau, Saint-Junien",
    "tableau, Saint-Junien",
    null,
  ]);
  await expect(tiles.nth(0).getByText("SEO", { exact: true })).toBeVisible();

  // Delete asks first; the others close the gap.
  await page.getByRole("button", { name: "Supprimer Image 2" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer l'image ?" });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Image supprimée")).toBeVisible();
  await expect(tiles).toHaveCount(2);
  stored = await storedGallery(id);
  expect(stored.map((image) => image.display_order)).toEqual([0, 1]);
});

test.describe("at 375px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the edit form and its gallery fit a phone", async ({ page }) => {
    const id = await draftProject(`Maison Panazol ${run}`);
    await page.goto(`/admin/projects/edit/${id}`);
    await expect(page.getByRole("heading", { name: "Modifier le Projet", level: 1 })).toBeVisible();
    await screenshot(page, "project-edit-375");
    await openImagesTab(page);
    await expect(page.getByText("Aucune image dans la galerie")).toBeVisible();
    // Two photos of the demo projects, to see the grid.
    await sql(
      `insert into project_images (project_id, image_url, alt_text, display_order)
       select $1, image_url, '', row_number() over () - 1 from
         (select distinct image_url from project_images where project_id <> $1 limit 2) photos`,
      [id],
    );
    await page.reload();
    // The tiles are drawn once the tab is opened, then kept with their selection.
    const tiles = page.getByTestId("gallery-tile");
    await expect(tiles).toHaveCount(0);
    await openImagesTab(page);
    await expect(tiles).toHaveCount(2);
    await page.getByRole("checkbox", { name: "Sélectionner Image 2" }).click();
    await page.getByRole("tab", { name: "Informations de base" }).click();
    await openImagesTab(page);
    await expect(page.getByRole("checkbox", { name: "Sélectionner Image 2" })).toBeChecked();
    await screenshot(page, "project-gallery-375");
  });
});
