// Runs the Playwright suite on Debian's Chromium. Locally a missing browser skips the suite with a
// clear message; in CI (CI=true) it is required.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: install it with "apt-get install -y chromium".`;
  if (process.env.CI === "true") {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping the browser tests.`);
  process.exit(0);
}
const args = process.argv.slice(2).join(" ");
try {
  execSync("node scripts/ensure-build.js", { stdio: "inherit" });
  execSync(`npx playwright test ${args}`, { stdio: "inherit" });
} catch (error) {
  process.exit(error.status ?? 1);
}
