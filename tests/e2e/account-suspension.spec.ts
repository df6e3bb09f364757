import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { createStaffLikeAccount, signIn, submitSignIn, toast } from "./admin-support";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

test("an admin suspends an account (its session ends, it cannot sign in) and reactivates it", async ({
  page,
  browser,
}) => {
  const email = `suspendu-${Date.now()}@betic.test`;
  const account = await createStaffLikeAccount("suspendu", email);
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, account);

  await signIn(page, e2e.admin);
  await page.goto("/admin/users");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Actif");
  // One's own account cannot be suspended from here.
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: e2e.admin.email })
      .getByRole("button", { name: /Suspendre/ }),
  ).toHaveCount(0);

  await row.getByRole("button", { name: `Suspendre ${email}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading", { name: "Suspendre ce compte ?" })).toBeVisible();
  await page.screenshot({ path: "/tmp/accounts/suspend-confirm-1280.png" });
  await confirm.getByRole("button", { name: "Suspendre" }).click();
  await expect(toast(page, "Compte suspendu")).toBeVisible();
  await expect(row).toContainText("Suspendu");
  await page.screenshot({ path: "/tmp/accounts/users-suspended-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: "/tmp/accounts/users-suspended-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Its open session is over at once; signing in again is refused.
  await elsewhere.goto("/admin/contacts");
  await expect(elsewhere).toHaveURL(/\/admin\/login/);
  await submitSignIn(elsewhere, account);
  await expect(elsewhere.getByRole("alert").filter({ hasText: "Ce compte est suspendu." })).toBeVisible({
    timeout: 30_000,
  });

  await row.getByRole("button", { name: `Réactiver ${email}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Réactiver" }).click();
  await expect(toast(page, "Compte réactivé")).toBeVisible();
  await expect(row).toContainText("Actif");
  await signIn(elsewhere, account);

  const audit = await sql<{ action: string; actor_email: string; ip_address: string | null }>(
    `select action, actor_email, ip_address from audit_log
      where entity_id = (select id::text from users where email = $1) and action in ('suspend', 'reactivate')
      order by created_at`,
    [email],
  );
  expect(audit.map((row) => [row.action, row.actor_email])).toEqual([
    ["suspend", e2e.admin.email],
    ["reactivate", e2e.admin.email],
  ]);
  expect(audit.every((row) => row.ip_address)).toBe(true);
  await elsewhere.context().close();
});

test("on a slow machine (CPU 6× slower), suspending then reactivating ten accounts opens no dialog that was not clicked", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const emails = Array.from({ length: 10 }, (_, i) => `lent-${i}-${Date.now()}@betic.test`);
  for (const email of emails) await createStaffLikeAccount("lent", email);
  await signIn(page, e2e.admin);
  await page.goto("/admin/users");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

  const dialog = page.getByRole("alertdialog");
  const confirmIn = async (email: string, verb: "Suspendre" | "Réactiver", state: string) => {
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `${verb} ${email}` }).click();
    await expect(dialog).toHaveCount(1);
    await expect(dialog.getByRole("heading")).toHaveText(`${verb} ce compte ?`);
    await dialog.getByRole("button", { name: verb }).click();
    // The answer closes it, and nothing opens in its place (a 'Réactiver ce compte ?' unasked for).
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(state);
    await expect(dialog).toHaveCount(0);
  };
  for (const email of emails) {
    await confirmIn(email, "Suspendre", "Suspendu");
    await confirmIn(email, "Réactiver", "Actif");
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const suspended = await sql<{ count: string }>(
    "select count(*) from users where email = any($1) and banned",
    [emails],
  );
  expect(suspended[0]!.count).toBe("0");
});
