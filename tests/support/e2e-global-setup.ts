import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase, startTestPostgres } from "./postgres";
import { E2E_ADMIN } from "./e2e-constants";
import { TEST_CA_FILE } from "./smtp-sink";

/**
 * Starts the production build (BUILD_DIR, default ./build) against a fresh database of its own,
 * with demo content and a known admin, and tells the workers where things are through env.
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT ?? 3300);
  const stubPort = Number(process.env.E2E_STUB_PORT ?? port + 50);
  const pgServer = await startTestPostgres(Number(process.env.E2E_PG_PORT ?? 55500));
  const databaseName = `e2e_${process.pid}`;
  await dropDatabase(pgServer.adminUrl, databaseName);
  const databaseUrl = await createDatabase(pgServer.adminUrl, databaseName);
  const dataDir = await mkdtemp(path.join(tmpdir(), "betic-e2e-data-"));
  const baseUrl = `http://127.0.0.1:${port}`;

  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    MAIL_WORKER_INTERVAL_MS: "300",
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${stubPort}/recaptcha/siteverify`,
    MAILJET_API_URL: `http://127.0.0.1:${stubPort}/mailjet`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    // The app sends mail over TLS only; the test SMTP sink's certificate comes from this CA.
    NODE_EXTRA_CA_CERTS: TEST_CA_FILE,
  };
  const app = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise<number | null>((resolve) => app.on("exit", resolve));
  await waitForHealth(`${baseUrl}/healthz`, exited);

  Object.assign(process.env, {
    E2E_BASE_URL: baseUrl,
    E2E_DATABASE_URL: databaseUrl,
    E2E_DATA_DIR: dataDir,
    E2E_STUB_PORT: String(stubPort),
  });

  return async () => {
    app.kill("SIGTERM");
    await exited;
    await dropDatabase(pgServer.adminUrl, databaseName);
    await pgServer.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function waitForHealth(url: string, exited: Promise<number | null>) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error("The app exited during start-up (see its log above).");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer ${url} within 300 s.`);
}
