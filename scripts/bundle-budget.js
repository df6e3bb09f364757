// The JavaScript a public page downloads before any interaction, against its budget (DESIGN.md
// "Speed"): the client entry, the root and site-layout route modules and the page's own module,
// with everything they import statically, as the Vite manifest of the production build lists them;
// compressed with brotli as the server sends them. Sizes, not timings: the same build always
// gives the same bytes. Part of `npm test`; fails when a page passes its budget.
//
//   npm run test:budget                      # builds if needed (BUILD_DIR honoured)
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/** Brotli bytes per public page. 100 KB is the ceiling for all; tighter ones keep what was won. */
const KB = 1024;
const BUDGETS = {
  "app/routes/site/home.tsx": 100 * KB,
  "app/routes/site/blog.tsx": 100 * KB,
  "app/routes/site/article.tsx": 100 * KB,
  "app/routes/site/projects.tsx": 100 * KB,
  "app/routes/site/project.tsx": 100 * KB,
  "app/routes/site/contact.tsx": 100 * KB,
  "app/routes/site/about.tsx": 100 * KB,
  "app/routes/site/cms-page.tsx": 100 * KB,
  "app/routes/site/privacy-policy.tsx": 100 * KB,
  "app/routes/site/terms-of-use.tsx": 100 * KB,
  "app/routes/site/sitemap-page.tsx": 100 * KB,
  "app/routes/site/not-found.tsx": 100 * KB,
};
/** Loaded by every public page before its own module (the client entry is added below). */
const FRAME = ["app/root.tsx", "app/routes/site/layout.tsx"];

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));
} catch {
  console.error(`No Vite manifest in ${clientDir}/.vite: run "npm run build" first.`);
  process.exit(1);
}
// Route modules are listed as "<file>?__react-router-build-client-route"; the client entry is
// React Router's default unless the app has its own.
const byFile = new Map(Object.keys(manifest).map((key) => [key.replace(/\?.*$/, ""), key]));
const entry = Object.keys(manifest).find((key) => /(^|\/)entry\.client\.[jt]sx?$/.test(key));
if (!entry) throw new Error("No client entry in the Vite manifest");

const compressed = new Map();
function brotliSize(file) {
  if (!compressed.has(file)) {
    const bytes = readFileSync(path.join(clientDir, file));
    const size = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    compressed.set(file, size);
  }
  return compressed.get(file);
}

/** The files a set of manifest entries loads up front: their chunks and static imports, transitively. */
function initialFiles(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[byFile.get(key) ?? key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const publicRoutes = [...byFile.keys()].filter((file) => file.startsWith("app/routes/site/"));
const rows = [];
const failures = [];
for (const route of publicRoutes.filter((key) => !FRAME.includes(key)).sort()) {
  const budget = BUDGETS[route];
  if (budget === undefined) {
    failures.push(`${route}: a public page without a budget (add it to scripts/bundle-budget.js)`);
    continue;
  }
  const files = initialFiles([entry, ...FRAME, route]);
  const bytes = [...files].reduce((sum, file) => sum + brotliSize(file), 0);
  rows.push({
    page: route.replace("app/routes/site/", ""),
    files: files.size,
    "KB (brotli)": Number((bytes / KB).toFixed(1)),
    "budget KB": budget / KB,
  });
  if (bytes > budget) {
    failures.push(
      `${route}: ${(bytes / KB).toFixed(1)} KB of JavaScript before interaction, over its ${budget / KB} KB budget`,
    );
  }
}
for (const route of Object.keys(BUDGETS)) {
  if (!publicRoutes.includes(route)) failures.push(`${route}: has a budget but is not in the build`);
}

console.table(rows);
if (failures.length > 0) {
  console.error(`\nJavaScript budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("Every public page is within its JavaScript budget.");
