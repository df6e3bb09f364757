import { expect, scriptsOnly, test } from "../support/e2e";

/**
 * Public pages without hydration (decision 022): no React in the browser, a few enhancement
 * modules allowed by the page's hashed CSP, speculation rules, and what the modules add that the
 * other public specs do not already drive (the gallery's full-screen view and swipe, a prerendered
 * page counted once, when shown).
 */
const CONTENT_PAGES = [
  "/",
  "/about",
  "/blog",
  "/projects",
  "/contact",
  "/sitemap",
  "/privacy-policy",
  "/nope",
];

test.describe("enhancement modules", () => {
  scriptsOnly("what the pages' scripts load and do");

  test("no public page loads React or its router; the modules run under the CSP", async ({ page }) => {
    const scripts: string[] = [];
    const violations: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    for (const path of CONTENT_PAGES) {
      await page.goto(path);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
      const rules = page.locator('script[type="speculationrules"]');
      expect(JSON.parse((await rules.textContent())!)).toMatchObject({
        prerender: [{ eagerness: "moderate" }],
      });
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /vendor|entry\.client|root-/.test(path))).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("the gallery: full screen, keys inside it, Escape back; a swipe moves on", async ({ page }) => {
    await page.goto("/projects");
    await page.locator("main article a[href^='/projects/']").first().click();
    const gallery = page.getByTestId("gallery");
    const counter = page.getByTestId("gallery-counter");
    await expect(counter).toHaveText(/^1 \/ \d+$/);
    const opener = gallery.getByRole("button", { name: "Agrandir l'image" });
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator("img")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(/^2 \/ \d+$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const stage = gallery.locator("[data-gallery-stage]");
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    await stage.dispatchEvent("pointerdown", { pointerType: "touch", clientX: box.x + 300, clientY: y });
    await stage.dispatchEvent("pointerup", { pointerType: "touch", clientX: box.x + 100, clientY: y });
    await expect(counter).toHaveText(/^3 \/ \d+$/);
  });

  test("a link pointed at is prerendered, and its page view counted once, when shown", async ({
    context,
    page,
  }) => {
    const prerenders: string[] = [];
    const beacons: string[] = [];
    context.on("request", (request) => {
      if (request.headers()["sec-purpose"]?.includes("prerender")) prerenders.push(request.url());
      if (request.url().endsWith("/api/beacon")) beacons.push(JSON.parse(request.postData()!).path);
    });
    await page.goto("/");
    const link = page.locator("footer").getByRole("link", { name: "À propos" });
    await link.hover();
    await expect.poll(() => prerenders.some((url) => url.endsWith("/about"))).toBe(true);
    // Prerendered, the page runs its modules but waits to be shown to count itself.
    await page.waitForTimeout(1_000);
    expect(beacons).toEqual(["/"]);
    await link.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => beacons).toEqual(["/", "/about"]);
    await page.waitForTimeout(1_000);
    expect(beacons).toEqual(["/", "/about"]);
  });
});
