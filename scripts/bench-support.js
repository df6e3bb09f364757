// What the benchmark scripts share: a server process started from this checkout, and waiting for
// it to answer.
import { spawn } from "node:child_process";

/** The environment of a production server on 127.0.0.1:`port` with its embedded database on `pgPort`. */
export function serverEnv({ port, pgPort, dataDir, seedDemo, admin }) {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
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
