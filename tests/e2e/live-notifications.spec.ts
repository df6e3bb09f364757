import { e2e, expect, sql, test } from "../support/e2e";
import { signIn } from "./admin-support";

// The header's bell follows new requests without a reload (Server-Sent Events fed by the
// database's notifications), and the tab's title carries their count.

const newRequests = async () =>
  (await sql<{ n: number }>("select count(*)::int as n from contacts where status = 'new'"))[0]!.n;

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
    const before = await newRequests();

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
