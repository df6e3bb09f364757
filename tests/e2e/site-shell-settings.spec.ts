import { expect, gotoUntil, test } from "../support/e2e";
import { jsonLdBlocks, readSettings, updateSettings, type SettingsRow } from "./site-shell-support";

// Feature switches and settings as the frame shows them; every test restores what it changed.
test.use({ viewport: { width: 1280, height: 800 } });

let saved: SettingsRow;
test.beforeAll(async () => {
  saved = await readSettings();
});
test.afterEach(async () => {
  await updateSettings(saved);
});
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "consent", value: "none", url: baseURL! }]);
});

test("enable_blog off hides the news menu, footer link, home section and sitemap section", async ({
  page,
}) => {
  await updateSettings({ enable_blog: false });
  await gotoUntil(page, "/", async () => {
    await expect(page.locator("section#blog")).toHaveCount(0);
  });
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.getByRole("button", { name: "Actualités" })).toHaveCount(0);
  await expect(nav.getByRole("button", { name: "Projets" })).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: "Actualités" })).toHaveCount(0);
  await page.goto("/sitemap");
  await expect(page.getByRole("heading", { name: "Blog", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Blog & Actualités" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Projets", exact: true })).toBeVisible();
});

test("enable_projects off hides the projects menu, home section and sitemap section", async ({ page }) => {
  await updateSettings({ enable_projects: false });
  await gotoUntil(page, "/", async () => {
    await expect(page.locator("section#projects")).toHaveCount(0);
  });
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByRole("button", { name: "Projets" }),
  ).toHaveCount(0);
  await expect(page.locator("footer").getByRole("link", { name: "Projets" })).toHaveCount(0);
  await page.goto("/sitemap");
  await expect(page.getByRole("heading", { name: "Projets", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Blog", exact: true })).toBeVisible();
});

test("enable_expertise and enable_contact_form off hide the expertise grid and the form", async ({
  page,
}) => {
  await updateSettings({ enable_expertise: false, enable_contact_form: false });
  await gotoUntil(page, "/", async () => {
    await expect(page.locator("section#expertise")).toHaveCount(0);
    await expect(page.locator("#contact form")).toHaveCount(0);
  });
  await expect(
    page.locator("#contact").getByRole("heading", { name: "Informations de contact" }),
  ).toBeVisible();
});

test("social links appear only when configured", async ({ page }) => {
  await updateSettings({ facebook_url: null, instagram_url: null, linkedin_url: null });
  await gotoUntil(page, "/about", async () => {
    await expect(page.locator("footer").getByRole("list", { name: "Réseaux sociaux" })).toHaveCount(0);
  });
  await updateSettings({
    facebook_url: "https://www.facebook.com/betic.test",
    linkedin_url: "https://www.linkedin.com/company/betic-test",
  });
  await gotoUntil(page, "/about", async () => {
    const socials = page.locator("footer").getByRole("list", { name: "Réseaux sociaux" });
    await expect(socials.getByRole("link")).toHaveCount(2);
  });
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute(
    "href",
    "https://www.facebook.com/betic.test",
  );
  await expect(footer.getByRole("link", { name: "LinkedIn" })).toHaveAttribute(
    "href",
    "https://www.linkedin.com/company/betic-test",
  );
  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveCount(0);
});

test("missing settings fall back to the defaults and hide empty contact lines", async ({ page, request }) => {
  await updateSettings({
    company_name: null,
    company_description: null,
    company_phone: null,
    company_email: null,
    company_address: null,
    company_city: null,
    company_zip_code: null,
  });
  await gotoUntil(page, "/terms-of-use", async () => {
    await expect(page.locator("footer")).toContainText(
      "Votre partenaire de confiance pour tous vos besoins en électricité à Limoges et ses environs.",
    );
  });
  const footer = page.locator("footer");
  await expect(footer).toContainText(
    `© ${new Date().getFullYear()} BETIC Électricité. Tous droits réservés.`,
  );
  await expect(footer.locator('a[href^="tel:"], a[href^="mailto:"], address')).toHaveCount(0);
  const contact = page.locator("section", { has: page.getByRole("heading", { name: "Nous contacter" }) });
  await expect(contact.getByRole("listitem")).toHaveCount(1);
  await expect(contact.getByRole("listitem")).toHaveText("BETIC Électricité");

  const html = await (await request.get("/")).text();
  const business = jsonLdBlocks(html).find((block) => block.data["@type"] === "Electrician")!.data;
  expect(business.name).toBe("BETIC Électricité");
  expect(business).not.toHaveProperty("telephone");
  expect(business).not.toHaveProperty("address");
});

test("a hostile company name cannot break out of the JSON-LD script", async ({ page, request }) => {
  const hostile = `Test </script><script>window.__pwned = 1</script> & "co"`;
  await updateSettings({ company_name: hostile });
  await expect(async () => {
    const html = await (await request.get("/about")).text();
    const business = jsonLdBlocks(html).find((block) => block.data["@type"] === "Electrician");
    expect(business?.data.name).toBe(hostile);
    expect(html).not.toContain("<script>window.__pwned");
  }).toPass({ timeout: 10_000 });
  await page.goto("/about");
  await expect(page.locator("footer")).toContainText(hostile);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
