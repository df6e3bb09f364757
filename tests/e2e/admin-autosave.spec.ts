import type { BrowserContext } from "@playwright/test";
import { sql } from "../support/e2e";
import {
  createStaffLikeAccount,
  expect,
  signIn,
  staff,
  test,
  toast,
  totp,
  typeContent,
} from "./admin-support";

/*
 * Staff never lose work (issue 21): the editors' autosave and its recovery on another device, and a
 * save after the session ended. On the CMS page editor (the frame is the same for the three).
 */

test.describe.configure({ timeout: 120_000 });

const run = `${process.pid}`;
const AUTOSAVED = /^Brouillon enregistré automatiquement à \d{2}:\d{2}$/;
const OFFER = /^Une version non enregistrée du \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} existe\.$/;

test.afterAll(async () => {
  await sql(
    "delete from content_drafts where entity_key in (select id::text from cms_pages where title like $1)",
    [`% ${run}%`],
  );
  await sql("delete from cms_pages where title like $1", [`% ${run}%`]);
});

async function insertPage(label: string) {
  const [row] = await sql<{ id: string }>(
    `insert into cms_pages (title, slug, content, is_published) values ($1, $2, '<p>Première version.</p>', false)
     returning id`,
    [`${label} ${run}`, `${label.toLowerCase().replace(/\W+/g, "-")}-${run}`],
  );
  return row!.id;
}

async function draftsOf(id: string) {
  return sql<{ values: Record<string, string> }>("select values from content_drafts where entity_key = $1", [
    id,
  ]);
}

for (const width of [1280, 375]) {
  test(`autosaves, then another browser of the same account restores it and saves (${width} px)`, async ({
    page,
    browser,
    baseURL,
    storageState,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = await insertPage(`Autosave ${width}`);
    await page.goto(`/admin/cms/edit/${id}`);
    await page.getByLabel("Titre", { exact: true }).fill(`Garanties décennales ${width} ${run}`);
    await typeContent(page, " Un paragraphe tapé pendant une heure.");
    await expect(page.getByRole("status").filter({ hasText: "Brouillon" })).toHaveText(AUTOSAVED, {
      timeout: 15_000,
    });
    const [draft] = await draftsOf(id);
    expect(draft!.values.title).toBe(`Garanties décennales ${width} ${run}`);
    expect(draft!.values.content).toContain("Un paragraphe tapé pendant une heure.");
    await page.screenshot({ path: `/tmp/autosave/autosaved-${width}.png`, fullPage: true });

    // Another device: the same account, its own browser.
    const other: BrowserContext = await browser.newContext({
      baseURL,
      storageState: storageState as string,
      viewport: { width, height: 900 },
    });
    try {
      const second = await other.newPage();
      await second.goto(`/admin/cms/edit/${id}`);
      const offer = second.getByRole("alert").filter({ hasText: "Une version non enregistrée" });
      await expect(offer.getByText(OFFER)).toBeVisible();
      await second.screenshot({ path: `/tmp/autosave/offer-${width}.png`, fullPage: true });
      await expect(second.getByLabel("Titre", { exact: true })).toHaveValue(`Autosave ${width} ${run}`);
      await offer.getByRole("button", { name: "Restaurer" }).click();
      await expect(offer).toBeHidden();
      await expect(second.getByLabel("Titre", { exact: true })).toHaveValue(
        `Garanties décennales ${width} ${run}`,
      );
      await expect(second.getByRole("textbox", { name: "Contenu" })).toContainText(
        "Un paragraphe tapé pendant une heure.",
      );
      await second.getByRole("button", { name: "Enregistrer les modifications" }).click();
      await expect(toast(second, "Page mise à jour")).toBeVisible();
      const [saved] = await sql<{ title: string; content: string }>(
        "select title, content from cms_pages where id = $1",
        [id],
      );
      expect(saved!.title).toBe(`Garanties décennales ${width} ${run}`);
      expect(saved!.content).toContain("Un paragraphe tapé pendant une heure.");
      // The real save dropped the draft: nothing is offered any more.
      expect(await draftsOf(id)).toHaveLength(0);
      await second.reload();
      await expect(second.getByLabel("Titre", { exact: true })).toHaveValue(
        `Garanties décennales ${width} ${run}`,
      );
      await expect(second.getByText(OFFER)).toBeHidden();
    } finally {
      await other.close();
    }
  });
}

test("'Ignorer' drops the draft, and the saved version stays", async ({ page }) => {
  const id = await insertPage("Ignorer");
  await page.goto(`/admin/cms/edit/${id}`);
  await page.getByLabel("Titre", { exact: true }).fill(`Un titre abandonné ${run}`);
  await expect(page.getByRole("status").filter({ hasText: "Brouillon" })).toHaveText(AUTOSAVED, {
    timeout: 15_000,
  });
  // Leaving without saving: the draft is there when coming back.
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(`/admin/cms/edit/${id}`);
  const offer = page.getByRole("alert").filter({ hasText: "Une version non enregistrée" });
  await offer.getByRole("button", { name: "Ignorer" }).click();
  await expect(offer).toBeHidden();
  await expect.poll(async () => (await draftsOf(id)).length).toBe(0);
  await page.reload();
  await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(`Ignorer ${run}`);
  await expect(page.getByText(OFFER)).toBeHidden();
});

for (const width of [1280, 375]) {
  test(`a save after the session was deleted signs in again in place and saves (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    // Its own session, not the worker's shared one (signed out first): this test ends it.
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 900 },
      storageState: { cookies: [], origins: [] },
    });
    try {
      const page = await context.newPage();
      await signIn(page);
      const id = await insertPage(`Session ${width}`);
      await page.goto(`/admin/cms/edit/${id}`);
      await page.getByLabel("Titre", { exact: true }).fill(`Tapé avant la fin de session ${width} ${run}`);
      await typeContent(page, " Rien ne doit se perdre.");

      const token = (await context.cookies()).find((cookie) => cookie.name === "betic.session_token");
      const deleted = await sql("delete from sessions where token = $1 returning id", [
        decodeURIComponent(token!.value).split(".")[0],
      ]);
      expect(deleted).toHaveLength(1);

      await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
      const dialog = page.getByRole("dialog", { name: "Session expirée" });
      await expect(
        dialog.getByText("Votre session a expiré. Reconnectez-vous pour enregistrer vos modifications."),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin/cms/edit/${id}$`));
      await page.screenshot({ path: `/tmp/autosave/session-${width}.png`, fullPage: true });

      await dialog.getByLabel("Mot de passe").fill("not-the-password");
      await dialog.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();
      await expect(dialog.getByText("Email ou mot de passe incorrect")).toBeVisible({ timeout: 30_000 });
      await dialog.getByLabel("Mot de passe").fill(staff.password);
      await dialog.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();

      await expect(toast(page, "Page mise à jour")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByLabel("Titre", { exact: true })).toHaveValue(
        `Tapé avant la fin de session ${width} ${run}`,
      );
      const [saved] = await sql<{ title: string; content: string }>(
        "select title, content from cms_pages where id = $1",
        [id],
      );
      expect(saved!.title).toBe(`Tapé avant la fin de session ${width} ${run}`);
      expect(saved!.content).toContain("Rien ne doit se perdre.");
    } finally {
      await context.close();
    }
  });
}

