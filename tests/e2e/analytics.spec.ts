import type { Page } from "@playwright/test";
import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { signIn } from "./admin-support";

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const pageViews = async () => (await sql<{ n: number }>("select count(*)::int as n from page_views"))[0]!.n;
const figure = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator("p").nth(1).innerText()).replace(/\D/g, ""));

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

for (const width of [1280, 375]) {
  test.describe(`analytics (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the counters are the database's counts", async ({ page }) => {
      await signIn(page, e2e.admin);
      await page.goto("/admin/analytics");
      const [counts] = await sql<Record<string, number>>(`select
        (select count(*) from contacts)::int as contacts,
        (select count(*) from blog_articles where (status = 'published' and (published_at is null or published_at <= now()))
           or (status = 'scheduled' and scheduled_at <= now()))::int as articles,
        (select count(*) from projects where (status = 'published' and (published_at is null or published_at <= now()))
           or (status = 'scheduled' and scheduled_at <= now()))::int as projects,
        (select count(*) from users)::int as users`);
      for (const [key, label] of [
        ["contacts", "Demandes totales"],
        ["articles", "Articles publiés"],
        ["projects", "Projets réalisés"],
        ["users", "Utilisateurs enregistrés"],
      ] as const) {
        const card = page.getByTestId(`counter-${key}`);
        await expect(card).toContainText(label);
        expect(await figure(page, `counter-${key}`)).toBe(counts![key]);
      }
      await expect(page.getByText(/simul/i)).toHaveCount(0);
      await page.screenshot({ path: `test-results/analytics-${width}.png`, fullPage: true });
    });
  });
}

test("a visitor's pages count once a day as a visitor, the signed-in admin's not at all", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "page views are counted by the page's beacon, a script");
  await signIn(page, e2e.admin);
  await page.goto("/admin/analytics?range=7d");
  const visitors = await figure(page, "period-visitors");
  const views = await figure(page, "period-views");

  // A real browser, its own user agent (so no earlier test's visit is the same visitor today).
  const userAgent = (await page.evaluate(() => navigator.userAgent)).replace(
    /Chrome\/[\d.]+/,
    `Chrome/140.0.${Math.floor(Math.random() * 9000) + 1000}.0`,
  );
  const visitor = await browser.newContext({ userAgent });
  const tab = await visitor.newPage();
  const before = await pageViews();
  await tab.goto("/");
  await expect.poll(pageViews).toBe(before + 1);
  await tab.getByRole("link", { name: "À propos" }).first().click();
  await expect.poll(pageViews).toBe(before + 2);
  await tab.goto("/contact");
  await expect.poll(pageViews).toBe(before + 3);
  const [{ n: distinct }] = await sql<{ n: number }>(
    "select count(distinct visitor_hash)::int as n from (select visitor_hash from page_views order by id desc limit 3) v",
  );
  expect(distinct).toBe(1);
  await visitor.close();

  // The admin reads the public site in the same browser as the back office: not counted.
  const beacon = page.waitForResponse((response) => response.url().endsWith("/api/beacon"));
  await page.goto("/about");
  expect((await beacon).status()).toBe(204);
  expect(await pageViews()).toBe(before + 3);

  await page.goto("/admin/analytics?range=7d");
  expect(await figure(page, "period-visitors")).toBe(visitors + 1);
  expect(await figure(page, "period-views")).toBe(views + 3);
});
