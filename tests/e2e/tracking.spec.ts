import type { BrowserContext, Page } from "@playwright/test";
import { expect, scriptsOnly, sql, test } from "../support/e2e";

/**
 * Consent (CNIL rules) and tracking: the tag manager loads only after consent, allowed by the CSP;
 * the anonymous page-view beacon works without any cookie.
 */
const GTM_ID = "GTM-E2ETEST";
// The banner applied in place, the tag manager, the beacon and the data layer are all scripts
// (the banner without them: "the banner works without JavaScript", in its own context).
scriptsOnly("consent in place, the tag manager, the beacon and the data layer are scripts");
const banner = (page: Page) => page.getByRole("region", { name: "Vos choix en matière de cookies" });

/** Stands in for googletagmanager.com: records each load; running it proves the CSP allowed it. */
async function stubTagManager(context: BrowserContext) {
  const loads: string[] = [];
  await context.route("https://www.googletagmanager.com/**", async (route) => {
    loads.push(route.request().url());
    await route.fulfill({ contentType: "application/javascript", body: "window.__gtmRan = true;" });
  });
  return loads;
}

test.describe("consent and the tag manager", () => {
  let saved: { is_enabled: boolean; gtm_id: string | null; ga4_id: string | null };
  test.beforeAll(async () => {
    [saved] = (await sql("select is_enabled, gtm_id, ga4_id from gtm_settings")) as (typeof saved)[];
    await sql("update gtm_settings set is_enabled = true, gtm_id = $1, ga4_id = 'G-E2ETEST1'", [GTM_ID]);
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  test.afterAll(async () => {
    await sql("update gtm_settings set is_enabled = $1, gtm_id = $2, ga4_id = $3", [
      saved.is_enabled,
      saved.gtm_id,
      saved.ga4_id,
    ]);
  });

  test("nothing loads before a choice; 'Accepter' loads it and keeps the choice 6 months", async ({
    context,
    page,
  }) => {
    const loads = await stubTagManager(context);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    const refuse = banner(page).getByRole("button", { name: "Refuser" });
    const accept = banner(page).getByRole("button", { name: "Accepter" });
    // Refusing is exactly as easy and visible as accepting.
    expect(await refuse.getAttribute("class")).toBe(await accept.getAttribute("class"));
    const [refuseBox, acceptBox] = [await refuse.boundingBox(), await accept.boundingBox()];
    expect(Math.round(refuseBox!.width)).toBe(Math.round(acceptBox!.width));
    expect(Math.round(refuseBox!.height)).toBe(Math.round(acceptBox!.height));
    await page.waitForLoadState("networkidle");
    expect(loads).toEqual([]);
    expect(await page.locator("#gtm-script").count()).toBe(0);

    await accept.click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as { __gtmRan?: boolean }).__gtmRan)).toBe(true);
    expect(loads[0]).toContain(`id=${GTM_ID}`);

    const consent = (await context.cookies()).find((cookie) => cookie.name === "consent")!;
    expect(consent.value).toBe("analytics.marketing");
    const days = (consent.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(187);
    expect(consent.httpOnly).toBe(false);

    // The next visit: no banner (rendered by the server from the cookie), tag manager at once.
    await page.goto("/blog");
    await expect(page.locator("#consent-title")).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as { __gtmRan?: boolean }).__gtmRan)).toBe(true);
  });

  test("'Refuser' loads nothing, now or later", async ({ context, page }) => {
    const loads = await stubTagManager(context);
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Refuser" }).click();
    await expect(banner(page)).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === "consent")?.value).toBe("none");
    await page.goto("/projects");
    await page.waitForLoadState("networkidle");
    await expect(page.locator("#consent-title")).toBeHidden();
    expect(loads).toEqual([]);
    expect(await page.locator("#gtm-script").count()).toBe(0);
  });

  test("the choice can be changed from the footer; withdrawing unloads the tag manager", async ({
    context,
    page,
  }) => {
    const loads = await stubTagManager(context);
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accepter" }).click();
    await expect.poll(() => loads.length).toBe(1);

    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(banner(page)).toBeVisible();
    await banner(page).getByText("Personnaliser").click();
    await expect(banner(page).getByRole("checkbox", { name: /Mesure d'audience/ })).toBeChecked();
    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Refuser" }).click();
    // The page reloads without the tag manager.
    await reloaded;
    await expect(page.locator("#gtm-script")).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === "consent")?.value).toBe("none");
  });

  test("'Personnaliser' can grant one purpose only", async ({ context, page }) => {
    const loads = await stubTagManager(context);
    await page.goto("/");
    await banner(page).getByText("Personnaliser").click();
    const analytics = banner(page).getByRole("checkbox", { name: /Mesure d'audience/ });
    await expect(analytics).not.toBeChecked();
    await analytics.check();
    await banner(page).getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => loads.length).toBe(1);
    const grants = await page.evaluate(() =>
      (window.dataLayer as unknown[] as IArguments[])
        .filter((entry) => entry && typeof entry === "object" && entry[0] === "consent")
        .map((entry) => entry[2]),
    );
    expect(grants[0]).toMatchObject({ analytics_storage: "granted", ad_storage: "denied" });
  });

  test("the banner works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Refuser" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("#consent-title")).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === "consent")?.value).toBe("none");
    await context.close();
  });
});

