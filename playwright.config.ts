import { defineConfig, devices } from "@playwright/test";

/** The public site's specs: they also run without JavaScript (decision 022). */
const PUBLIC_SPECS =
  /(^|[\\/])(content|content-seo|contact|site-shell|site-shell-mobile|site-shell-settings|tracking|analytics|campaigns|smoke|media|hardening|security|site-search)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/support/e2e-global-setup.ts",
  // Each worker runs its own app on its own database (tests/support/e2e.ts): files run in parallel,
  // the tests of one file in order, since they share their file's state.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } },
    // Every public page reads, every link and filter works, the contact form posts and answers:
    // a test of what needs the page's scripts says so with `scriptsOnly` (tests/support/e2e.ts).
    {
      name: "without-javascript",
      testMatch: PUBLIC_SPECS,
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false },
    },
  ],
});
