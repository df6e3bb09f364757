import { signIn } from "./admin-support";
import { e2e, expect, test } from "../support/e2e";

// Configuration is for admins only (DESIGN.md, Back office): a `user` account gets a French 403 on
// every address of these screens, their data requests and their actions; the menu hides them.
const PAGES = [
  "/admin/settings",
  "/admin/email-templates",
  "/admin/email-templates/outbox",
  "/admin/seo",
  "/admin/gtm",
  "/admin/cors",
  "/admin/health",
];
const ACTIONS: [string, Record<string, string>][] = [
  ["/admin/settings", { intent: "save", "company.name": "Piraté", "company.email": "x@exemple.fr" }],
  ["/admin/settings", { intent: "cache-toggle", "features.enableCache": "" }],
  ["/admin/settings", { intent: "cache-clear" }],
  [
    "/admin/email-templates",
    { intent: "save", name: "contact_confirmation", subject: "x", htmlContent: "x", textContent: "x" },
  ],
  ["/admin/email-templates", { intent: "send-test", name: "contact_confirmation", to: "x@exemple.fr" }],
  ["/admin/email-templates/outbox", { intent: "resend", id: crypto.randomUUID() }],
  ["/admin/seo", { intent: "save-robots", content: "User-agent: *\nDisallow: /" }],
  [
    "/admin/seo",
    {
      intent: "save-sitemap-row",
      id: crypto.randomUUID(),
      pageType: "home",
      changeFrequency: "daily",
      priority: "1",
    },
  ],
  ["/admin/gtm", { intent: "save-tracking", isEnabled: "on", gtmId: "GTM-HACKED1" }],
  ["/admin/cors", { intent: "create", domain: "https://evil.example.com", type: "csp" }],
  ["/admin/health", { intent: "evaluate" }],
];

test("a user-role account gets 403 on every configuration address, data request and action", async ({
  page,
}) => {
  await signIn(page, e2e.user);
  const configuration = page
    .locator("#admin-sidebar")
    .getByRole("link", { name: /Paramètres du site|SEO|Templates/ });
  await expect(configuration).toHaveCount(0);

  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await expect(
      page.getByText("Vous n'avez pas les droits nécessaires pour accéder à cette page."),
    ).toBeVisible();
    expect((await page.request.get(`${path}.data`)).status(), `${path}.data`).toBe(403);
  }
  expect((await page.request.get("/admin/email-templates/mail-status")).status()).toBe(403);
  for (const [path, form] of ACTIONS) {
    const response = await page.request.post(`${path}.data`, { headers: { Origin: e2e.baseUrl }, form });
    expect(response.status(), `${form.intent} on ${path}`).toBe(403);
  }
});
