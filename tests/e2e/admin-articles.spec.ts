import path from "node:path";
import { sql } from "../support/e2e";
import {
  STALE_CONTENT_MESSAGE,
  expect,
  screenshot,
  test,
  toast,
  typeContent,
  expectCards,
} from "./admin-support";

/* Articles (back-office.md §2.5, §2.6, §4, §5, §8), as a `user`-role account, at desktop width unless said. */

const run = `${process.pid}`;
const title = (label: string) => `${label} ${run}`;
/** A save redirects, reloads the editor and raises its toast: slow on a busy machine. */
const SAVED = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

const BODY =
  "Un contenu d'article assez long pour dépasser les cinquante caractères requis par le formulaire.";

test.afterAll(async () => {
  await sql("delete from blog_articles where title like $1", [`% ${run}%`]);
});

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

  const titleField = page.getByLabel("Titre", { exact: true });
  await titleField.fill(name);
  await page.getByLabel("Extrait").fill("Ce qu'il faut vérifier avant l'hiver.");
  await typeContent(page, BODY);
  // §4: titles follow the title while empty.
  const metaTitle = page.getByLabel("Titre SEO (meta title)");
  await expect(metaTitle).toHaveValue(name);
  await expect(page.getByTestId("google-preview")).toContainText(name);
  // A title typed there is the person's; emptied, the field follows again, even back to a title it
  // once held (the first change after typing, and a value it had set before, used to be lost).
  await metaTitle.fill("Mon titre à moi");
  await titleField.fill(`${name} !`);
  await expect(metaTitle).toHaveValue("Mon titre à moi");
  await metaTitle.fill("");
  await titleField.fill(name);
  await expect(metaTitle).toHaveValue(name);
  await expect(page.getByLabel("Titre Open Graph")).toHaveValue(name);

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
  // Images follow the main image.
  await expect(page.getByLabel("Image Open Graph")).toHaveValue(await imageUrl.inputValue());
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
  await expect(toast(page, "Article créé")).toBeVisible(SAVED);
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
  // §2.5: the empty state keeps its way to a first article under a filter too.
  await expect(page.getByRole("link", { name: "Créer votre premier article" })).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(
    confirm.getByText(
      "Êtes-vous sûr de vouloir supprimer cet article ? L'article sera placé dans la corbeille. Vous pourrez le restaurer pendant 30 jours.",
    ),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Article supprimé")).toBeVisible(SAVED);
  await expect(row).toHaveCount(0);
});

/** A published article of the "Conseils" category, written directly in the database. */
async function seedArticle(slug: string, status = "published") {
  const [row] = await sql<{ id: string }>(
    `insert into blog_articles (title, slug, excerpt, content, main_image, status, published_at)
     values ($1, $2, 'Un extrait assez long pour passer.', $3, '/og-image.png', $4, now() - interval '1 day')
     returning id`,
    [title(`Article ${slug}`), slug, `<p>${BODY}</p>`, status],
  );
  await sql(
    "insert into blog_article_categories (article_id, category_id) select $1, id from blog_categories where name = 'Conseils'",
    [row!.id],
  );
  return row!.id;
}

