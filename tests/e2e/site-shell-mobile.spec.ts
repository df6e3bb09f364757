import { expect, sql, test } from "../support/e2e";
import { PUBLICLY_VISIBLE } from "./site-shell-support";

// Phones (public-site.md §2 mobile menu, "Voir plus" under 768 px).
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "none", url: baseURL! }]);
});

test.describe("mobile menu", () => {
  test("opens, keeps one group expanded, and closes on a link", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "closing on a link is the menu's script (the page itself stays)");
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
    const toggle = page.getByLabel("Ouvrir le menu");
    await toggle.click();
    await expect(page.getByLabel("Fermer le menu")).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu).toBeVisible();
    for (const name of ["Services", "À propos", "Contact", "Devis Gratuit"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const maxHeight = await menu.evaluate((element) => getComputedStyle(element).maxHeight);
    expect(maxHeight).toBe(`${740 - 72}px`);

    const projects = menu.locator("summary", { hasText: "Projets" });
    const news = menu.locator("summary", { hasText: "Actualités" });
    await projects.click();
    await expect(menu.getByRole("link", { name: "Tous les projets" })).toBeVisible();
    await expect(menu.getByText("Catégories").first()).toBeVisible();
    await news.click();
    await expect(menu.getByRole("link", { name: "Tous les articles" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Tous les projets" })).toBeHidden();
    // Clicking the open group closes it.
    await news.click();
    await expect(menu.getByRole("link", { name: "Tous les articles" })).toBeHidden();

    await news.click();
    await menu.getByRole("link", { name: "Tous les articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
    await expect(page.getByLabel("Ouvrir le menu")).toBeVisible();
  });

  test("lists the categories of each group", async ({ page }) => {
    const categories = await sql<{ name: string; slug: string }>("select name, slug from blog_categories");
    await page.goto("/about");
    await page.getByLabel("Ouvrir le menu").click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await menu.locator("summary", { hasText: "Actualités" }).click();
    for (const category of categories) {
      await expect(menu.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
        "href",
        `/blog?category=${category.slug}`,
      );
    }
  });

  test("Devis Gratuit goes to the contact section and closes the menu; Escape closes too", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/about");
    if (javaScriptEnabled) {
      // Escape is the menu's script.
      await page.getByLabel("Ouvrir le menu").click();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeHidden();
      await expect(page.getByLabel("Ouvrir le menu")).toBeFocused();
    }

    await page.getByLabel("Ouvrir le menu").click();
    await page
      .getByRole("navigation", { name: "Menu mobile" })
      .getByRole("link", { name: "Devis Gratuit" })
      .click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact h2").first()).toBeInViewport();
    await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeHidden();

    // On the home page the same entry only scrolls (the script closes the menu; a plain link to
    // the section leaves it open).
    if (!javaScriptEnabled) return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel("Ouvrir le menu").click();
    await page
      .getByRole("navigation", { name: "Menu mobile" })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page.locator("#services h2")).toBeInViewport();
    await expect(page.getByRole("navigation", { name: "Menu mobile" })).toBeHidden();
  });
});

test.describe("Voir plus on the home page", () => {
  test("lists show three items until pressed, without layout shift", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "folded only where scripts run (without them every item shows)");
    const [{ projects }] = await sql<{ projects: number }>(
      `select count(*)::int as projects from projects where ${PUBLICLY_VISIBLE}`,
    );
    const [{ articles }] = await sql<{ articles: number }>(
      `select count(*)::int as articles from blog_articles where ${PUBLICLY_VISIBLE}`,
    );
    // The demo content has more than three of each, which is what this test is about.
    expect(projects).toBeGreaterThan(3);
    expect(articles).toBeGreaterThan(3);

    const [{ blocks }] = await sql<{ blocks: number }>(
      "select count(*)::int as blocks from expertise_blocks",
    );
    expect(blocks).toBeGreaterThan(3);

    await page.goto("/");
    // The lists are cut by CSS in the server's HTML, so nothing moves once the modules run.
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 1000);
        }),
    );
    expect(layoutShift).toBeLessThan(0.1);
    for (const [id, total] of [
      ["expertise", blocks],
      ["projects", Math.min(projects, 6)],
      ["blog", Math.min(articles, 6)],
    ] as const) {
      const section = page.locator(`#${id}`);
      const items = section.locator("ul[aria-label] > li");
      await expect(items).toHaveCount(total);
      for (let index = 0; index < total; index++) {
        if (index < 3) await expect(items.nth(index)).toBeVisible();
        else await expect(items.nth(index)).toBeHidden();
      }
      await section.getByRole("button", { name: "Voir plus" }).click();
      for (let index = 0; index < total; index++) await expect(items.nth(index)).toBeVisible();
      await expect(section.getByRole("button", { name: "Voir plus" })).toHaveCount(0);
    }
  });

  test("the reassurance cards are hidden until pressed", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "folded only where scripts run (without them every card shows)");
    await page.goto("/");
    const services = page.locator("#services");
    await expect(services.getByRole("heading", { name: "Particuliers" })).toBeVisible();
    await expect(services.getByRole("heading", { name: "Sécurité garantie" })).toBeHidden();
    await services.getByRole("button", { name: "Voir plus" }).click();
    for (const title of ["Sécurité garantie", "Équipe qualifiée", "Service rapide"]) {
      await expect(services.getByRole("heading", { name: title })).toBeVisible();
    }
  });

  test("the hidden items are in the server's HTML (hidden by CSS, not missing)", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Sécurité garantie");
    expect(html).toContain('data-collapsed="items"');
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's lists show every item, without 'Voir plus'", async ({ page }) => {
    await page.goto("/");
    for (const id of ["expertise", "projects", "blog"]) {
      const items = page.locator(`#${id} ul[aria-label] > li`);
      for (const item of await items.all()) await expect(item).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Sécurité garantie" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Voir plus" })).toHaveCount(0);
  });

  test("the mobile menu still opens and its groups expand", async ({ page }) => {
    await page.goto("/about");
    await page.getByLabel("Ouvrir le menu").click();
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu.getByRole("link", { name: "À propos" })).toBeVisible();
    await menu.locator("summary", { hasText: "Projets" }).click();
    await expect(menu.getByRole("link", { name: "Tous les projets" })).toBeVisible();
    await menu.locator("summary", { hasText: "Actualités" }).click();
    await expect(menu.getByRole("link", { name: "Tous les articles" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Tous les projets" })).toBeHidden();
    await menu.getByRole("link", { name: "Tous les articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});
