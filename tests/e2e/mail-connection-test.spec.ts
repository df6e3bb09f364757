import { createServer, type Server } from "node:http";
import { e2e, expect, sql, test } from "../support/e2e";
import { snapshotTables } from "./configuration-support";
// The admin signs in here: the base test, without the staff session of admin-support's.
import { signIn, toast } from "./admin-support";

// 'Tester la connexion' on the settings screen checks the keys as typed, against the provider
// (here the Mailjet stand-in), and saves nothing: a doubtful key is tried before anyone keeps it.

const GOOD = `Basic ${Buffer.from("cle-api-e2e:cle-secrete-e2e").toString("base64")}`;
let restore: () => Promise<void>;
let mailjet: Server | undefined;
const asked: string[] = [];

test.beforeAll(async () => {
  restore = await snapshotTables(["site_settings"]);
  mailjet = createServer((req, res) => {
    asked.push(req.headers.authorization ?? "");
    const ok = req.url === "/mailjet/v3/REST/user" && req.headers.authorization === GOOD;
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(
      JSON.stringify(ok ? { Count: 1, Data: [{}] } : { ErrorMessage: "API key authentication failure" }),
    );
  });
  await new Promise<void>((resolve) => mailjet!.listen(e2e.stubPort, "127.0.0.1", resolve));
  await sql("update site_settings set mailjet_api_key = null, mailjet_secret_key = null, smtp_server = null");
});
test.beforeEach(async () => {
  await sql("delete from rate_limits");
});
test.afterAll(async () => {
  await new Promise((resolve) => mailjet?.close(resolve));
  await restore();
});

const savedKeys = async () =>
  (
    await sql<{ api: string | null; secret: string | null; updated_at: Date }>(
      "select mailjet_api_key as api, mailjet_secret_key as secret, updated_at from site_settings",
    )
  )[0]!;

for (const width of [1280, 375]) {
  test(`unsaved wrong keys show the provider's refusal, right ones pass, and nothing is saved (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const before = await savedKeys();
    await signIn(page, e2e.admin);
    await page.goto("/admin/settings?tab=email");
    await page.getByLabel("Clé API Mailjet").fill("cle-api-e2e");
    await page.getByLabel("Clé secrète Mailjet").fill("mauvaise-cle");
    await page.getByRole("button", { name: "Tester la connexion" }).click();
    const outcome = page.getByTestId("mail-connection-test");
    await expect(outcome).toHaveText("Clés Mailjet refusées : vérifiez la clé API et la clé secrète.");
    await expect(toast(page, "Échec du test")).toBeVisible();
    expect(asked.at(-1)).toBe(`Basic ${Buffer.from("cle-api-e2e:mauvaise-cle").toString("base64")}`);
    await page.screenshot({ path: `test-results/mail-connection-test-${width}.png`, fullPage: true });

    await page.getByLabel("Clé secrète Mailjet").fill("cle-secrete-e2e");
    await page.getByRole("button", { name: "Tester la connexion" }).click();
    await expect(outcome).toHaveText("Connexion établie avec succès!");
    await expect(toast(page, "Connexion réussie")).toBeVisible();

    // Tried, never kept: the row is as it was, and the typed keys are still in the form.
    expect(await savedKeys()).toEqual(before);
    await expect(page.getByLabel("Clé secrète Mailjet")).toHaveValue("cle-secrete-e2e");
  });
}
