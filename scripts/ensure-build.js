// `npm start` serves the production build: make it when it is missing or older than the sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const stamp = path.join(process.env.BUILD_DIR ?? "build", "server/index.js");
function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}
const sources = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];
const newestSource = Math.max(
  ...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestIn(p) : statSync(p).mtimeMs)),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestSource) {
  console.log("Building the application (first start or sources changed)...");
  // Always the production build, whoever asks: from a test runner (NODE_ENV=test) React's
  // development build would be served and measured instead.
  execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
