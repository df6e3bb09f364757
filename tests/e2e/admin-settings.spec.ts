import type { Page } from "@playwright/test";
import { e2e, expect, sql, test } from "../support/e2e";
import { signIn, toast } from "./admin-support";
import { snapshotTables, until } from "./configuration-support";

// /admin/settings: each tab saves and the public site follows; secrets never reach a browser.
let restore: () => Promise<void>;
test.beforeAll(async () => {
  restore = await snapshotTables(["site_settings"]);
});
test.afterEach(async () => {
  await restore();
});

async function openSettings(page: Page, tab?: string) {
  await signIn(page, e2e.admin);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Configuration du site", level: 1 })).toBeVisible();
  if (tab) await page.getByRole("tab", { name: tab }).click();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(toast(page, "Paramètres enregistrés")).toContainText(
    "Les paramètres du site ont été mis à jour avec succès",
  );
}

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("Entreprise: the footer phone and the company name in titles change at once", async ({
    page,
    browser,
  }) => {
    await openSettings(page);
    await page.getByLabel("Téléphone").fill("05 55 99 88 77");
    await page.getByLabel("Nom de l'entreprise").fill("Électricité Test & Fils");
    await save(page);
    await expect(page.getByLabel("Nom de l'entreprise")).toHaveValue("Électricité Test & Fils");

    const visitor = await browser.newPage();
    await until(async () => {
      await visitor.goto("/about");
      await expect(visitor.locator("footer")).toContainText("05 55 99 88 77");
    });
    await expect(visitor).toHaveTitle("À propos | Électricité Test & Fils");
    await visitor.close();
  });

  test("Fonctionnalités: a section switched off disappears and its address answers 404", async ({
    page,
    request,
  }) => {
    await openSettings(page, "Fonctionnalités");
    const projects = page.getByRole("switch", { name: "Projets" });
    await expect(projects).toBeChecked();
    await projects.click();
    await save(page);
    await page.getByRole("tab", { name: "Fonctionnalités" }).click();
    await expect(page.getByRole("switch", { name: "Projets" })).not.toBeChecked();

    await until(async () => {
      expect((await request.get("/projects")).status()).toBe(404);
    });
    const home = await (await request.get("/")).text();
    expect(home).not.toContain('id="projects"');
    const [row] = await sql<{ enable_projects: boolean }>("select enable_projects from site_settings");
    expect(row!.enable_projects).toBe(false);
  });

  test("Réseaux Sociaux: https links only; a saved one shows in the footer", async ({ page, request }) => {
    await openSettings(page, "Réseaux Sociaux");
    const facebook = page.getByLabel("Facebook");
    await facebook.fill("http://www.facebook.com/betic");
    // The kit's forms check on submit first (formTiming), then as the person types.
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("URL Facebook invalide")).toBeVisible();
    await facebook.fill("https://www.facebook.com/betic-test-e2e");
    await expect(page.getByText("URL Facebook invalide")).toHaveCount(0);
    await save(page);
    await until(async () => {
      expect(await (await request.get("/contact")).text()).toContain(
        "https://www.facebook.com/betic-test-e2e",
      );
    });
  });

  test("SEO, Email and Clés API tabs save; the warnings go once both reCAPTCHA keys are set", async ({
    page,
  }) => {
    await sql("update site_settings set recaptcha_site_key = null, recaptcha_secret_key = null");
    await openSettings(page, "SEO");
    await page.getByLabel("Titre du site").fill("Électricien à Limoges – test");
    await page.getByLabel("Identifiant Google Analytics").fill("G-TEST12345");
    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByLabel("Nom d'expéditeur").fill("BETIC Test");
    await page.getByLabel("Port SMTP").fill("587");
    await page.getByRole("tab", { name: "Clés API" }).click();
    const warning = page.getByText(
      "Les formulaires avec reCAPTCHA ne fonctionneront pas correctement sans clés valides.",
    );
    await expect(warning).toBeVisible();
    await page.getByLabel("Clé de site reCAPTCHA").fill("site-key-e2e");
    await page.getByLabel("Clé secrète reCAPTCHA").fill("secret-key-e2e");
    await save(page);

    await expect(warning).toHaveCount(0);
    const [row] = await sql<Record<string, unknown>>(
      "select site_title, google_analytics_id, mailjet_from_name, smtp_port, recaptcha_site_key from site_settings",
    );
    expect(row).toEqual({
      site_title: "Électricien à Limoges – test",
      google_analytics_id: "G-TEST12345",
      mailjet_from_name: "BETIC Test",
      smtp_port: 587,
      recaptcha_site_key: "site-key-e2e",
    });
  });

  test("bad input is refused with the spec's messages and keeps what was typed", async ({ page }) => {
    test.slow(); // two tabs, three refusals and a check of what stayed in the database
    await openSettings(page);
    await page.getByLabel("Ville").fill("Panazol");
    await page.getByLabel("Nom de l'entreprise").fill("");
    await page.getByLabel("Email de l'entreprise").fill("pas-un-email");
    await page.getByRole("tab", { name: "Email" }).click();
    await page.getByLabel("Port SMTP").fill("70000");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();

    // The first error's tab comes forward, the cursor on its field.
    await expect(page.getByRole("tab", { name: "Entreprise" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Nom de l'entreprise")).toBeFocused();
    await expect(page.getByText("Le nom de l'entreprise est requis")).toBeVisible();
    await expect(page.getByText("Email invalide")).toBeVisible();
    await expect(page.getByLabel("Ville")).toHaveValue("Panazol");
    await page.getByRole("tab", { name: "Email" }).click();
    await expect(page.getByText("Port SMTP invalide (un nombre entre 1 et 65535)")).toBeVisible();
    const [row] = await sql<{ company_city: string }>("select company_city from site_settings");
    expect(row!.company_city).toBe("Limoges");
  });
});

const SECRETS = {
  "Clé API Mailjet": "MARKER-mailjet-api-e2e-51c7",
  "Clé secrète Mailjet": "MARKER-mailjet-secret-e2e-82d0",
  "Mot de passe SMTP": "MARKER-smtp-password-e2e-3fa9",
  "Clé secrète reCAPTCHA": "MARKER-recaptcha-secret-e2e-6b14",
  "Clé API de l'éditeur de texte": "MARKER-editor-key-e2e-90ce",
};
const MARKERS = Object.values(SECRETS);
const expectNoSecret = (body: string, where: string) => {
  for (const marker of MARKERS) expect(body.includes(marker), `${marker} in ${where}`).toBe(false);
};

test.describe("secrets", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("are write-only: 'défini' shows, the value is in no page, data answer or script", async ({ page }) => {
    await openSettings(page, "Email");
    for (const [label, value] of Object.entries(SECRETS)) {
      if (label.includes("reCAPTCHA") || label.includes("éditeur")) continue;
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole("tab", { name: "Clés API" }).click();
    await page.getByLabel("Clé secrète reCAPTCHA").fill(SECRETS["Clé secrète reCAPTCHA"]);
    await page.getByLabel("Clé API de l'éditeur de texte").fill(SECRETS["Clé API de l'éditeur de texte"]);

    const bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      // The back office's event stream never ends (and carries no data): its body is not read.
      if (response.headers()["content-type"]?.startsWith("text/event-stream")) return;
      bodies.push(
        response
          .text()
          .then((body) => expectNoSecret(body, response.url()))
          .catch(() => undefined),
      );
    });
    await save(page);
    await page.reload();
    await page.getByRole("tab", { name: "Email" }).click();
    const stored = await sql<Record<string, string>>(
      "select mailjet_api_key, mailjet_secret_key, smtp_password, recaptcha_secret_key, tinymce_api_key from site_settings",
    );
    expect(Object.values(stored[0]!).every((value) => value !== null)).toBe(true);
    for (const label of ["Clé API Mailjet", "Clé secrète Mailjet", "Mot de passe SMTP"]) {
      const badge = page.locator("label", { hasText: label }).getByText("défini", { exact: true });
      await expect(badge).toBeVisible();
      await expect(page.getByLabel(label)).toHaveValue("");
    }
    await Promise.all(bodies);
    expect(bodies.length).toBeGreaterThan(5);

    for (const path of [
      "/admin/settings",
      "/admin/settings?tab=apiKeys",
      "/admin/settings.data",
      "/admin.data",
    ]) {
      expectNoSecret(await (await page.request.get(path)).text(), path);
    }
    // A refused save (server-side: the browser's checks are skipped) does not echo a typed secret.
    const refused = await page.request.post("/admin/settings.data", {
      headers: { Origin: e2e.baseUrl },
      form: {
        intent: "save",
        "company.name": "",
        "company.email": "x",
        "email.smtpPassword": "MARKER-smtp-password-e2e-3fa9",
        "features.contactRetentionMonths": "12",
      },
    });
    expect(refused.status()).toBe(400);
    expectNoSecret(await refused.text(), "a refused save");
  });

  test("an empty field keeps the stored secret; 'Effacer' empties it", async ({ page }) => {
    await sql(
      "update site_settings set smtp_password = 'MARKER-smtp-password-e2e-3fa9', mailjet_api_key = 'MARKER-mailjet-api-e2e-51c7'",
    );
    await openSettings(page, "Email");
    await page.getByLabel("Effacer la valeur enregistrée").first().check();
    await save(page);
    const [row] = await sql<{ smtp_password: string | null; mailjet_api_key: string | null }>(
      "select smtp_password, mailjet_api_key from site_settings",
    );
    expect(row).toEqual({ smtp_password: "MARKER-smtp-password-e2e-3fa9", mailjet_api_key: null });
  });
});

