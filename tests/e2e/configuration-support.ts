import type { Page } from "@playwright/test";
import pg from "pg";
import { e2e, expect, sql } from "../support/e2e";

/** Signs in through the sign-in page (default: the run's admin) and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string } = e2e.admin) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Mot de passe").fill(account.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  // A password check is deliberately slow (scrypt), the more so on a loaded machine.
  await expect(page.getByRole("heading", { name: "Tableau de bord", exact: true, level: 1 })).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Every row of the configuration tables a test changes, kept whole and put back after it, so tests
 * may change anything through the screens. The triggers on these tables tell the app.
 */
export async function snapshotTables(tables: string[]) {
  const saved = new Map<string, Record<string, unknown>[]>();
  for (const table of tables) saved.set(table, await sql(`select * from ${table}`));
  return async function restore() {
    const client = new pg.Client({ connectionString: e2e.databaseUrl });
    await client.connect();
    try {
      // One transaction: the site never sees a table half restored.
      await client.query("begin");
      for (const [table, rows] of saved) {
        await client.query(`delete from ${table}`);
        await client.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
          JSON.stringify(rows),
        ]);
      }
      await client.query("commit");
    } finally {
      await client.end();
    }
  };
}

/** Retries a check against the public site until it holds (changes travel by NOTIFY, < 1 s). */
export async function until(check: () => Promise<void>) {
  await expect(check).toPass({ timeout: 10_000 });
}

/** The toast (sonner) carrying `title`. */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}
