import { e2e, sql } from "../support/e2e";
import {
  STALE_CONTENT_MESSAGE,
  expect,
  screenshot,
  test,
  toast,
  typeContent,
  expectCards,
  listRows,
} from "./admin-support";

/* CMS pages (back-office.md §2.14, §4, §5, §8), as a `user`-role account, at desktop width unless said. */

// Whole editing sessions (save, redirect, reload, toast) on a machine other test runs share.
test.describe.configure({ timeout: 90_000 });

const run = `${process.pid}`;
const title = (label: string) => `${label} ${run}`;
const slugOf = (label: string) => `${label}-${run}`;
const BODY = "Nos garanties couvrent chaque installation pendant dix ans.";

test.afterAll(async () => {
  await sql("delete from cms_pages where title like $1", [`% ${run}%`]);
});

/** A page as the back office leaves it (with its first revision), at `/{slug}-{run}`. */
async function insertPage(label: string, slug: string, published: boolean) {
  const [row] = await sql<{ id: string }>(
    `insert into cms_pages (title, slug, content, is_published, published_at)
     values ($1, $2, '<p>Une page écrite pour le test.</p>', $3, case when $3 then now() end) returning id`,
    [title(label), slugOf(slug), published],
  );
  await sql(
    `insert into content_revisions (entity_type, entity_id, data, author_email)
     select 'cms_pages', t.id, to_jsonb(t), $2 from cms_pages t where t.id = $1`,
    [row!.id, e2e.user.email],
  );
  return row!.id;
}

