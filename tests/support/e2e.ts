import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test as base } from "@playwright/test";
import pg from "pg";
import { startApp } from "./e2e-app";
import { E2E_ADMIN, E2E_USER } from "./e2e-constants";
import { createDatabase, dropDatabase } from "./postgres";

export { expect } from "@playwright/test";

type WorkerApp = { baseUrl: string; databaseUrl: string; dataDir: string; stubPort: number; pid: number };

let current: WorkerApp | undefined;
let pool: pg.Pool | undefined;

/**
 * Playwright's `test`, with the current worker's own app: a production-build process on its own
 * port, on a database cloned from the run's template, with its own DATA_DIR and stub ports.
 * Worker i (its parallel index) uses ports E2E_PORT + 2i (the app) and + 1 (free for a second
 * instance), E2E_STUB_PORT + 2i (reCAPTCHA / Mailjet stubs) and + 1 (the SMTP sink).
 */
export const test = base.extend<object, { workerApp: WorkerApp }>({
  workerApp: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const adminUrl = required("E2E_PG_ADMIN_URL");
      const name = `${required("E2E_RUN_ID")}_w${workerInfo.workerIndex}`;
      const databaseUrl = await createDatabase(adminUrl, name, required("E2E_TEMPLATE_DATABASE"));
      const dataDir = await mkdtemp(path.join(tmpdir(), `betic-e2e-w${workerInfo.workerIndex}-`));
      await cp(required("E2E_TEMPLATE_DATA_DIR"), dataDir, { recursive: true });
      const offset = 2 * workerInfo.parallelIndex;
      const stubPort = Number(required("E2E_STUB_PORT")) + offset;
      const app = await startApp({
        port: Number(required("E2E_PORT")) + offset,
        databaseUrl,
        dataDir,
        stubPort,
      });
      current = { baseUrl: app.baseUrl, databaseUrl, dataDir, stubPort, pid: app.pid };
      await use(current);
      current = undefined;
      await pool?.end();
      pool = undefined;
      await app.stop();
      await dropDatabase(adminUrl, name);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ workerApp }, use) => use(workerApp.baseUrl),
  // A public page's enhancement modules (decision 022) load after it: what a test does right after
  // loading one waits for them to have run (`<html data-enhanced>`), and a back-office page for
  // React to have taken it over, as a visitor's click would then run its handler rather than the
  // plain HTML behaviour.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => afterHydration(page, await goto(...args));
    page.reload = async (...args) => afterHydration(page, await reload(...args));
    await use(page);
  },
});

async function afterHydration<T>(page: Page, response: T): Promise<T> {
  await page.waitForFunction(
    () =>
      "enhanced" in document.documentElement.dataset ||
      !document.querySelector('script[type="speculationrules"]') ||
      "__reactRouterDataRouter" in window,
  );
  return response;
}

/**
 * In a describe block (or a file) of tests that check what the page's scripts do: skipped in the
 * project without JavaScript (playwright.config.ts), which checks the pages' plain HTML behaviour.
 */
export function scriptsOnly(reason: string) {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, reason);
}

/** Where the current worker's app runs, and the accounts every e2e database holds. */
export const e2e = {
  get baseUrl() {
    return workerApp().baseUrl;
  },
  get databaseUrl() {
    return workerApp().databaseUrl;
  },
  get dataDir() {
    return workerApp().dataDir;
  },
  /** A port tests may listen on for stubs; the app's RECAPTCHA_VERIFY_URL and MAILJET_API_URL point there. */
  get stubPort() {
    return workerApp().stubPort;
  },
  /** The app's process id, to read its memory use. */
  get appPid() {
    return workerApp().pid;
  },
  admin: E2E_ADMIN,
  user: E2E_USER,
};

/** A query on the current worker's database. */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  pool ??= new pg.Pool({ connectionString: e2e.databaseUrl, max: 2 });
  const result = await pool.query<Row>(text, params);
  return result.rows;
}

function workerApp() {
  if (!current) throw new Error("No app for this worker: import `test` from tests/support/e2e.ts.");
  return current;
}

function required(name: string) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through Playwright's global setup.`);
  return value;
}

/**
 * Settings and content reach the pages through caches dropped by the database's change notifications (within
 * about a second), so a check right after an update is retried until it holds.
 */
export async function gotoUntil(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 10_000 });
}
