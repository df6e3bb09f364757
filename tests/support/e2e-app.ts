import { spawn } from "node:child_process";
import { connect, createServer, type AddressInfo } from "node:net";
import { TEST_CA_FILE } from "./smtp-sink";

export type AppOptions = {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Where the app's RECAPTCHA_VERIFY_URL and MAILJET_API_URL point (a port tests may listen on). */
  stubPort: number;
  env?: Record<string, string>;
  /** How long the start may take (loading the demo content into an empty database takes minutes). */
  startTimeoutMs?: number;
  /** The release directory it runs from (its build and migrations); default: this checkout. */
  cwd?: string;
};

/** A port nobody listens on now (tests that start an app outside the e2e port plan). */
export function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the production build (BUILD_DIR, default ./build) as its own process and waits for
 * /readyz: migrated, and its caches warmed up (app/server/health/warm-up.server.ts).
 */
export async function startApp({
  port,
  databaseUrl,
  dataDir,
  stubPort,
  env = {},
  startTimeoutMs = 120_000,
  cwd,
}: AppOptions) {
  await waitForFreePort(port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ["server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // Beside DATA_DIR, never in it (config.server.ts refuses that), and never the operator's own.
      BACKUP_KEY_FILE: `${dataDir}.backup-key`,
      SEED_DEMO: "0",
      MAIL_WORKER_INTERVAL_MS: "300",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${stubPort}/recaptcha/siteverify`,
      MAILJET_API_URL: `http://127.0.0.1:${stubPort}/mailjet`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
      // The app sends mail over TLS only; the test SMTP sink's certificate comes from this CA.
      NODE_EXTRA_CA_CERTS: TEST_CA_FILE,
      // Tests stand for visitors at many addresses with X-Forwarded-For, as behind a proxy.
      TRUST_PROXY: "1",
      // 'État du site' is evaluated (and mails sent) when a test asks ('Vérifier maintenant'), not
      // on a clock that would add mails to other tests' outboxes.
      HEALTH_CHECK_CRON: "off",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
  // A worker that dies without its teardown must not leave its app holding the port.
  const killOnExit = () => app.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (app.exitCode === null && app.signalCode === null) app.kill("SIGTERM");
    await exited;
  };
  try {
    await waitForHealth(`${baseUrl}/readyz`, exited, startTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  /** The exit code (null when killed by a signal). */
  return { baseUrl, pid: app.pid!, stop, exited };
}

async function waitForHealth(url: string, exited: Promise<unknown>, timeoutMs: number) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The app for ${url} exited during start-up (see its log above).`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app did not answer ${url} within ${timeoutMs / 1000} s.`);
}

/** A replaced worker reuses its predecessor's port: wait until that app has let it go. */
async function waitForFreePort(port: number) {
  const deadline = Date.now() + 20_000;
  while (await isListening(port)) {
    if (Date.now() > deadline) throw new Error(`Port ${port} is still in use: is another app running there?`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function isListening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
