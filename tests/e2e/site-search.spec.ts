import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { signIn } from "./admin-support";

const expect = baseExpect.configure({ timeout: 15_000 });

/** Searches counted today for `query` (normalised), 0 when none. */
async function counted(query: string) {
  const rows = await sql<{ searches: number }>(
    "select searches from site_searches where query = $1 order by day desc limit 1",
    [query],
  );
  return rows[0]?.searches ?? 0;
}

for (const width of [1280, 375]) {
  test.describe(`site search (${width} px)`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the header's search box leads to the results, grouped, marked and kept out of search engines", async ({
      page,
    }) => {
      await page.goto("/blog");
      if (width < 768) await page.getByLabel("Ouvrir le menu").click();
      const box = page.locator("header").getByRole("search", { name: "Rechercher sur le site" });
      await box.getByLabel("Rechercher").fill("borne de recharje");
      await box.getByLabel("Rechercher").press("Enter");

      await expect(page).toHaveURL(/\/recherche\?q=borne\+de\+recharje$/);
      const main = page.locator("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        "Résultats pour « borne de recharje »",
      );
      await expect(main).toContainText(/\d+ résultats parmi nos articles, réalisations et pages\./);
      await expect(main.getByRole("heading", { level: 2, name: /^Réalisations \(\d+\)$/ })).toBeVisible();
      await expect(main.getByRole("heading", { level: 2, name: /^Articles \(\d+\)$/ })).toBeVisible();
      // One typo read as the word the content uses, and marked in the excerpts.
      await expect(main.locator("mark", { hasText: /^recharge$/i }).first()).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
      // The page's own box keeps the query; a result leads to its page.
      await expect(main.getByRole("search").getByLabel("Rechercher")).toHaveValue("borne de recharje");
      const first = main
        .getByRole("region", { name: /^Réalisations/ })
        .getByRole("article")
        .first()
        .getByRole("link");
      const title = await first.innerText();
      await first.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await page.screenshot({ path: `test-results/site-search-${width}.png`, fullPage: true });
    });
  });
}

test("results come in pages of 10, with 'Précédent' and 'Suivant'", async ({ page }) => {
  await sql(
    `insert into blog_articles (title, slug, status, published_at, content)
     select 'Quasar numéro ' || i, 'quasar-' || i, 'published', now() - i * interval '1 day', '<p>Un texte.</p>'
     from generate_series(1, 12) i`,
  );
  try {
    await page.goto("/recherche?q=quasars");
    const main = page.locator("main");
    await expect(main).toContainText("12 résultats");
    await expect(main.getByRole("article")).toHaveCount(10);
    const pager = main.getByRole("navigation", { name: "Pages de résultats" });
    await expect(pager).toContainText("Page 1 sur 2");
    await pager.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/\/recherche\?q=quasars&page=2$/);
    await expect(main.getByRole("article")).toHaveCount(2);
    await expect(pager).toContainText("Page 2 sur 2");
    await pager.getByRole("link", { name: "Précédent" }).click();
    await expect(main.getByRole("article")).toHaveCount(10);
  } finally {
    await sql("delete from blog_articles where slug like 'quasar-%'");
  }
});

test("a missing page suggests up to 3 results from its address's words, and keeps logging the 404", async ({
  page,
  request,
}) => {
  const response = await request.get("/anciennes-pages/borne-recharge-garage");
  expect(response.status()).toBe(404);
  await page.goto("/anciennes-pages/borne-recharge-garage");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
  const guesses = main.getByRole("region", { name: "Vous cherchiez peut-être…" });
  const links = guesses.getByRole("article").getByRole("link");
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeLessThanOrEqual(3);
  await expect(links.first()).toHaveText(/borne/i);
  await expect(main.getByRole("search", { name: "Chercher une page" })).toBeVisible();
  const [logged] = await sql<{ hits: number }>("select hits from not_found_paths where path = $1", [
    "/anciennes-pages/borne-recharge-garage",
  ]);
  expect(logged?.hits).toBeGreaterThanOrEqual(1);

  // A missing article keeps its own panel, and guesses below it.
  await page.goto("/blog/tableau-electrique-vetuste");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Article non trouvé");
  await expect(
    main.getByRole("region", { name: "Vous cherchiez peut-être…" }).getByRole("link").first(),
  ).toHaveText(/tableau/i);
  await page.screenshot({ path: "test-results/site-search-404.png", fullPage: true });
});

test("'Statistiques' lists the frequent searches and those that found nothing, cached ones counted", async ({
  page,
  request,
}) => {
  const nothing = `introuvable${Date.now()}`;
  await request.get(`/recherche?q=${nothing}`);
  await request.get(`/recherche?q=${nothing.toUpperCase()}`);
  const before = await counted("tableau");
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await request.get("/recherche?q=Tableau"));
  // The page cache keeps the query's page from its second search on; a hit still counts.
  expect(answers[2]!.headers()["x-page-cache"]).toBe("HIT");
  await expect.poll(() => counted("tableau")).toBe(before + 3);
  expect(await counted(nothing)).toBe(2);

  await signIn(page, e2e.admin);
  await page.goto("/admin/analytics?range=7d");
  const frequent = page.getByRole("table", { name: "Recherches les plus fréquentes" });
  await expect(frequent.getByRole("row", { name: /^tableau/ })).toContainText(String(before + 3));
  const fruitless = page.getByRole("table", { name: "Recherches sans résultat" });
  await expect(fruitless.getByRole("row", { name: new RegExp(`^${nothing}`) })).toContainText("2");
  await expect(fruitless.getByRole("link", { name: nothing })).toHaveAttribute(
    "href",
    `/recherche?q=${nothing}`,
  );
  await page.getByRole("heading", { name: "Recherches sur le site" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/site-search-statistics.png", fullPage: true });
});
