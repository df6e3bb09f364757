// Lighthouse (mobile) on the public pages of a running production server; prints the four
// category scores per page and, below, every audit that costs points.
//
//   npm run lighthouse                      # http://127.0.0.1:$PORT (default 3000)
//   npm run lighthouse -- http://host:port  # another server
//   LIGHTHOUSE_JSON_DIR=/tmp/lh npm run lighthouse   # also keep the full reports
//   LIGHTHOUSE_RUNS=3 npm run lighthouse             # each page 3 times: the median of each figure
//
// Uses Chromium at CHROME_PATH (default /usr/bin/chromium). Run it against `npm start`, not the
// development server: its unbundled modules say nothing about production speed.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execute = promisify(execFile);
const base = (process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const keepDir = process.env.LIGHTHOUSE_JSON_DIR;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The first link to a detail page found on a list page (an article, a project). */
async function firstLink(listPath, pattern) {
  const html = await (await fetch(base + listPath)).text();
  return html.match(pattern)?.[0];
}

async function pages() {
  const article = await firstLink("/blog", /\/blog\/[a-z0-9-]+(?=")/);
  const project = await firstLink("/projects", /\/projects\/[a-z0-9-]+(?=")/);
  return ["/", "/blog", article, project, "/contact"].filter(Boolean);
}

/** Chromium now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
async function audit(pagePath, workDir, run, attempts = 3) {
  try {
    return await auditOnce(pagePath, workDir, run);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`${pagePath}: ${String(error.stderr || error.message).trim()} — retrying`);
    return audit(pagePath, workDir, run, attempts - 1);
  }
}

/** The middle value (runs are odd in practice; with an even count, the lower middle). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function auditOnce(pagePath, workDir, run) {
  const output = path.join(
    workDir,
    `${pagePath === "/" ? "home" : pagePath.replace(/\W+/g, "_").replace(/^_/, "")}${run > 1 ? `-${run}` : ""}.json`,
  );
  await execute(
    path.resolve("node_modules/.bin/lighthouse"),
    [
      base + pagePath,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(await readFile(output, "utf8"));
  if (keepDir) await writeFile(path.join(keepDir, path.basename(output)), JSON.stringify(report));
  return report;
}

/** JavaScript bytes the page downloaded (as transferred: compressed, headers included). */
function scriptBytes(report) {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

const workDir = await mkdtemp(path.join(tmpdir(), "lighthouse-"));
if (keepDir) await mkdir(keepDir, { recursive: true });
const rows = [];
const problems = [];
try {
  for (const pagePath of await pages()) {
    const reports = [];
    for (let run = 1; run <= runs; run += 1) reports.push(await audit(pagePath, workDir, run));
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        median(reports.map((report) => Math.round((report.categories[id]?.score ?? 0) * 100))),
      ]),
    );
    const metric = (id) => {
      const values = reports.map((report) => report.audits[id]?.numericValue ?? 0);
      return id === "cumulative-layout-shift"
        ? median(values).toFixed(3)
        : `${Math.round(median(values)).toLocaleString("en")} ms`;
    };
    rows.push({
      page: pagePath,
      ...scores,
      LCP: metric("largest-contentful-paint"),
      CLS: metric("cumulative-layout-shift"),
      TBT: metric("total-blocking-time"),
      "JS KB": (median(reports.map((report) => scriptBytes(report))) / 1024).toFixed(1),
    });
    // The audits that cost points in the median run (by performance score).
    const report =
      reports.find((r) => Math.round((r.categories.performance?.score ?? 0) * 100) === scores.performance) ??
      reports[0];
    for (const id of CATEGORIES) {
      for (const ref of report.categories[id]?.auditRefs ?? []) {
        const result = report.audits[ref.id];
        if (ref.weight > 0 && result.score !== null && result.score < 0.9) {
          problems.push(
            `${pagePath} [${id}] ${result.title}${result.displayValue ? ` (${result.displayValue})` : ""}`,
          );
        }
      }
    }
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

console.table(rows);
if (problems.length > 0) {
  console.log("\nAudits below 90:");
  for (const problem of problems) console.log(`  ${problem}`);
}
const worst = Math.min(...rows.flatMap((row) => CATEGORIES.map((id) => row[id])));
process.exitCode = worst < Number(process.env.LIGHTHOUSE_MIN ?? 0) ? 1 : 0;
