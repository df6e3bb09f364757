import type { Browser, Page } from "@playwright/test";
import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { createStaffLikeAccount, toast, totp } from "./admin-support";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

type Account = { email: string; password: string };

const dashboard = (page: Page) =>
  expect(page.getByRole("heading", { name: "Tableau de bord", level: 1, exact: true })).toBeVisible({
    timeout: 30_000,
  });

async function submitPassword(page: Page, account: Account) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

async function freshPage(browser: Browser) {
  return (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

test("TOTP: enrol from the profile, sign in with a code, a trusted browser, a backup code; an admin resets it", async ({
  page,
  browser,
}) => {
  const email = `double-${Date.now()}@betic.test`;
  const account = await createStaffLikeAccount("double", email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitPassword(page, account);
  await dashboard(page);

  await page.goto("/admin/profile");
  await page.getByRole("tab", { name: "Sécurité" }).click();
  const start = page.locator("form", {
    has: page.getByRole("button", { name: "Activer la double authentification" }),
  });
  await start.getByLabel("Votre mot de passe").fill("pas-le-bon");
  await start.getByRole("button", { name: "Activer la double authentification" }).click();
  await expect(page.getByText("Mot de passe actuel incorrect")).toBeVisible({ timeout: 30_000 });
  await start.getByLabel("Votre mot de passe").fill(account.password);
  await start.getByRole("button", { name: "Activer la double authentification" }).click();

  await expect(page.getByRole("img", { name: "QR code de la double authentification" })).toBeVisible({
    timeout: 30_000,
  });
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  expect(secret.replace(/\s/g, "")).toMatch(/^[A-Z2-7]+=*$/);
  await page.screenshot({ path: "/tmp/accounts/profile-2fa-enrol-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: "/tmp/accounts/profile-2fa-enrol-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Code de vérification").fill("000000");
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("Code incorrect")).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code de la double authentification" })).toBeVisible();
  await page.getByLabel("Code de vérification").fill(await totp(secret));
  await page.getByRole("button", { name: "Confirmer" }).click();
  const codes = page.getByRole("list", { name: "Codes de secours" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  await expect(page.getByRole("link", { name: "Télécharger les codes" })).toHaveAttribute(
    "download",
    "codes-de-secours.txt",
  );
  await page.screenshot({ path: "/tmp/accounts/profile-2fa-codes-1280.png", fullPage: true });
  // This browser stays signed in (its session was renewed).
  await page.reload();
  await page.getByRole("tab", { name: "Sécurité" }).click();
  await expect(page.getByText("Activée", { exact: true })).toBeVisible();

  // Another browser: the password, then the code step.
  const other = await freshPage(browser);
  await submitPassword(other, account);
  await expect(other).toHaveURL(/\/admin\/login\/code$/, { timeout: 30_000 });
  await expect(other.getByRole("heading", { name: "Double authentification" })).toBeVisible();
  await other.screenshot({ path: "/tmp/accounts/login-code-1280.png", fullPage: true });
  await other.setViewportSize({ width: 375, height: 800 });
  await other.screenshot({ path: "/tmp/accounts/login-code-375.png", fullPage: true });
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.getByLabel("Code").fill("123456");
  await other.getByRole("button", { name: "Vérifier" }).click();
  await expect(other.getByRole("alert").filter({ hasText: "Code incorrect" })).toBeVisible({
    timeout: 30_000,
  });
  await other.getByLabel("Code").fill(await totp(secret));
  await other.getByLabel("Se souvenir de cet appareil pendant 30 jours").check();
  await other.getByRole("button", { name: "Vérifier" }).click();
  await dashboard(other);

  // Signed out, the trusted browser signs in with the password alone.
  await other.context().clearCookies({ name: "betic.session_token" });
  await submitPassword(other, account);
  await dashboard(other);
  await other.context().close();

  // A backup code works once.
  const third = await freshPage(browser);
  await submitPassword(third, account);
  await expect(third).toHaveURL(/\/admin\/login\/code$/, { timeout: 30_000 });
  await third.getByLabel("Code").fill(backupCodes[0]!);
  await third.getByRole("button", { name: "Vérifier" }).click();
  await dashboard(third);
  await third.context().close();
  const fourth = await freshPage(browser);
  await submitPassword(fourth, account);
  await expect(fourth).toHaveURL(/\/admin\/login\/code$/, { timeout: 30_000 });
  await fourth.getByLabel("Code").fill(backupCodes[0]!);
  await fourth.getByRole("button", { name: "Vérifier" }).click();
  await expect(fourth.getByRole("alert").filter({ hasText: "Code incorrect" })).toBeVisible({
    timeout: 30_000,
  });
  await fourth.context().close();

  // An admin resets it (a lost phone): the password alone signs in again.
  const admin = await freshPage(browser);
  await submitPassword(admin, e2e.admin);
  await dashboard(admin);
  await admin.goto("/admin/users");
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("2FA");
  await row.getByRole("button", { name: `Réinitialiser la 2FA ${email}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Réinitialiser" }).click();
  await expect(toast(admin, "Double authentification réinitialisée")).toBeVisible();
  await expect(row).not.toContainText("2FA");
  await admin.context().close();
  const fifth = await freshPage(browser);
  await submitPassword(fifth, account);
  await dashboard(fifth);
  await fifth.context().close();

  const audit = await sql<{ action: string; actor_email: string }>(
    `select action, actor_email from audit_log
      where entity_id = (select id::text from users where email = $1) and action like 'two_factor_%'
      order by created_at`,
    [email],
  );
  expect(audit.map((row) => [row.action, row.actor_email])).toEqual([
    ["two_factor_enable", email],
    ["two_factor_reset", e2e.admin.email],
  ]);
});

test("'Exiger la double authentification pour les administrateurs' sends an admin without it to enrol first", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitPassword(page, e2e.admin);
  await dashboard(page);
  await page.goto("/admin/settings?tab=features");
  const toggle = page.getByRole("switch", {
    name: "Exiger la double authentification pour les administrateurs",
  });
  await toggle.click();
  await page
    .getByRole("button", { name: /Enregistrer/ })
    .first()
    .click();
  try {
    await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 30_000 });
    await expect(
      page.getByText("La double authentification est exigée pour les administrateurs"),
    ).toBeVisible();
    for (const path of ["/admin/users", "/admin/blog"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/profile$/);
    }
    // The profile itself still works: enrolment is possible.
    await expect(page.getByRole("button", { name: "Activer la double authentification" })).toBeVisible();
  } finally {
    await sql("update site_settings set require_admin_two_factor = false");
  }
});
