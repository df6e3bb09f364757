import { readFile, stat } from "node:fs/promises";
import { e2e, expect, sql, test } from "../support/e2e";
import { screenshot, signIn, toast } from "./admin-support";
import { snapshotTables } from "./configuration-support";

// /admin/backups ('Sauvegardes', admin): a backup made from the screen, its progress and its
// archive; the schedule; the dashboard's warning when none succeeded for 48 hours.
let restore: () => Promise<void>;
let accounts: { id: string; created_at: Date }[];
test.beforeAll(async () => {
  restore = await snapshotTables(["backup_settings"]);
  accounts = await sql("select id, created_at from users");
});
test.afterAll(async () => {
  await sql("delete from backup_runs");
  await restore();
  for (const account of accounts) {
    await sql("update users set created_at = $2 where id = $1", [account.id, account.created_at]);
  }
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the dashboard warns the admin, a backup made from the screen ends the warning and can be downloaded", async ({
    page,
  }) => {
    await sql("delete from backup_runs");
    // An installation of three days with no backup.
    await sql("update users set created_at = now() - interval '3 days'");
    await signIn(page, e2e.admin);
    const warning = page.getByRole("alert").filter({ hasText: "Aucune sauvegarde réussie depuis 48 heures" });
    await expect(warning).toBeVisible();
    await warning.getByRole("link", { name: "Voir les sauvegardes" }).click();

    await expect(page.getByRole("heading", { name: "Sauvegardes", level: 1 })).toBeVisible();
    await expect(page.getByText("Aucune sauvegarde terminée pour l'instant.")).toBeVisible();
    await page.getByRole("button", { name: "Créer une sauvegarde maintenant" }).click();
    await expect(toast(page, "Sauvegarde lancée")).toBeVisible();
    const table = page.getByRole("table", { name: "Sauvegardes" });
    await expect(table.getByRole("row").nth(1)).toContainText("Manuelle");
    // The demo's media take a while: the row shows its progress, then its end.
    await expect(table.getByRole("row").nth(1)).toContainText("Réussie", { timeout: 60_000 });
    await expect(page.getByTestId("last-result")).toContainText("Réussie");
    await expect(table.getByRole("row").nth(1)).toContainText(/\d Mo/);
    await screenshot(page, "backups-1280");

    const downloading = page.waitForEvent("download");
    await table.getByRole("link", { name: /^Télécharger/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^betic-.+\.tar\.gz\.age$/);
    const [run] = await sql<{ size_bytes: string }>("select size_bytes from backup_runs");
    expect((await stat(await download.path())).size).toBe(Number(run!.size_bytes));
    // Encrypted to the backup key: an age file, not a gzip anyone could open.
    expect((await readFile(await download.path())).subarray(0, 21).toString("latin1")).toBe(
      "age-encryption.org/v1",
    );

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });

  test("the schedule and retention are saved; a bad hour is refused", async ({ page }) => {
    await signIn(page, e2e.admin);
    await page.goto("/admin/backups");
    const hour = page.getByLabel("Heure de la sauvegarde (0 à 23)");
    await expect(hour).toHaveValue("2");
    await hour.fill("24");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Choisissez une heure entre 0 et 23")).toBeVisible();
    await hour.fill("4");
    await page.getByLabel("Sauvegardes quotidiennes gardées").fill("10");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(toast(page, "Planification enregistrée")).toBeVisible();
    await expect(hour).toHaveValue("4");
    const [row] = await sql<{ hour: number; keep_daily: number }>(
      "select hour, keep_daily from backup_settings",
    );
    expect(row).toEqual({ hour: 4, keep_daily: 10 });
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the list reads as cards with the same actions", async ({ page }) => {
    await signIn(page, e2e.admin);
    await page.goto("/admin/backups");
    await expect(page.getByRole("heading", { name: "Sauvegardes", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Créer une sauvegarde maintenant" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Télécharger/ }).first()).toBeVisible();
    await screenshot(page, "backups-375");
  });
});
