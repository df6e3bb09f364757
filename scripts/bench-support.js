// What the benchmark scripts share: a server process started from this checkout, and waiting for
// it to answer.
import { spawn } from "node:child_process";
import path from "node:path";

/** The environment of a production server on 127.0.0.1:`port` with its embedded database on `pgPort`. */
export function serverEnv({ port, pgPort, dataDir, seedDemo, admin }) {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // Beside the data directories, shared by the bench's instances (and its restore), never the operator's.
    BACKUP_KEY_FILE: path.join(path.dirname(dataDir), "backup-key"),
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO: seedDemo ? "1" : "0",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "warn",
  };
}

export function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function waitFor(url, server) {
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The process serving ${url} exited (see its log above).`);
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within 300 s.`);
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A bench case's row count at `scale` (1 = the full case, 0.01 = its growth baseline), at least 1. */
export function count(full, scale) {
  return Math.max(1, Math.round(full * scale));
}

/** The number of the last page of a 25-row admin list of `rows` rows. */
export function lastPage(rows) {
  return Math.max(1, Math.ceil(rows / 25));
}

/** What the last page of a list shows: its place among the pages, or nothing to check on a single page (no pager). */
export function lastPageText(rows) {
  const last = lastPage(rows);
  return last > 1 ? `page ${last} sur ${last}` : "";
}

/** Signs `account` in through the back office's form (its intent, "sign-in"); returns the session's Cookie header. */
export async function signIn(base, account) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "sign-in", ...account }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}
