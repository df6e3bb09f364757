import type { Page } from "@playwright/test";
import { e2e, expect, sql, test } from "../support/e2e";
import { signIn, toast } from "./admin-support";
import { snapshotTables } from "./configuration-support";

// /admin/seo and /admin/gtm: what /sitemap.xml, /robots.txt and the tag manager follow.
let restore: () => Promise<void>;
test.beforeAll(async () => {
  restore = await snapshotTables(["sitemap_settings", "robots_settings", "gtm_settings"]);
});
test.afterEach(async () => {
  await restore();
});
test.use({ viewport: { width: 1280, height: 900 } });

async function openSeo(page: Page) {
  await signIn(page, e2e.admin);
  await page.goto("/admin/seo");
  await expect(page.getByRole("heading", { name: "SEO", level: 1 })).toBeVisible();
}

test("a sitemap row saves on its own and /sitemap.xml follows at once", async ({ page, request }) => {
  await openSeo(page);
  const about = page.getByRole("form", { name: "À propos" });
  await expect(about.getByRole("button", { name: /Enregistrer/ })).toHaveCount(0);
  await about.getByLabel("Fréquence").selectOption({ label: "Annuelle" });
  await about.getByLabel("Priorité").fill("0.3");
  await expect(about.getByRole("button", { name: /Enregistrer/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("seo-1280.png"), fullPage: true });
  await expect(
    page.getByRole("form", { name: "Contact" }).getByRole("button", { name: /Enregistrer/ }),
  ).toHaveCount(0);
  await about.getByRole("button", { name: /Enregistrer/ }).click();
  await expect(toast(page, "Sitemap mis à jour")).toContainText("À propos : enregistré.");
  await expect(
    page.getByRole("form", { name: "À propos" }).getByRole("button", { name: /Enregistrer/ }),
  ).toHaveCount(0);

  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toMatch(
    /<loc>[^<]*\/about<\/loc>\s*<lastmod>[^<]+<\/lastmod>\s*<changefreq>yearly<\/changefreq>\s*<priority>0\.3<\/priority>/,
  );

  const cms = page.getByRole("form", { name: "Pages CMS" });
  await cms.getByRole("switch", { name: "Inclure dans le sitemap" }).click();
  await cms.getByRole("button", { name: /Enregistrer/ }).click();
  // The first row's toast may still be showing: pick this row's.
  await expect(toast(page, "Pages CMS : enregistré.")).toContainText("Sitemap mis à jour");
  const [page0] = await sql<{ slug: string }>("select slug from cms_pages where is_published limit 1");
  if (page0) expect(await (await request.get("/sitemap.xml")).text()).not.toContain(`/${page0.slug}</loc>`);

  // A priority out of 0–1 is refused by the server with the rule.
  await page.getByRole("form", { name: "Contact" }).getByLabel("Priorité").fill("1.5");
  await page
    .getByRole("form", { name: "Contact" })
    .getByRole("button", { name: /Enregistrer/ })
    .click();
  await expect(page.getByText("La priorité doit être comprise entre 0 et 1, par pas de 0,1")).toBeVisible();
});

test("robots.txt: 'Enregistrer' waits for an edit; the saved text is served", async ({ page, request }) => {
  await openSeo(page);
  await page.getByRole("tab", { name: "Robots.txt" }).click();
  const save = page
    .getByRole("tabpanel", { name: "Robots.txt" })
    .getByRole("button", { name: "Enregistrer" });
  await expect(save).toBeDisabled();
  await page
    .getByLabel("Contenu du fichier robots.txt")
    .fill("User-agent: *\nDisallow: /admin\nDisallow: /essais-e2e\n");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, "Robots.txt mis à jour")).toBeVisible();
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  expect(await robots.text()).toMatch(
    /^User-agent: \*\nDisallow: \/admin\nDisallow: \/essais-e2e\n\nSitemap: http.*\/sitemap\.xml\n$/,
  );
});

test("tracking ids are checked against their formats; a saved container reaches the public pages", async ({
  page,
  browser,
}) => {
  test.slow(); // three screens and a visitor's browser
  await signIn(page, e2e.admin);
  await page.goto("/admin/gtm");
  await expect(page.getByRole("heading", { name: "Balises de suivi", level: 1 })).toBeVisible();
  const container = page.getByLabel("Identifiant du conteneur GTM");
  const ga4 = page.getByLabel("Identifiant Google Analytics 4");
  await container.fill("GTM-12");
  await ga4.fill("UA-12345-1");
  // The kit's forms check on submit first (formTiming), then as the person types.
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Identifiant de conteneur invalide (format GTM-XXXXXXX)")).toBeVisible();
  await expect(page.getByText("Identifiant Google Analytics 4 invalide (format G-XXXXXXXXXX)")).toBeVisible();
  await container.fill("");
  await ga4.fill("");
  await page.getByRole("switch", { name: "Suivi activé" }).click();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Un identifiant de conteneur est requis pour activer le suivi")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("gtm-1280.png"), fullPage: true });

  await container.fill("gtm-e2e1234");
  await ga4.fill("G-E2E12345");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Succès")).toContainText("Paramètres GTM mis à jour");
  const [row] = await sql("select is_enabled, gtm_id, ga4_id from gtm_settings");
  expect(row).toEqual({ is_enabled: true, gtm_id: "GTM-E2E1234", ga4_id: "G-E2E12345" });

  // A visitor who consented gets the saved container (googletagmanager.com stubbed).
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: "consent", value: "analytics", url: new URL("/", page.url()).href }]);
  const loads: string[] = [];
  await visitor.route("https://www.googletagmanager.com/**", async (route) => {
    loads.push(route.request().url());
    await route.fulfill({ contentType: "application/javascript", body: "" });
  });
  const home = await visitor.newPage();
  // A whole public page in a second browser: slower than a header check on a loaded machine.
  await expect(async () => {
    await home.goto("/");
    await expect.poll(() => loads.some((url) => url.includes("id=GTM-E2E1234"))).toBe(true);
  }).toPass({ timeout: 30_000 });
  await visitor.close();

  // The SEO screen's card saves the same record and stays on the SEO screen.
  await page.goto("/admin/seo");
  await page.getByLabel("Identifiant Google Analytics 4").fill("G-SEOCARD1");
  await page.getByRole("button", { name: "Enregistrer" }).first().click();
  await expect(toast(page, "Succès")).toContainText("Paramètres GTM mis à jour");
  await expect(page).toHaveURL(/\/admin\/seo$/);
  const [after] = await sql<{ ga4_id: string }>("select ga4_id from gtm_settings");
  expect(after!.ga4_id).toBe("G-SEOCARD1");
});

test.describe("at 375 wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the sitemap rows, robots.txt and the tracking form fit the screen", async ({ page }) => {
    await openSeo(page);
    const about = page.getByRole("form", { name: "À propos" });
    await expect(about.getByLabel("Fréquence")).toBeVisible();
    await about.getByLabel("Priorité").fill("0.4");
    await expect(about.getByRole("button", { name: /Enregistrer/ })).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("seo-375.png"), fullPage: true });
    await page.getByRole("tab", { name: "Robots.txt" }).click();
    await expect(page.getByLabel("Contenu du fichier robots.txt")).toBeVisible();

    await page.goto("/admin/gtm");
    await expect(page.getByLabel("Identifiant du conteneur GTM")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("gtm-375.png"), fullPage: true });
  });
});