test.describe("anonymous page views", () => {
  test("each navigation records a page view, without any cookie set", async ({ browser }) => {
    // Headless Chromium says so in its user agent, and robots are not counted: look like a phone.
    const context = await browser.newContext({
      viewport: { width: 375, height: 800 },
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36",
    });
    const page = await context.newPage();
    const [before] = await sql<{ count: string }>("select count(*) from page_views where path = '/projects'");
    const beacon = page.waitForRequest((request) => request.url().endsWith("/api/beacon"));
    const beaconResponse = page.waitForResponse((response) => response.url().endsWith("/api/beacon"));
    await page.goto("/projects");
    const request = await beacon;
    expect(JSON.parse(request.postData() ?? "{}")).toMatchObject({ path: "/projects", width: 375 });
    expect(request.headers()["cookie"]).toBeUndefined();
    const response = await beaconResponse;
    expect(response.status()).toBe(204);
    expect(await response.headerValue("set-cookie")).toBeNull();

    await expect
      .poll(
        async () =>
          (await sql<{ count: string }>("select count(*) from page_views where path = '/projects'"))[0]!
            .count,
      )
      .toBe(String(Number(before!.count) + 1));
    const [row] = await sql<{ device_type: string; referrer: string | null }>(
      "select device_type, referrer from page_views where path = '/projects' order by id desc limit 1",
    );
    expect(row).toEqual({ device_type: "mobile", referrer: null });
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});

test.describe("without a tag manager", () => {
  test("no banner is shown (no cookie needs consent), yet the footer can still open it", async ({ page }) => {
    const [row] = await sql<{ on: boolean }>(
      "select is_enabled and gtm_id is not null as on from gtm_settings",
    );
    expect(row!.on).toBe(false);
    await page.goto("/");
    await expect(page.locator("#consent-title")).toBeHidden();
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(banner(page)).toBeVisible();
  });

  test("'Gérer les cookies' pressed before the scripts ran opens the banner once they have", async ({
    context,
  }) => {
    // Hold the page's scripts: the button is then a plain form, as on a slow phone. (A page of its
    // own: the \`page\` fixture's goto waits for the scripts.)
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    const reloaded = page.waitForURL("/about#cookies", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await reloaded;
    await expect(page.locator("#consent-title")).toBeHidden();
    release();
    await expect(page.getByRole("heading", { name: "Vos choix en matière de cookies" })).toBeFocused();
    // The address loses its marker, so reloading the page does not open the banner again.
    await expect(page).toHaveURL(/\/about$/);
  });
  test("the data layer receives page views, home events, scroll depth and section views", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .filter(
            (entry): entry is { event: string } => !!entry && typeof entry === "object" && "event" in entry,
          )
          .map((entry) => JSON.stringify(entry)),
      );
    await expect.poll(async () => (await events()).join("\n")).toContain('"event":"homepage_loaded"');
    expect((await events()).join("\n")).toContain('"event":"page_view","page_path":"/"');
    await expect.poll(async () => (await events()).join("\n")).toContain('"section_id":"hero"');

    for (const fraction of [0.3, 0.55, 0.8, 1]) {
      await page.evaluate(
        (f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f),
        fraction,
      );
      await page.waitForTimeout(150);
    }
    const depths = (await events())
      .map((entry) => JSON.parse(entry) as { event: string; scroll_percentage?: number })
      .filter((entry) => entry.event === "scroll_depth")
      .map((entry) => entry.scroll_percentage);
    expect(depths).toEqual([25, 50, 75, 90]);
    expect((await events()).join("\n")).toContain('"section_id":"contact"');

    // The time spent is reported when the page is hidden (left, or its tab put in the background).
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect((await events()).join("\n")).toContain('"event":"user_engagement"');
    await page.getByRole("link", { name: "À propos" }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(async () => (await events()).join("\n")).toContain('"page_path":"/about"');
  });
});

test("the contact form reports a lead (form_submission, lead_generated, generate_lead) on success", async ({
  page,
}) => {
  const events = () =>
    page.evaluate(() =>
      (window.dataLayer ?? []).flatMap((entry) =>
        entry && typeof entry === "object" && "event" in entry ? [(entry as { event: string }).event] : [],
      ),
    );
  await page.goto("/contact");
  await page.getByLabel("Nom complet").fill("Marie Tracking");
  await page.getByLabel("Email").fill("marie.tracking@example.fr");
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("Objet").fill("Devis tableau");
  await page.getByLabel("Message").fill("Bonjour, je souhaite un devis pour mon tableau.");
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(page.getByText("Message envoyé avec succès!")).toBeVisible();
  expect(await events()).toEqual(
    expect.arrayContaining(["form_submission", "lead_generated", "generate_lead"]),
  );
  expect(await events()).not.toContain("form_error");
});

test("interest in a service is reported: a hero service, and the form's service choice", async ({ page }) => {
  const interests = () =>
    page.evaluate(() =>
      (window.dataLayer ?? []).flatMap((entry) =>
        entry && typeof entry === "object" && (entry as { event?: string }).event === "service_interest"
          ? [(entry as { service_type: string }).service_type]
          : [],
      ),
    );
  // The listener comes with the lazily loaded engagement module, the select's with hydration:
  // wait for the scripts to be done loading, as a visitor's first click usually does.
  await page.goto("/", { waitUntil: "networkidle" });
  await page.locator('#hero [data-service-interest="depannage"]').click();
  await expect.poll(interests).toEqual(["depannage"]);

  await page.goto("/contact", { waitUntil: "networkidle" });
  await page.getByLabel("Type de prestation").selectOption("renovation");
  await expect.poll(interests).toEqual(["renovation"]);
});