test("lists the pages, sortable by each column through the URL; preview opens /{slug}", async ({ page }) => {
  await page.goto("/admin/cms");
  await expect(page.getByRole("heading", { name: "Gestion des pages", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Pages CMS" });
  for (const header of ["Titre", "Slug", "Statut", "Dernière modification", "Actions"])
    await expect(table.getByRole("columnheader", { name: new RegExp(`^${header}`) })).toBeVisible();
  // Default: title ascending.
  await expect(table.getByRole("columnheader", { name: /^Titre/ })).toHaveAttribute("aria-sort", "ascending");
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText("Mentions légales");
  await expect(rows.nth(2)).toContainText("Zones d'intervention");
  const legal = rows.filter({ hasText: "Mentions légales" });
  await expect(legal.getByRole("link", { name: /^Aperçu/ })).toHaveAttribute("href", "/mentions-legales");
  await expect(legal.getByRole("link", { name: /^Aperçu/ })).toHaveAttribute("target", "_blank");
  await screenshot(page, "cms-1280");

  await table.getByRole("link", { name: /^Titre/ }).click();
  await expect(page).toHaveURL(/sort=title&dir=desc/);
  await expect(rows.nth(1)).toContainText("Zones d'intervention");
  await table.getByRole("link", { name: /^Slug/ }).click();
  await expect(page).toHaveURL(/sort=slug&dir=asc/);
  await expect(table.getByRole("columnheader", { name: /^Slug/ })).toHaveAttribute("aria-sort", "ascending");
  await table.getByRole("link", { name: /^Dernière modification/ }).click();
  await expect(page).toHaveURL(/sort=updated&dir=desc/);
  await table.getByRole("link", { name: /^Statut/ }).click();
  await expect(page).toHaveURL(/sort=status/);
  await page.reload();
  await expect(table.getByRole("columnheader", { name: /^Statut/ })).toHaveAttribute("aria-sort", /ending$/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=updated/);

  await page.goto("/admin/cms?q=introuvable-de-toute-facon");
  await expect(page.getByText("Aucune page CMS trouvée")).toBeVisible();
});

test("creates a page with the §5 messages, 'Générer', a live preview; published, it is served at /{slug}", async ({
  page,
}) => {
  await page.goto("/admin/cms");
  await page.getByRole("link", { name: "Nouvelle page" }).first().click();
  await expect(page.getByRole("heading", { name: "Nouvelle page", level: 1 })).toBeVisible();

  // §5: every message on submit; the first invalid field focused.
  await page.getByRole("button", { name: "Créer la page" }).click();
  await expect(page.getByText("Le titre doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByText("Le slug doit contenir au moins 2 caractères")).toBeVisible();
  await expect(page.getByText("Le contenu doit contenir au moins 10 caractères")).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toBeFocused();

  const name = title("Nos garanties");
  await page.getByLabel("Titre", { exact: true }).fill(name);
  await page.getByLabel("Slug").fill("Nos Garanties!");
  await expect(
    page.getByText("Le slug doit contenir uniquement des lettres minuscules, des chiffres et des tirets"),
  ).toBeVisible();
  await page.getByRole("button", { name: /^Générer/ }).click();
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf("nos-garanties"));
  await expect(page.getByText(`Adresse : /${slugOf("nos-garanties")}`)).toBeVisible();
  await expect(page.getByText("Le contenu doit contenir au moins 10 caractères")).toBeVisible();
  await typeContent(page, BODY);
  await expect(page.getByText("Le contenu doit contenir au moins 10 caractères")).toBeHidden();
  await page.getByLabel("Titre SEO (meta title)").fill("Garanties et assurances");
  await expect(page.getByTestId("google-preview")).toContainText("Garanties et assurances");

  // The preview renders the public page from the unsaved values, and follows typing.
  await page.getByRole("button", { name: "Aperçu" }).click();
  const dialog = page.getByRole("dialog", { name: "Aperçu de la page" });
  await expect(dialog.getByText("Aperçu limité")).toBeVisible();
  const frame = dialog.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(frame.getByText(BODY)).toBeVisible();
  await dialog.getByRole("button", { name: "Mobile" }).click();
  await expect(dialog.locator("iframe")).toHaveAttribute("data-device", "mobile");
  await screenshot(page, "cms-preview-1280");
  await page.keyboard.press("Escape");
  await page.getByLabel("Titre", { exact: true }).fill(`${name} décennales`);
  await page.getByRole("button", { name: "Aperçu" }).click();
  await expect(frame.getByRole("heading", { name: `${name} décennales`, level: 1 })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("switch", { name: "Publiée" }).click();
  await screenshot(page, "cms-create-1280");
  await page.getByRole("button", { name: "Créer la page" }).click();
  await expect(toast(page, "Page créée")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cms$/);
  const [stored] = await sql<{ is_published: boolean; published_at: Date | null; meta_title: string }>(
    "select is_published, published_at, meta_title from cms_pages where slug = $1",
    [slugOf("nos-garanties")],
  );
  expect(stored).toMatchObject({ is_published: true, meta_title: "Garanties et assurances" });
  expect(stored!.published_at).not.toBeNull();

  const response = await page.goto(`/${slugOf("nos-garanties")}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: `${name} décennales`, level: 1 })).toBeVisible();
  await expect(page.getByText(BODY)).toBeVisible();
  await expect(page).toHaveTitle(/^Garanties et assurances \| .+/);
});

test("a taken or reserved slug is refused on its field; nothing typed is lost", async ({ page }) => {
  await page.goto("/admin/cms/create");
  await page.getByLabel("Titre", { exact: true }).fill(title("Doublon"));
  await page.getByLabel("Slug").fill("mentions-legales");
  await typeContent(page, BODY);
  await page.getByRole("button", { name: "Créer la page" }).click();
  await expect(page.getByText("Ce slug est déjà utilisé par une autre page")).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Doublon"));
  await page.getByLabel("Slug").fill("blog");
  await expect(page.getByText("Cette adresse est déjà celle d'une page du site")).toBeVisible();
  expect(await sql("select 1 from cms_pages where title = $1", [title("Doublon")])).toHaveLength(0);
});

test("typing that starts before the visual editor has loaded goes on in it", async ({ page }) => {
  // The editor's code arrives only once released: until then the field is its plain textarea.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/tiptap-editor-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/admin/cms/create");
  const field = page.getByRole("textbox", { name: "Contenu" });
  // What is below the field does not move when the editor arrives (a click there would be lost).
  const below = page.getByText("Brouillon : la page n'est pas visible sur le site.");
  await field.click();
  await field.pressSequentially("Contactez");
  const before = await below.boundingBox();
  release();
  await expect(field).toHaveAttribute("contenteditable", "true");
  expect(await below.boundingBox()).toEqual(before);
  await expect(field).toBeFocused();
  await page.keyboard.type("-nous");
  await expect(field).toHaveText("Contactez-nous");
});

test("the editor's link and image dialogs take only the addresses the site keeps", async ({ page }) => {
  await page.goto("/admin/cms/create");
  const editor = page.getByRole("textbox", { name: "Contenu" });
  await typeContent(page, "Contactez-nous");
  // Select the typed text once it is in the editor, from the editor (not the whole page).
  await expect(editor).toContainText("Contactez-nous");
  await editor.press("Control+a");

  await page.getByRole("button", { name: "Lien", exact: true }).click();
  const link = page.getByRole("dialog", { name: "Ajouter un lien" });
  await link.getByLabel("Adresse", { exact: true }).fill("javascript:alert(1)");
  await link.getByRole("button", { name: "Appliquer" }).click();
  await expect(
    link.getByText("Veuillez entrer une adresse valide (https://…, /page, mailto:… ou tel:…)"),
  ).toBeVisible();
  await link.getByLabel("Adresse", { exact: true }).fill("/contact");
  await link.getByRole("button", { name: "Appliquer" }).click();
  await expect(link).toBeHidden();
  await expect(editor.getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/contact");

  await editor.press("End");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const image = page.getByRole("dialog", { name: "Insérer une image" });
  await image.getByLabel("Adresse de l'image").fill("//evil.example/a.png");
  await image.getByRole("button", { name: "Insérer l'image" }).click();
  await expect(image.getByText("Veuillez entrer une URL valide pour l'image")).toBeVisible();
  await image.getByLabel("Adresse de l'image").fill("/media/images/tableau.webp");
  await image.getByRole("button", { name: "Insérer l'image" }).click();
  await expect(image).toBeHidden();
  await expect(editor.locator("img")).toHaveAttribute("src", "/media/images/tableau.webp");
});

test("edits a published page: unsaved guard, new slug with a 301 from the old one, history restore", async ({
  page,
}) => {
  const id = await insertPage("Tarifs", "tarifs", true);
  const oldSlug = slugOf("tarifs");
  const [before] = await sql<{ published_at: Date }>("select published_at from cms_pages where id = $1", [
    id,
  ]);
  await page.goto(`/admin/cms?q=${run}`);
  await page
    .getByRole("row")
    .filter({ hasText: title("Tarifs") })
    .getByRole("link", { name: /^Modifier/ })
    .click();
  await expect(page.getByRole("heading", { name: "Modifier la page", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Tarifs"));

  // Unsaved changes guard: leaving asks; staying keeps what was typed.
  await page.getByLabel("Titre", { exact: true }).fill(title("Nos tarifs"));
  await page.getByRole("link", { name: "Annuler" }).click();
  const guard = page.getByRole("alertdialog", { name: "Modifications non sauvegardées" });
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Continuer l'édition" }).click();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Nos tarifs"));

  await page.getByRole("button", { name: /^Générer/ }).click();
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf("nos-tarifs"));
  await screenshot(page, "cms-edit-1280");
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toast(page, "Page mise à jour")).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf("nos-tarifs"));
  // A saved form is clean: leaving does not ask.
  await page.getByRole("link", { name: "Annuler" }).click();
  await expect(page).toHaveURL(/\/admin\/cms$/);

  const [after] = await sql<{ published_at: Date }>("select published_at from cms_pages where id = $1", [id]);
  expect(after!.published_at.getTime()).toBeGreaterThan(before!.published_at.getTime());

  // The old address answers 301 to the new one.
  const moved = await page.request.get(`/${oldSlug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()["location"]).toBe(`/${slugOf("nos-tarifs")}`);

  // Historique: the first version comes back (itself a new version); the address follows, no loop.
  await page.goto(`/admin/cms/edit/${id}`);
  await page.getByRole("button", { name: "Historique" }).click();
  const history = page.getByRole("dialog", { name: "Historique" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText(e2e.user.email);
  await history.getByRole("button", { name: /^Restaurer/ }).click();
  await page
    .getByRole("alertdialog", { name: "Restaurer cette version ?" })
    .getByRole("button", { name: "Restaurer" })
    .click();
  await expect(toast(page, "Version restaurée")).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Tarifs"));
  await expect(page.getByLabel("Slug")).toHaveValue(oldSlug);
  expect((await page.request.get(`/${oldSlug}`, { maxRedirects: 0 })).status()).toBe(200);
  const back = await page.request.get(`/${slugOf("nos-tarifs")}`, { maxRedirects: 0 });
  expect(back.status()).toBe(301);
  expect(back.headers()["location"]).toBe(`/${oldSlug}`);
  const [count] = await sql<{ n: string }>(
    "select count(*) as n from content_revisions where entity_type = 'cms_pages' and entity_id = $1",
    [id],
  );
  expect(count!.n).toBe("3");
});

test("a save over a newer version is refused with the spec's sentence and keeps what was typed", async ({
  page,
}) => {
  const id = await insertPage("Concurrence", "concurrence", false);
  await page.goto(`/admin/cms/edit/${id}`);
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Concurrence"));
  await sql("update cms_pages set title = $2, updated_at = now() + interval '1 second' where id = $1", [
    id,
    title("Autre version"),
  ]);
  await page.getByLabel("Titre", { exact: true }).fill(title("Ma version"));
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByRole("alert").filter({ hasText: STALE_CONTENT_MESSAGE }).first()).toBeVisible();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(title("Ma version"));
  const [row] = await sql<{ title: string }>("select title from cms_pages where id = $1", [id]);
  expect(row!.title).toBe(title("Autre version"));
});

test("an unknown page goes back to the list with 'Page introuvable.'", async ({ page }) => {
  await page.goto("/admin/cms/edit/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/cms$/);
  await expect(toast(page, "Erreur")).toContainText("Page introuvable.");
});

test("deletes a page through the confirmation; its address then answers 404", async ({ page }) => {
  await insertPage("Éphémère", "ephemere", true);
  expect((await page.request.get(`/${slugOf("ephemere")}`)).status()).toBe(200);
  await page.goto(`/admin/cms?q=${run}`);
  const row = page.getByRole("row").filter({ hasText: title("Éphémère") });
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer la suppression" });
  await expect(confirm).toContainText(`supprimer la page « ${title("Éphémère")} »`);
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Page supprimée")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/${slugOf("ephemere")}`)).status()).toBe(404);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("shows cards, creates and edits a page", async ({ page }) => {
    await page.goto("/admin/cms");
    await expectCards(page, "Pages CMS");
    const cards = listRows(page, "Pages CMS");
    await expect(cards.filter({ hasText: "Mentions légales" })).toBeVisible();
    await screenshot(page, "cms-375");

    await page.getByRole("link", { name: "Nouvelle page" }).first().click();
    await page.getByLabel("Titre", { exact: true }).fill(title("Page mobile"));
    await page.getByRole("button", { name: /^Générer/ }).click();
    await typeContent(page, BODY);
    await screenshot(page, "cms-create-375");
    await page.getByRole("button", { name: "Créer la page" }).click();
    await expect(toast(page, "Page créée")).toBeVisible();
    const card = cards.filter({ hasText: title("Page mobile") });
    await card.getByRole("link", { name: /^Modifier/ }).click();
    await expect(page.getByLabel("Slug")).toHaveValue(slugOf("page-mobile"));
    await page.getByRole("button", { name: "Aperçu" }).click();
    const frame = page.getByRole("dialog", { name: "Aperçu de la page" }).frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: title("Page mobile"), level: 1 })).toBeVisible();
    await screenshot(page, "cms-preview-375");
    await page.keyboard.press("Escape");
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "cms-edit-375");
  });
});

test("an anonymous POST to each action changes nothing and is sent to sign-in", async ({ browser }) => {
  const id = await insertPage("Protégée", "protegee", true);
  const context = await browser.newContext({
    baseURL: e2e.baseUrl,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Origin: e2e.baseUrl },
  });
  const save = { intent: "save", title: title("Intrus"), slug: "intrus", content: "<p>Contenu intrus.</p>" };
  const posts: [string, Record<string, string>][] = [
    ["/admin/cms", { intent: "delete", id, title: "x" }],
    ["/admin/cms/create", save],
    [`/admin/cms/edit/${id}`, { ...save, isPublished: "on" }],
    [`/admin/cms/edit/${id}`, { intent: "restore", revisionId: id, updatedAt: "" }],
  ];
  for (const [url, form] of posts) {
    const response = await context.request.post(url, { form, maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers()["location"], url).toMatch(/^\/admin\/login/);
    const data = await context.request.post(`${url}.data`, { form, maxRedirects: 0 });
    expect([202, 204, 302, 401], `${url}.data`).toContain(data.status());
  }
  const [row] = await sql<{ title: string }>("select title from cms_pages where id = $1", [id]);
  expect(row!.title).toBe(title("Protégée"));
  expect(await sql("select 1 from cms_pages where title = $1", [title("Intrus")])).toHaveLength(0);
  await context.close();
});
