import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import https from "node:https";
import path from "node:path";
import S3rver from "s3rver";

/**
 * The production set-up on loopback for tests/deploy and the load bench: Caddy from Debian with
 * deploy/Caddyfile and its internal CA (`tls internal`) in front of the app instances, and media
 * in s3rver, a real S3 API server.
 */
export async function startCaddy(options: {
  dir: string;
  httpsPort: number;
  httpPort: number;
  upstreams: number[];
}) {
  const env = {
    ...process.env,
    // Caddy keeps its CA and certificates under these, not in the user's home.
    XDG_DATA_HOME: path.join(options.dir, "data"),
    XDG_CONFIG_HOME: path.join(options.dir, "config"),
    SITE_ADDRESS: `https://localhost:${options.httpsPort}`,
    UPSTREAMS: options.upstreams.map((port) => `127.0.0.1:${port}`).join(" "),
    CADDY_TLS: "tls internal",
    CADDY_GLOBAL_OPTIONS: [
      "admin off",
      "skip_install_trust",
      `http_port ${options.httpPort}`,
      `https_port ${options.httpsPort}`,
      "default_bind 127.0.0.1",
    ].join("\n"),
  };
  const caddy = spawn("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  caddy.stderr!.on("data", (chunk) => (log = (log + chunk).slice(-20_000)));
  const exited = new Promise<void>((resolve) => caddy.once("exit", () => resolve()));
  const rootFile = path.join(options.dir, "data/caddy/pki/authorities/local/root.crt");
  const deadline = Date.now() + 30_000;
  let ca: string | undefined;
  while (!ca) {
    if (caddy.exitCode !== null || Date.now() > deadline) throw new Error(`Caddy did not start:\n${log}`);
    ca = await readFile(rootFile, "utf8").catch(() => undefined);
    if (!ca) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `https://localhost:${options.httpsPort}`,
    /** Caddy's root certificate: clients trust it for this site. */
    ca,
    log: () => log,
    async stop() {
      if (caddy.exitCode === null) caddy.kill("SIGTERM");
      await exited;
    },
    process: caddy as ChildProcess,
  };
}

export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3(options: { port: number; directory: string; bucket: string }) {
  const server = new S3rver({
    port: options.port,
    address: "127.0.0.1",
    directory: options.directory,
    silent: true,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  await server.run();
  return {
    /** The app's S3_* variables for this bucket. */
    env: {
      S3_BUCKET: options.bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${options.port}`,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: () => server.close(),
  };
}

/**
 * What every instance behind the proxy at `https://localhost:httpsPort` is given alike
 * (docs/deploy.md: the same secrets and PUBLIC_URL everywhere), with the bucket's variables.
 */
export function sharedInstanceEnv(httpsPort: number, s3Env: Record<string, string>) {
  return {
    ...s3Env,
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: "1",
    BETTER_AUTH_SECRET: "secret-partage-par-les-instances-0123456789",
    SECRETS_KEY: "cle-partagee-par-les-instances-0123456789",
    // Each instance writes what its worker sends to its DATA_DIR/mail, one file per outbox row:
    // how the test and the bench tell a mail sent once from one sent twice.
    MAIL_TRANSPORT: "file",
  };
}

/** Collects an answer's body (http or https). */
export function collectAnswer(res: import("node:http").IncomingMessage, resolve: (answer: Answer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () =>
    resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
  );
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One HTTPS request trusting `ca`, from `localAddress` (another loopback address stands for a visitor). */
export function httpsRequest(
  url: string,
  options: {
    ca: string;
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    localAddress?: string;
    agent?: https.Agent;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        ca: options.ca,
        localAddress: options.localAddress,
        agent: options.agent,
      },
      (res) => {
        collectAnswer(res, resolve);
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