test("with two-factor on, the re-sign-in asks the password, then the code, then saves (1280 px)", async ({
  browser,
  baseURL,
}) => {
  await sql("delete from rate_limits");
  // An account of its own, with the staff account's password, whose second factor is turned on.
  const email = `autosave-2fa-${run}@betic.test`;
  const account = await createStaffLikeAccount("Double", email);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [] },
  });
  try {
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto("/admin/profile");
    await page.getByRole("tab", { name: "Sécurité" }).click();
    await page.getByLabel("Votre mot de passe").fill(account.password);
    await page.getByRole("button", { name: "Activer la double authentification" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent({ timeout: 30_000 }))!;
    await page.getByLabel("Code de vérification").fill(await totp(secret));
    await page.getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("list", { name: "Codes de secours" })).toBeVisible({ timeout: 30_000 });

    const id = await insertPage("Session 2FA");
    await page.goto(`/admin/cms/edit/${id}`);
    await page.getByLabel("Titre", { exact: true }).fill(`Tapé avant la fin de session 2FA ${run}`);
    const token = (await context.cookies()).find((cookie) => cookie.name === "betic.session_token");
    await sql("delete from sessions where token = $1", [decodeURIComponent(token!.value).split(".")[0]]);

    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    const dialog = page.getByRole("dialog", { name: "Session expirée" });
    await dialog.getByLabel("Mot de passe").fill(account.password);
    await dialog.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();
    // The password was right: the code is asked in place, nothing saved yet.
    await expect(dialog.getByLabel("Code")).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText("Saisissez le code à 6 chiffres")).toBeVisible();
    await page.screenshot({ path: "/tmp/autosave/session-2fa-code-1280.png", fullPage: true });
    const [unsaved] = await sql<{ title: string }>("select title from cms_pages where id = $1", [id]);
    expect(unsaved!.title).toBe(`Session 2FA ${run}`);

    await dialog.getByLabel("Code").fill("000000");
    await dialog.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();
    await expect(dialog.getByText("Code incorrect")).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel("Code").fill(await totp(secret));
    await dialog.getByRole("button", { name: "Se reconnecter et enregistrer" }).click();
    await expect(toast(page, "Page mise à jour")).toBeVisible({ timeout: 30_000 });
    const [saved] = await sql<{ title: string }>("select title from cms_pages where id = $1", [id]);
    expect(saved!.title).toBe(`Tapé avant la fin de session 2FA ${run}`);
  } finally {
    await context.close();
    await sql("delete from users where email = $1", [email]);
  }
});
