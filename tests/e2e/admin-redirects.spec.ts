import type { Page } from "@playwright/test";
import { e2e, expect, sql, test } from "../support/e2e";
import { signIn, toast } from "./admin-support";

// /admin/seo/redirects and /admin/seo/not-found (issue 21): add a redirect and follow it, a loop
// refused, a 404 logged and turned into a redirect from its row, the 404 list paged from a cursor.
test.afterEach(async () => {
  await sql("delete from redirects where source like '/e2e-%'");
  await sql("delete from not_found_paths where path like '/e2e-%'");
});

async function addRedirect(page: Page, source: string, target: string) {
  await page.getByRole("button", { name: "Ajouter une redirection" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une redirection" });
  await dialog.getByLabel("Adresse d'origine").fill(source);
  await dialog.getByLabel("Destination").fill(target);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  return dialog;
}

test("a redirect added is followed; a loop is refused with its message (1280 px)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, e2e.admin);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Redirections" })).toBeVisible();
  await page.goto("/admin/seo/redirects");
  await expect(page.getByRole("heading", { name: "Redirections", level: 1 })).toBeVisible();
  // The menu lights up this screen, not 'SEO' whose path it lives under.
  const menu = page.getByRole("navigation", { name: "Menu du back-office" });
  await expect(menu.getByRole("link", { name: "Redirections" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "SEO", exact: true })).not.toHaveAttribute("aria-current");

  const added = await addRedirect(page, "/e2e-ancienne-offre", "/contact");
  await expect(toast(page, "Redirection ajoutée")).toContainText("/e2e-ancienne-offre → /contact");
  await expect(added).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: "/e2e-ancienne-offre" });
  await expect(row).toContainText("manuelle");
  await expect(row).toContainText("Jamais");

  const visitor = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await visitor.goto("/e2e-ancienne-offre");
  await expect(visitor).toHaveURL(/\/contact$/);
  await visitor.close();
  await expect
    .poll(async () => (await page.reload(), await row.getByRole("cell").nth(3).textContent()))
    .toBe("1");

  await expect(await addRedirect(page, "/e2e-a", "/e2e-b")).toBeHidden();
  await expect(toast(page, "Redirection ajoutée")).toContainText("/e2e-a → /e2e-b");
  const dialog = await addRedirect(page, "/e2e-b", "/e2e-a");
  await expect(dialog.getByText("Boucle de redirection : /e2e-a redirige déjà vers /e2e-b.")).toBeVisible();
  await page.screenshot({ path: "/tmp/redirects/loop-1280.png" });
  await page.keyboard.press("Escape");
  await page.screenshot({ path: "/tmp/redirects/redirects-1280.png", fullPage: true });
  await page.goto("/admin/seo/not-found");
  await page.screenshot({ path: "/tmp/redirects/not-found-1280.png", fullPage: true });
  expect(
    await sql("select source, target from redirects where source like '/e2e-%' order by source"),
  ).toEqual([
    { source: "/e2e-a", target: "/e2e-b" },
    { source: "/e2e-ancienne-offre", target: "/contact" },
  ]);
});

test("a missing page is logged, turned into a redirect from its row and followed (375 px)", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, e2e.admin);
  const origin = new URL(page.url()).origin;
  const visitor = await browser.newPage({ baseURL: origin });
  const missing = await visitor.goto("/e2e-page-perdue/tarifs");
  expect(missing?.status()).toBe(404);

  await page.goto("/admin/seo/not-found");
  await expect(page.getByRole("heading", { name: "Pages introuvables", level: 1 })).toBeVisible();
  // The path as the list shows it (the buttons' hidden labels name it too).
  const logged = page.getByRole("code").filter({ hasText: "/e2e-page-perdue/tarifs" });
  await expect(logged).toBeVisible();
  await page.screenshot({ path: "/tmp/redirects/not-found-375.png", fullPage: true });

  await page.getByRole("button", { name: "Créer une redirection pour /e2e-page-perdue/tarifs" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une redirection" });
  await expect(dialog.getByLabel("Adresse d'origine")).toHaveValue("/e2e-page-perdue/tarifs");
  await dialog.getByLabel("Destination").fill(`${origin}/contact`);
  await page.screenshot({ path: "/tmp/redirects/create-from-404-375.png" });
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(toast(page, "Redirection ajoutée")).toBeVisible();
  await expect(logged).toHaveCount(0);

  await visitor.goto("/e2e-page-perdue/tarifs");
  await expect(visitor).toHaveURL(/\/contact$/);
  await visitor.close();
  await page.goto("/admin/seo/redirects");
  await expect(page.getByRole("code").filter({ hasText: "/e2e-page-perdue/tarifs" })).toBeVisible();
  await page.screenshot({ path: "/tmp/redirects/redirects-375.png", fullPage: true });
});

test("'Pages introuvables' pages from a cursor: 'Suivant' then 'Précédent' keep the search (1280 px)", async ({
  page,
}) => {
  await sql(`insert into not_found_paths (path, hits, last_seen_at)
    select '/e2e-pager-' || lpad(i::text, 2, '0'), i, now() - i * interval '1 minute'
    from generate_series(1, 30) i`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, e2e.admin);
  await page.goto("/admin/seo/not-found?q=e2e-pager");
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("30 adresses");
  const paths = page.getByRole("code");
  await expect(paths).toHaveCount(25);
  await expect(paths.first()).toHaveText("/e2e-pager-01");
  await expect(pager.getByText("Précédent")).toHaveAttribute("aria-disabled", "true");

  await pager.getByRole("link", { name: "Suivant" }).click();
  await expect(page).toHaveURL(/q=e2e-pager&after=/);
  await expect(paths).toHaveCount(5);
  await expect(paths.first()).toHaveText("/e2e-pager-26");
  await expect(pager.getByText("Suivant")).toHaveAttribute("aria-disabled", "true");
  await page.screenshot({ path: "/tmp/notfound/pager-1280.png", fullPage: true });

  await pager.getByRole("link", { name: "Précédent" }).click();
  await expect(paths).toHaveCount(25);
  await expect(paths.first()).toHaveText("/e2e-pager-01");
});
