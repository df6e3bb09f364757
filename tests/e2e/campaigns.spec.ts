import { e2e, expect as baseExpect, sql, test } from "../support/e2e";
import { signIn } from "./admin-support";

// Issue 38 §2–3: a campaign's visit, its quote request's 'Origine' in the inbox, and 'Demandes de
// devis' in 'Statistiques' with its CSV; with the page's scripts and without (the Referer then).

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const CAMPAIGN = "utm_source=flyer&utm_medium=print&utm_campaign=flyer-printemps";

test.beforeEach(async () => {
  await sql("delete from rate_limits");
});

test("a campaign's visit brings a request that says where it came from, counted in 'Demandes de devis'", async ({
  browser,
  javaScriptEnabled,
}) => {
  const visitor = await browser.newContext({ javaScriptEnabled });
  const tab = await visitor.newPage();
  // With scripts the tab keeps the visit's first page; without, the form's own address tells.
  const landing = javaScriptEnabled ? "/about" : "/contact";
  await tab.goto(`${landing}?${CAMPAIGN}`);
  if (javaScriptEnabled) {
    await tab.goto("/contact");
    await expect(tab).toHaveURL(/\/contact$/);
  }
  const email = `campagne-${Date.now()}@exemple.fr`;
  await tab.getByLabel("Nom complet").fill("Camille Flyer");
  await tab.getByLabel("Email").fill(email);
  await tab.getByLabel("Téléphone").fill("06 12 34 56 78");
  await tab.getByLabel("Objet").fill("Borne de recharge");
  await tab.getByLabel("Message").fill("Vu votre flyer : je voudrais une borne de recharge.");
  await tab.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(tab.getByText("Message envoyé avec succès!")).toBeVisible();
  await visitor.close();

  const [request] = await sql<{ id: string; landing_page: string; utm_campaign: string; form_page: string }>(
    "select id, landing_page, utm_campaign, form_page from contacts where email = $1",
    [email],
  );
  expect(request).toMatchObject({
    landing_page: landing,
    utm_campaign: "flyer-printemps",
    form_page: "/contact",
  });

  // The back office is a React application: its staff's browser runs its scripts in both projects.
  const staff = await browser.newContext({ javaScriptEnabled: true });
  const page = await staff.newPage();
  await signIn(page, e2e.admin);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/contacts?contact=${request!.id}`);
    const origin = page.getByTestId("contact-origin");
    await expect(origin).toContainText(`flyer → ${landing}`);
    await expect(origin).toContainText("Campagne flyer-printemps (print)");
    await expect(origin).toContainText("Formulaire envoyé depuis /contact");
    await page.screenshot({ path: `test-results/origin-${width}-${javaScriptEnabled ? "js" : "nojs"}.png` });
  }

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/analytics?range=7d");
    const section = page.getByTestId("conversions");
    await expect(section.getByRole("heading", { name: "Demandes de devis" })).toBeVisible();
    const campaigns = section.getByRole("table", { name: "Demandes par campagne" });
    await expect(campaigns.getByRole("row", { name: /flyer-printemps/ })).toBeVisible();
    await expect(section.getByRole("table", { name: "Demandes par page d'arrivée" })).toContainText(landing);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `test-results/conversions-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
  }

  const link = page.getByRole("link", { name: "Exporter en CSV" });
  await expect(link).toHaveAttribute("href", "/admin/analytics/conversions.csv?range=7d");
  const csv = await page.request.get("/admin/analytics/conversions.csv?range=7d");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe("\uFEFFType;Valeur;Visiteurs;Demandes;Taux de conversion (%)");
  expect(text).toMatch(/\r\nCampagne;flyer-printemps;\d*;[1-9]\d*;/);

  // Signed out, the file is not given.
  const anonymous = await browser.newContext();
  const refused = await anonymous.request.get(`${e2e.baseUrl}/admin/analytics/conversions.csv?range=7d`, {
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  await anonymous.close();
  await staff.close();
});
