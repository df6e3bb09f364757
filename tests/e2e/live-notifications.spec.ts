import { e2e, expect, sql, test } from "../support/e2e";
import { signIn } from "./admin-support";

// The header's bell follows new requests without a reload (Server-Sent Events fed by the
// database's notifications), and the tab's title carries their count.

/** The admin's bell figure: new requests and mails given up (none is assigned to the admin here). */
const bellFigure = async () =>
  (
    await sql<{ n: number }>(
      `select ((select count(*) from contacts where status = 'new')
         + (select count(*) from email_outbox where status = 'failed'))::int as n`,
    )
  )[0]!.n;

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

for (const width of [1280, 375]) {
  test(`a request written by anyone reaches an open page's bell and title without a reload (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, e2e.admin);
    await page.goto("/admin/blog");
    // Typed text stays: the page is not reloaded.
    const search = page.getByLabel("Rechercher");
    await search.fill("pas rechargé");
    const before = await bellFigure();

    await sql(
      `insert into contacts (name, email, message) values ('Live ${width}', 'live@exemple.fr', 'Devis')`,
    );
    const count = before + 1;
    await expect(page.getByTestId("notification-count")).toHaveText(String(count));
    await expect(page).toHaveTitle(new RegExp(`^\\(${count}\\) `));
    await expect(search).toHaveValue("pas rechargé");
    await page.screenshot({ path: `test-results/live-notifications-${width}.png` });

    // Handled elsewhere: the bell and the title follow.
    await sql("update contacts set status = 'in_progress' where name = $1", [`Live ${width}`]);
    if (before === 0) {
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(page).not.toHaveTitle(/^\(\d+\) /);
    } else {
      await expect(page.getByTestId("notification-count")).toHaveText(String(before));
      await expect(page).toHaveTitle(new RegExp(`^\\(${before}\\) `));
    }
  });
}

test("a mail given up reaches the bell without a reload; an admin is led to the outbox", async ({ page }) => {
  await sql("delete from email_outbox");
  await signIn(page, e2e.admin);
  // The page listens before the mail fails.
  const listening = page.waitForResponse((response) => response.url().endsWith("/admin/api/events"));
  await page.goto("/admin/blog");
  await listening;
  const badge = page.getByTestId("notification-count");
  const before = (await badge.count()) > 0 ? Number(await badge.textContent()) : 0;
  const [mail] = await sql<{ id: string }>(
    `insert into email_outbox (to_address, subject, html_body, text_body, status, attempts)
     values ('perdu@exemple.fr', 'Perdu', '<p>Perdu</p>', 'Perdu', 'sending', 9) returning id`,
  );
  // The worker's last try fails: the row turns 'failed', which the database announces.
  await sql("update email_outbox set status = 'failed', last_error = 'Refusé' where id = $1", [mail!.id]);
  await expect(badge).toHaveText(String(before + 1));
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("menu")).toContainText("1 e-mail n'a pas pu être envoyé.");
  await page.getByRole("menuitem", { name: "Voir les envois en échec" }).click();
  await expect(page).toHaveURL(/\/admin\/email-templates\/outbox\?status=failed$/);
  await expect(page.getByRole("link", { name: "Perdu", exact: true })).toBeVisible();
  await sql("delete from email_outbox where id = $1", [mail!.id]);
});
