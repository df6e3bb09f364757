// Large bodies from strangers (issue 36, point 1): BENCH_POSTS (100) multipart posts of
// BENCH_BODY_MB (60) MB each, sent at once and signed out to /admin/login/forgot with this site's
// Origin, against the production build on a throwaway embedded database. Prints the app process's
// resident memory (RSS) before, its peak while the posts run (sampled every 100 ms) and after,
// with the answers' statuses. A safety stop: past BENCH_MAX_RSS_MB (6000) the posts are cut, so
// that an unguarded server does not take the machine's memory; the peak is then "at least".
//
//   node scripts/bench-anonymous-bodies.js
//
// The app listens on BENCH_PORT (default 3180), the database on BENCH_PG_PORT (default 54389).
import { execSync } from "node:child_process";
import { readFile, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverEnv, sleep, startProcess, waitFor } from "./bench-support.js";

const port = Number(process.env.BENCH_PORT ?? 3180);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54389);
const posts = Number(process.env.BENCH_POSTS ?? 100);
const bodyBytes = Number(process.env.BENCH_BODY_MB ?? 60) * 1024 * 1024;
const maxRssMb = Number(process.env.BENCH_MAX_RSS_MB ?? 6000);
const base = `http://127.0.0.1:${port}`;
const PATH = "/admin/login/forgot";

execSync("node scripts/ensure-build.js", { stdio: "inherit" });
const dataDir = await mkdtemp(path.join(tmpdir(), "betic-bench-bodies-"));
const admin = { email: "bench@example.test", password: "Bench-password-2026!" };
const app = startProcess(["server.js"], serverEnv({ port, pgPort, dataDir, seedDemo: false, admin }));
const residentMb = async () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${app.child.pid}/status`, "utf8"))[1]) / 1024;

try {
  await waitFor(`${base}/healthz`, app);
  await fetch(`${base}${PATH}`);
  await sleep(1000);
  const before = await residentMb();
  let peak = before;
  let cut = false;
  const requests = [];
  const sampler = setInterval(async () => {
    const now = await residentMb().catch(() => peak);
    peak = Math.max(peak, now);
    if (now > maxRssMb && !cut) {
      cut = true;
      for (const request of requests) request.destroy();
    }
  }, 100);
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: posts }, () => post(requests)));
  const seconds = (Date.now() - started) / 1000;
  await sleep(2000);
  clearInterval(sampler);
  const after = await residentMb();
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  console.log(
    `${posts} parallel posts of ${bodyBytes / 1024 / 1024} MB to ${PATH} (multipart, signed out), ${seconds.toFixed(1)} s`,
  );
  console.table({
    "RSS before (MB)": Math.round(before),
    [`RSS peak (MB)${cut ? `, cut past ${maxRssMb}` : ""}`]: Math.round(peak),
    "RSS after (MB)": Math.round(after),
    answers: Object.entries(counts)
      .map(([status, count]) => `${status}×${count}`)
      .join(" "),
  });
} finally {
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** One multipart post of `bodyBytes`, written 1 MB at a time; resolves to its status (or the error's code). */
function post(requests) {
  const boundary = "----bench" + Math.random().toString(36).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@example.test\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, "a");
  const fileBytes = bodyBytes - head.length - tail.length;
  return new Promise((resolve) => {
    const request = http.request(`${base}${PATH}`, {
      method: "POST",
      headers: {
        Origin: base,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": bodyBytes,
      },
    });
    requests.push(request);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
    });
    request.on("error", (error) => resolve(error.code ?? "error"));
    request.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < fileBytes && !request.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
        sent += part.length;
        if (!request.write(part)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end(tail);
    };
    pump();
  });
}
