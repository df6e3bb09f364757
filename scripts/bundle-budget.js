// The JavaScript a public page downloads before any interaction, against its budget (DESIGN.md
// "Speed", decision 022): public pages do not hydrate; each loads the enhancement modules
// (app/enhance/*.ts) its route and the site's layout name in their `handle.scripts`, with
// everything those import statically, as the Vite manifest of the production build lists them;
// compressed with brotli as the server sends them. What a module imports dynamically (the contact
// form's checks, on a visitor's first interaction; the tag manager after consent) is not counted.
// No public page may load the React runtime (the client entry's chunks). Sizes, not timings: the
// same build always gives the same bytes. Part of `npm test`; fails when a page passes its budget.
//
//   npm run test:budget                      # builds if needed (BUILD_DIR honoured)
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/** Brotli bytes per public page: 20 KB for content pages (aim: 10), 40 KB for /contact. */
const KB = 1024;
const CONTENT_PAGE = 20 * KB;
const BUDGETS = {
  "app/routes/site/home.tsx": CONTENT_PAGE,
  "app/routes/site/blog.tsx": CONTENT_PAGE,
  "app/routes/site/article.tsx": CONTENT_PAGE,
  "app/routes/site/projects.tsx": CONTENT_PAGE,
  "app/routes/site/project.tsx": CONTENT_PAGE,
  "app/routes/site/contact.tsx": 40 * KB,
  "app/routes/site/about.tsx": CONTENT_PAGE,
  "app/routes/site/cms-page.tsx": CONTENT_PAGE,
  "app/routes/site/privacy-policy.tsx": CONTENT_PAGE,
  "app/routes/site/terms-of-use.tsx": CONTENT_PAGE,
  "app/routes/site/sitemap-page.tsx": CONTENT_PAGE,
  "app/routes/site/not-found.tsx": CONTENT_PAGE,
  "app/routes/site/accessibility.tsx": CONTENT_PAGE,
  "app/routes/site/search.tsx": CONTENT_PAGE,
};
/** Every public page's frame: its modules come with each page's own. */
const LAYOUT = "app/routes/site/layout.tsx";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8"));
} catch {
  console.error(`No Vite manifest in ${clientDir}/.vite: run "npm run build" first.`);
  process.exit(1);
}
// The client entry is React Router's default unless the app has its own; what it loads up front
// is the React runtime.
const entry = Object.keys(manifest).find((key) => /(^|\/)entry\.client\.[jt]sx?$/.test(key));
if (!entry) throw new Error("No client entry in the Vite manifest");

/**
 * The modules a route's `handle` names (`export const handle: PageHandle = { ..., scripts: [...] }`),
 * read from its source; undefined when it has no handle.
 */
function handleScripts(route) {
  const source = readFileSync(route, "utf8");
  const handle = /export const handle: PageHandle = (\{[^}]*\})/.exec(source)?.[1];
  if (!handle) return undefined;
  const list = /scripts: \[([^\]]*)\]/.exec(handle)?.[1] ?? "";
  return [...list.matchAll(/"([a-z-]+)"/g)].map((match) => `app/enhance/${match[1]}.ts`);
}

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
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const publicRoutes = Object.keys(manifest)
  .map((key) => key.replace(/\?.*$/, ""))
  .filter((file) => file.startsWith("app/routes/site/") && file !== LAYOUT);
const frame = handleScripts(LAYOUT);
if (!frame?.length) throw new Error(`${LAYOUT} names no enhancement module: is its handle still there?`);
const runtime = initialFiles([entry]);
const rows = [];
const failures = [];
for (const route of publicRoutes.sort()) {
  const budget = BUDGETS[route];
  if (budget === undefined) {
    failures.push(`${route}: a public page without a budget (add it to scripts/bundle-budget.js)`);
    continue;
  }
  const files = initialFiles([...frame, ...(handleScripts(route) ?? [])]);
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
  const react = [...files].filter((file) => runtime.has(file));
  if (react.length > 0) failures.push(`${route}: loads the React runtime (${react.join(", ")})`);
}
for (const route of Object.keys(BUDGETS)) {
  if (!publicRoutes.includes(route)) failures.push(`${route}: has a budget but is not in the build`);
}

console.table(rows);
if (failures.length > 0) {
  console.error(`\nJavaScript budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("Every public page is within its JavaScript budget, without the React runtime.");
