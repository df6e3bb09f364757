import type { APIRequestContext, Page } from "@playwright/test";
import { e2e, expect, sql, test } from "../support/e2e";
import { signIn, toast } from "./admin-support";
import { snapshotTables, until } from "./configuration-support";

// /admin/cors: the domain list is what the public pages' Content-Security-Policy and CORS headers say.
let restore: () => Promise<void>;
test.beforeAll(async () => {
  restore = await snapshotTables(["cors_domains", "csp_config"]);
});
test.afterEach(async () => {
  await restore();
});

async function openCors(page: Page) {
  await signIn(page, e2e.admin);
  await page.goto("/admin/cors");
  await expect(page.getByRole("heading", { name: "CORS & CSP", level: 1 })).toBeVisible();
}

const publicCsp = async (request: APIRequestContext) =>
  (await request.get("/")).headers()["content-security-policy"] ?? "";
const directive = (csp: string, name: string) =>
  csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a CSP domain added reaches the header of /, a *.com is refused, an essential one is locked", async ({
    page,
    request,
  }) => {
    test.slow(); // add, check, regenerate, delete, and the server's own refusals
    await openCors(page);
    const essential = page.getByRole("row").filter({ hasText: "https://www.googletagmanager.com" });
    await expect(essential).toContainText("Essentiel");
    await expect(essential.getByRole("button", { name: /Supprimer/ })).toHaveCount(0);
    await essential.getByRole("button", { name: /Détails/ }).click();
    await expect(page.getByRole("dialog", { name: "Détails du domaine" })).toContainText(
      "il ne peut être ni modifié ni supprimé",
    );
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Ajouter un domaine" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter un domaine" });
    await dialog.getByLabel("Domaine").fill("*.com");
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(dialog.getByText("Un joker doit porter sur un domaine précis")).toBeVisible();
    await dialog.getByLabel("Domaine").fill("http://cdn.exemple-e2e.fr");
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(dialog.getByText("Seules les adresses https sont acceptées (pas http://).")).toBeVisible();

    await dialog.getByLabel("Domaine").fill("cdn.exemple-e2e.fr");
    await dialog.getByLabel("Type").selectOption({ label: "CSP" });
    await dialog.getByLabel("Images").check();
    await dialog.getByLabel("Appels (mesures, API)").uncheck();
    await dialog.getByLabel("Description").fill("Images du partenaire (e2e)");
    await page.screenshot({ path: test.info().outputPath("cors-dialog-1280.png") });
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast(page, "Domaine ajouté")).toContainText("https://cdn.exemple-e2e.fr");
    const row = page.getByRole("row").filter({ hasText: "https://cdn.exemple-e2e.fr" });
    await expect(row).toContainText("CSP");
    await page.screenshot({ path: test.info().outputPath("cors-1280.png"), fullPage: true });

    await until(async () => {
      const csp = await publicCsp(request);
      expect(directive(csp, "img-src")).toContain("https://cdn.exemple-e2e.fr");
      expect(directive(csp, "connect-src")).not.toContain("https://cdn.exemple-e2e.fr");
    });

    // The header shown is the header / sends (its nonce aside).
    await page.getByRole("tab", { name: "En-tête CSP" }).click();
    const shown = (await page.getByLabel("En-tête CSP en vigueur").textContent()) ?? "";
    // The page's own scripts: a nonce per response, or their hashes on a cached page.
    const withoutScriptTrust = (csp: string) => csp.replace(/'(nonce|sha256|sha384|sha512)-[^']+' ?/g, "");
    expect(withoutScriptTrust(await publicCsp(request))).toBe(withoutScriptTrust(shown));
    expect(shown).toContain("'nonce-{nonce}'");
    await page.getByRole("button", { name: "Régénérer l'en-tête CSP" }).click();
    await expect(toast(page, "En-tête CSP régénéré")).toBeVisible();
    const [stored] = await sql<{ csp_header: string }>("select csp_header from csp_config");
    expect(stored!.csp_header).toBe(shown);

    // Deleted after confirmation: the next response no longer names it.
    await page.getByRole("tab", { name: "Domaines" }).click();
    await row.getByRole("button", { name: /Supprimer/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(toast(page, "Domaine supprimé")).toBeVisible();
    await until(async () => expect(await publicCsp(request)).not.toContain("cdn.exemple-e2e.fr"));

    // The server refuses what the dialog refuses, and an essential domain's deletion.
    const [gtm] = await sql<{ id: string }>(
      "select id from cors_domains where domain = 'https://www.googletagmanager.com'",
    );
    const origin = new URL(page.url()).origin;
    await page.request.post("/admin/cors", {
      headers: { Origin: origin },
      form: { intent: "delete", id: gtm!.id },
    });
    expect(await sql("select 1 from cors_domains where id = $1", [gtm!.id])).toHaveLength(1);
    const refused = await page.request.post("/admin/cors.data", {
      headers: { Origin: origin },
      form: { intent: "create", domain: "*", type: "both" },
    });
    expect(refused.status()).toBe(400);
    expect(await sql("select 1 from cors_domains where domain like '%*'")).toHaveLength(0);
  });

  test("a CORS domain lets that origin read the public pages; others are not let in", async ({
    page,
    request,
  }) => {
    test.slow(); // the admin screen, then requests from three origins
    await openCors(page);
    await page.getByRole("button", { name: "Ajouter un domaine" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter un domaine" });
    await dialog.getByLabel("Domaine").fill("*.partenaire-e2e.fr");
    await dialog.getByLabel("Type").selectOption({ label: "CORS" });
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast(page, "Domaine ajouté")).toBeVisible();

    await until(async () => {
      const allowed = await request.get("/sitemap.xml", {
        headers: { Origin: "https://www.partenaire-e2e.fr" },
      });
      expect(allowed.headers()["access-control-allow-origin"]).toBe("https://www.partenaire-e2e.fr");
    });
    const other = await request.get("/sitemap.xml", { headers: { Origin: "https://autre-e2e.fr" } });
    expect(other.headers()["access-control-allow-origin"]).toBeUndefined();
    const plain = await request.get("/sitemap.xml", { headers: { Origin: "http://www.partenaire-e2e.fr" } });
    expect(plain.headers()["access-control-allow-origin"]).toBeUndefined();
    // A cors-only domain is not a CSP source.
    expect(await publicCsp(request)).not.toContain("partenaire-e2e.fr");
  });
});

test.describe("at 375 wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the domains show as cards and the header wraps", async ({ page }) => {
    await openCors(page);
    await expect(
      page.getByText("https://www.googletagmanager.com", { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("cors-375.png"), fullPage: true });
    await page.getByRole("tab", { name: "En-tête CSP" }).click();
    await expect(page.getByLabel("En-tête CSP en vigueur")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