test("edits: the §5 messages on submit then while typing, the unsaved-changes guard, Ctrl+S, a 301 after a slug change", async ({
  page,
}) => {
  const slug = `reglages-${run}`;
  const id = await seedArticle(slug);
  await page.goto(`/admin/blog/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Modifier l'Article", level: 1 })).toBeVisible();

  // Nothing is refused before a submit (a message would push the controls below it down); after a
  // refused one, the fields are checked as the person types.
  const titleField = page.getByLabel("Titre", { exact: true });
  await titleField.fill("ab");
  await titleField.press("Tab");
  await expect(page.getByText("Le titre doit contenir au moins 3 caractères")).toBeHidden();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Le titre doit contenir au moins 3 caractères")).toBeVisible();
  await expect(titleField).toBeFocused();
  await page.getByLabel("Extrait").fill("court");
  await expect(page.getByText("L'extrait doit contenir au moins 10 caractères")).toBeVisible();
  const image = page.getByLabel("Image principale");
  await image.fill("pas une adresse");
  await expect(page.getByText("Veuillez entrer une URL valide pour l'image")).toBeVisible();
  await page.getByLabel("Temps de lecture").fill("");
  await expect(page.getByText("Le temps de lecture est requis")).toBeVisible();
  await page.getByLabel("Date", { exact: true }).fill("1/1");
  await expect(page.getByText("La date est requise")).toBeVisible();

  await titleField.fill(title("Réglages du disjoncteur"));
  await page.getByLabel("Extrait").fill("Un extrait assez long pour passer.");
  await page.getByLabel("Temps de lecture").fill("7 min");
  await page.getByLabel("Date", { exact: true }).fill("12/11/2026");
  // Published without an image, scheduled without a date: the submit messages.
  await image.fill("");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText("Une image principale est requise pour les articles publiés")).toBeVisible();
  await expect(page.getByText("Des champs requis sont manquants ou invalides")).toBeVisible();
  await image.fill("/og-image.png");
  await page.getByLabel("Statut", { exact: true }).selectOption("scheduled");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(
    page.getByText("Une date de publication est requise pour les articles planifiés"),
  ).toBeVisible();
  await page.getByLabel("Statut", { exact: true }).selectOption("published");
  await screenshot(page, "article-edit-1280");

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Retour à la liste des articles" }).click();
  const guard = page.getByRole("alertdialog", { name: "Modifications non sauvegardées" });
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Continuer l'édition" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`));

  await page.getByLabel("Slug").fill(`${slug}-nouveau`);
  await page.keyboard.press("Control+s");
  await expect(toast(page, "Article mis à jour")).toBeVisible(SAVED);
  await expect(page.getByLabel("Slug")).toHaveValue(`${slug}-nouveau`);
  // Saved: leaving no longer asks.
  await page.getByRole("link", { name: "Retour à la liste des articles" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  const old = await page.request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(new RegExp(`/blog/${slug}-nouveau$`));
  const [stored] = await sql<{ title: string; read_time: string }>(
    "select title, read_time from blog_articles where id = $1",
    [id],
  );
  expect(stored).toEqual({ title: title("Réglages du disjoncteur"), read_time: "7 min" });
});

test("refuses a save over someone else's newer one and keeps what was typed; restores a version from 'Historique'", async ({
  page,
}) => {
  const id = await seedArticle(`versions-${run}`);
  await page.goto(`/admin/blog/edit/${id}`);
  const titleField = page.getByLabel("Titre", { exact: true });
  await titleField.fill(title("Première version"));
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toast(page, "Article mis à jour")).toBeVisible(SAVED);
  const version = page.locator('input[name="updatedAt"]');
  const first = await version.inputValue();
  await titleField.fill(title("Deuxième version"));
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  // Saved and reloaded: the form now carries the new version.
  await expect(version).not.toHaveValue(first, SAVED);

  // Someone else saves meanwhile.
  await sql(
    "update blog_articles set excerpt = 'Changé ailleurs entre-temps.', updated_at = now() where id = $1",
    [id],
  );
  await titleField.fill(title("Troisième version"));
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByText(STALE_CONTENT_MESSAGE).first()).toBeVisible();
  await expect(titleField).toHaveValue(title("Troisième version"));
  const [kept] = await sql<{ title: string }>("select title from blog_articles where id = $1", [id]);
  expect(kept!.title).toBe(title("Deuxième version"));

  await page.reload();
  await page.getByRole("button", { name: "Historique" }).click();
  const history = page.getByRole("dialog", { name: "Historique" });
  // The article was written in SQL, with no revision: its first save kept it as it was.
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await expect(history.getByRole("listitem").first()).toContainText("version actuelle");
  await expect(history.getByRole("listitem").last()).toContainText("Contenu d'origine");
  await screenshot(page, "article-history-1280");
  await history
    .getByRole("button", { name: /^Restaurer/ })
    .first()
    .click();
  await page
    .getByRole("alertdialog", { name: "Restaurer cette version ?" })
    .getByRole("button", { name: "Restaurer" })
    .click();
  await expect(toast(page, "Version restaurée")).toBeVisible(SAVED);
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Première version"));
  await page.getByRole("button", { name: "Historique" }).click();
  await expect(page.getByRole("dialog", { name: "Historique" }).getByRole("listitem")).toHaveCount(4);
});

test("the preview page: 'Aperçu limité' for a draft; an unknown article says so", async ({ page }) => {
  const id = await seedArticle(`brouillon-${run}`, "draft");
  await page.goto(`/admin/blog/preview/${id}`);
  await expect(page.getByText("Aperçu limité")).toBeVisible();
  await expect(
    page.getByText("Cet article n'est pas publié, seuls les contenus publiés seront visibles sur le site."),
  ).toBeVisible();
  await expect(
    page.frameLocator("iframe").getByRole("heading", { name: title(`Article brouillon-${run}`), level: 1 }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Tablette" }).click();
  await expect(page.locator("iframe")).toHaveAttribute("style", /width: 768px/);
  await screenshot(page, "article-preview-page-1280");

  const unknown = "00000000-0000-4000-8000-000000000000";
  await page.goto(`/admin/blog/edit/${unknown}`);
  await expect(page.getByText(`Article #${unknown} non trouvé`)).toBeVisible();
});

test("an article scheduled in the back office appears on the public site at its date, not before", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const slug = `planifie-${run}`;
  const id = await seedArticle(slug, "draft");
  // The next whole minute after at least one more: Paris time, as the date picker takes it.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Paris",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(at)
    .replace(" ", "T");
  await page.goto(`/admin/blog/edit/${id}`);
  await page.getByLabel("Statut", { exact: true }).selectOption("scheduled");
  await page.getByLabel("Date de publication planifiée").fill(local);
  await expect(page.getByText("L'article sera publié automatiquement le")).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toast(page, "Article mis à jour")).toBeVisible(SAVED);

  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
  await expect
    .poll(async () => (await page.request.get(`/blog/${slug}`)).status(), {
      timeout: 200_000,
      intervals: [5_000],
    })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the list shows cards; the form is usable", async ({ page }) => {
    await seedArticle(`mobile-${run}`);
    await page.goto(`/admin/blog?q=${run}`);
    await expect(page.getByRole("heading", { name: "Gestion du Blog", level: 1 })).toBeVisible();
    await expectCards(page, "Articles");
    await expect(page.getByRole("link", { name: title(`Article mobile-${run}`), exact: true })).toBeVisible();
    await screenshot(page, "articles-375");
    await page.getByRole("link", { name: `Modifier « ${title(`Article mobile-${run}`)} »` }).click();
    await expect(page.getByRole("heading", { name: "Modifier l'Article", level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Contenu" })).toBeVisible();
    await screenshot(page, "article-edit-375");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