test.describe("page cache", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the switch turns the server's page cache off and on; 'Vider le cache' empties it", async ({
    page,
    request,
  }) => {
    const cacheOf = async () => (await request.get("/about")).headers()["x-page-cache"];
    await request.get("/about");
    await until(async () => expect(await cacheOf()).toBe("HIT"));

    await openSettings(page, "Fonctionnalités");
    await page.getByRole("switch", { name: "Cache activé" }).click();
    await expect(toast(page, "Cache désactivé")).toContainText("Le cache a été désactivé avec succès");
    await expect(page.getByRole("switch", { name: "Cache désactivé" })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Vider le cache" })).toBeDisabled();
    await until(async () => expect(await cacheOf()).toBeUndefined());
    expect(await cacheOf()).toBeUndefined();

    await page.getByRole("switch", { name: "Cache désactivé" }).click();
    await expect(toast(page, "Cache activé")).toContainText("Le cache a été activé avec succès");
    await request.get("/about");
    await until(async () => expect(await cacheOf()).toBe("HIT"));

    await page.getByRole("button", { name: "Vider le cache" }).click();
    await expect(toast(page, "Cache vidé")).toBeVisible();
    expect(await cacheOf()).toBe("MISS");
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the sections are an accordion; a switch in a closed one saves", async ({ page, request }) => {
    await openSettings(page);
    await expect(page.getByRole("tab", { name: "Entreprise" })).toBeHidden();
    await expect(page.getByLabel("Nom de l'entreprise")).toBeVisible();
    const features = page.getByRole("button", { name: "Fonctionnalités" });
    await expect(features).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("switch", { name: "Blog" })).toBeHidden();
    await features.click();
    await expect(features).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("switch", { name: "Blog" }).click();
    await page.screenshot({ path: test.info().outputPath("settings-375.png"), fullPage: true });
    await save(page);
    await until(async () => expect((await request.get("/blog")).status()).toBe(404));
  });

  test("a refused save opens the closed section of the first error", async ({ page }) => {
    test.slow(); // the settings page is the heaviest of the back office
    await openSettings(page);
    const section = page.getByRole("button", { name: "Email", exact: true });
    await section.click();
    await page.getByLabel("Port SMTP").fill("70000");
    await section.click();
    await expect(page.getByLabel("Port SMTP")).toBeHidden();
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(section).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByLabel("Port SMTP")).toBeFocused();
    await expect(page.getByText("Port SMTP invalide (un nombre entre 1 et 65535)")).toBeVisible();
  });
});
