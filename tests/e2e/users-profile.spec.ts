import type { Browser } from "@playwright/test";
import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { signIn, toast, type Account, listRows } from "./admin-support";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

async function signedInPage(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** A fresh `user` account with the e2e user's password (its hash copied). */
async function freshAccount(prefix: string): Promise<Account> {
  const email = `${prefix}-${Date.now()}@betic.test`;
  await sql(
    `with created as (insert into users (name, email, role) values ($1, $2, 'user') returning id)
     insert into accounts (user_id, account_id, provider_id, password)
     select created.id, created.id, 'credential', a.password from created, accounts a
       join users u on u.id = a.user_id where u.email = $3 and a.provider_id = 'credential'`,
    [prefix, email, e2e.user.email],
  );
  return { email, password: e2e.user.password };
}

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

for (const width of [1280, 375]) {
  test.describe(`users (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("create, edit and delete an account, with every message", async ({ page, browser }) => {
      await signIn(page, e2e.admin);
      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { name: "Utilisateurs", level: 1 })).toBeVisible();
      const email = `nouveau-${width}-${Date.now()}@betic.test`;

      await page.getByRole("button", { name: "Ajouter un utilisateur" }).click();
      let dialog = page.getByRole("dialog");
      await dialog.getByLabel("Email").fill("pas-un-email");
      await dialog.getByLabel("Mot de passe").fill("123");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(dialog.getByText("Email invalide")).toBeVisible();
      await expect(dialog.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();

      await dialog.getByLabel("Email").fill(e2e.user.email);
      await dialog.getByLabel("Mot de passe").fill("Tournevis-Cuivre-42");
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(
        dialog.getByText(`Un utilisateur existe déjà avec l'email ${e2e.user.email}`),
      ).toBeVisible();

      await dialog.getByLabel("Email").fill(email);
      await dialog.getByRole("button", { name: "Créer" }).click();
      await expect(toast(page, "Utilisateur créé")).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = listRows(page, "Utilisateurs").filter({ hasText: email });
      await expect(row).toContainText("Utilisateur");
      await expect(row).toContainText("Jamais");
      await page.screenshot({ path: `test-results/users-${width}.png`, fullPage: true });

      // The new account signs in elsewhere; the change of role and password ends that session.
      const elsewhere = await signedInPage(browser, { email, password: "Tournevis-Cuivre-42" });
      await row.getByRole("button", { name: `Modifier ${email}` }).click();
      dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel("Email")).toBeDisabled();
      await expect(dialog.getByLabel("Email")).toHaveValue(email);
      await dialog.getByLabel("Nouveau mot de passe (optionnel)").fill("12");
      await dialog.getByRole("button", { name: "Enregistrer" }).click();
      await expect(dialog.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();
      await dialog.getByLabel("Nouveau mot de passe (optionnel)").fill("Disjoncteur-Bleu-77");
      await dialog.getByLabel("Rôle").selectOption({ label: "Admin" });
      await dialog.getByRole("button", { name: "Enregistrer" }).click();
      await expect(toast(page, "Utilisateur modifié")).toBeVisible();
      await expect(row).toContainText("Admin");
      await elsewhere.goto("/admin/contacts");
      await expect(elsewhere).toHaveURL(/\/admin\/login/);
      await elsewhere.context().close();
      await signIn(await (await browser.newContext()).newPage(), { email, password: "Disjoncteur-Bleu-77" });

      await row.getByRole("button", { name: `Supprimer ${email}` }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm.getByRole("heading", { name: "Êtes-vous sûr ?" })).toBeVisible();
      await expect(confirm).toContainText("définitive et irréversible");
      await confirm.getByRole("button", { name: "Supprimer" }).click();
      await expect(toast(page, "Utilisateur supprimé")).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await sql("select id from users where email = $1", [email])).toHaveLength(0);
    });
  });
}

test("the last admin can be neither demoted nor deleted", async ({ page }) => {
  const admins = await sql<{ n: number }>("select count(*)::int as n from users where role = 'admin'");
  expect(admins[0]!.n).toBe(1);
  await signIn(page, e2e.admin);
  await page.goto("/admin/users");
  const row = page.getByRole("row").filter({ hasText: e2e.admin.email });
  // One's own account has no delete button.
  await expect(row.getByRole("button", { name: /Supprimer/ })).toHaveCount(0);
  await row.getByRole("button", { name: `Modifier ${e2e.admin.email}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Rôle").selectOption({ label: "Utilisateur" });
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    dialog.getByText("Impossible de retirer le rôle administrateur : c'est le dernier administrateur."),
  ).toBeVisible();
  expect((await sql("select role from users where email = $1", [e2e.admin.email]))[0]!.role).toBe("admin");
});

test.describe("profile", () => {
  for (const width of [1280, 375]) {
    test(`password change at ${width} px: the spec's messages, a wrong current password, other sessions ended`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const account = await freshAccount(`profil-${width}`);
      const elsewhere = await signedInPage(browser, account);
      await signIn(page, account);
      // A user's settings button is their profile.
      await page.getByRole("link", { name: "Mon profil" }).click();
      await expect(page).toHaveURL(/\/admin\/profile$/);
      const main = page.getByRole("main");
      await expect(main.getByText(account.email)).toBeVisible();
      await expect(main.getByText("Dernière connexion")).toBeVisible();

      await page.getByRole("tab", { name: "Sécurité" }).click();
      const submit = page.getByRole("button", { name: "Mettre à jour le mot de passe" });
      await submit.click();
      await expect(page.getByText("Mot de passe actuel requis")).toBeVisible();
      await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("abc");
      await page.getByLabel("Confirmer le nouveau mot de passe").fill("abcdef");
      await submit.click();
      await expect(
        page.getByText("Le nouveau mot de passe doit contenir au moins 6 caractères"),
      ).toBeVisible();
      await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();

      await page.getByLabel("Mot de passe actuel").fill("pas-le-bon");
      await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Interrupteur-Vert-31");
      await page.getByLabel("Confirmer le nouveau mot de passe").fill("Interrupteur-Vert-31");
      await submit.click();
      await expect(page.getByText("Mot de passe actuel incorrect")).toBeVisible();
      await page.screenshot({ path: `test-results/profile-${width}.png`, fullPage: true });

      await page.getByLabel("Mot de passe actuel").fill(account.password);
      await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Interrupteur-Vert-31");
      await page.getByLabel("Confirmer le nouveau mot de passe").fill("Interrupteur-Vert-31");
      await submit.click();
      await expect(toast(page, "Mot de passe mis à jour")).toBeVisible();
      // This browser stays signed in; the other one is out.
      await page.goto("/admin/contacts");
      await expect(page.getByRole("heading", { name: "Gestion des Contacts" })).toBeVisible();
      await elsewhere.goto("/admin/contacts");
      await expect(elsewhere).toHaveURL(/\/admin\/login/);
      await elsewhere.context().close();
    });
  }
});

test("a user-role account sees neither Users nor Configuration, and gets 403 on their addresses", async ({
  page,
}) => {
  await signIn(page, e2e.user);
  const menu = page.locator("#admin-sidebar");
  await expect(menu.getByRole("link", { name: "Contacts" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Statistiques" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Utilisateurs" })).toHaveCount(0);
  await expect(menu.getByRole("heading", { name: "Configuration" })).toHaveCount(0);
  for (const path of ["/admin/users", "/admin/settings"]) {
    const response = await page.goto(path);
    expect(response!.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  }
  for (const path of ["/admin/contacts", "/admin/analytics", "/admin/profile"]) {
    expect((await page.goto(path))!.status()).toBe(200);
  }
});
