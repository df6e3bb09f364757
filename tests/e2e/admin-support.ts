import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Page } from "@playwright/test";
import { e2e, expect, sql, test as base } from "../support/e2e";
export { STALE_CONTENT_MESSAGE } from "../../app/lib/stale-content";

/**
 * Back-office tests run as the `user`-role account (the role that manages content, back-office.md
 * §6 as DESIGN.md settles it): signed in once per worker, its session reused by every test.
 */
export const staff = e2e.user;

export type Account = { email: string; password: string };

/** Fills and sends the sign-in form, without waiting for where it leads. */
export async function submitSignIn(page: Page, account: Account = staff) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in through the sign-in page (default: the `user`-role account) and waits for the dashboard. */
export async function signIn(page: Page, account: Account = staff) {
  await submitSignIn(page, account);
  // Password hashing is slow by design, slower still on a busy machine.
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1, exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

export const test = base.extend<object, { staffState: string }>({
  staffState: [
    async ({ browser, workerApp }, provide, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerApp.baseUrl });
      await signIn(page);
      const file = path.join(workerInfo.project.outputDir, `.staff-${workerInfo.workerIndex}.json`);
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
  storageState: ({ staffState }, provide) => provide(staffState),
});

export { expect };

/** A toast raised after a redirect, by its title. */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/** Saves a full-page screenshot of a screen under test-results/screens/ to look at. */
/**
 * The rows of the list (DataTable) named `caption`: a table's rows from 768px, its cards below,
 * one markup (its header row counts only where it shows).
 */
export function listRows(page: Page, caption: string) {
  return page.getByRole("table", { name: caption }).getByRole("row");
}

/** The list named `caption` shows cards: its header hidden, each row a box of its own. */
export async function expectCards(page: Page, caption: string) {
  const table = page.getByRole("table", { name: caption });
  await expect(table.getByRole("columnheader")).toHaveCount(0);
  await expect(table.getByRole("row").first()).toHaveCSS("display", "grid");
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join("test-results", "screens", `${name}.png`), fullPage: true });
}

/** Types in the rich text editor (its visual mode), at the end of the line clicked. */
export async function typeContent(page: Page, text: string) {
  const editor = page.getByRole("textbox", { name: "Contenu" });
  // Until the visual editor has loaded, the field is a textarea that it then replaces.
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await page.keyboard.press("End");
  await editor.pressSequentially(text);
}

/** The current code of the authenticator app holding `secret` (as the profile shows it). */
const usedSteps = new Map<string, number>();
const currentStep = () => Math.floor(Date.now() / 30_000);

/**
 * The authenticator's code now. A code is accepted once (the server keeps the 30-second step it
 * last accepted: no replay), so a second code for the same secret waits for the next step.
 */
export async function totp(secret: string) {
  const used = usedSteps.get(secret);
  while (used !== undefined && currentStep() <= used) await new Promise((r) => setTimeout(r, 250));
  const code = await createOTP(base32.decode(secret.replace(/\s/g, ""))).totp();
  usedSteps.set(secret, currentStep());
  return code;
}

/**
 * A new `user`-role account named `name` with the staff account's password (its hash copied: no
 * slow hashing), for a test that changes an account (suspends it, turns its second factor on).
 */
export async function createStaffLikeAccount(name: string, email: string): Promise<Account> {
  await sql(
    `with created as (insert into users (name, email, role) values ($1, $2, 'user') returning id)
     insert into accounts (user_id, account_id, provider_id, password)
     select created.id, created.id, 'credential', a.password from created, accounts a
       join users u on u.id = a.user_id where u.email = $3 and a.provider_id = 'credential'`,
    [name, email, e2e.user.email],
  );
  return { email, password: e2e.user.password };
}
