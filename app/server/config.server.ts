import { homedir } from "node:os";
import path from "node:path";
import { z } from "zod";

/*
 * Every environment variable the app reads, validated with Zod (README "Configuration" lists them
 * with these defaults). The server checks them all at start-up (`checkEnvironment`) and stops with
 * one message naming each bad variable; the getters below read the same validated values.
 */

// An empty value (`PUBLIC_URL=` in a .env file) means "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const port = z.coerce
  .number({ error: "attendu : un numéro de port (1 à 65535)" })
  .int("attendu : un numéro de port (1 à 65535)")
  .min(1, "attendu : un numéro de port (1 à 65535)")
  .max(65535, "attendu : un numéro de port (1 à 65535)");
const positiveInt = z.coerce
  .number({ error: "attendu : un nombre entier positif" })
  .int("attendu : un nombre entier positif")
  .positive("attendu : un nombre entier positif");
const httpUrl = z.url({ protocol: /^https?$/, error: "attendu : une adresse http(s)://…" });
const flag = (values: [string, ...string[]]) => z.enum(values, { error: `attendu : ${values.join(" ou ")}` });

const envSchema = z.object({
  NODE_ENV: optional(flag(["production", "development", "test"])),
  PORT: optional(port),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(httpUrl),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: "attendu : une adresse postgres://…" })),
  DATABASE_POOL_SIZE: optional(positiveInt),
  EMBEDDED_PG_PORT: optional(port),
  ADMIN_EMAIL: optional(z.string().trim()),
  ADMIN_PASSWORD: optional(z.string()),
  SEED_DEMO: optional(flag(["0", "1"])),
  BETTER_AUTH_SECRET: optional(z.string()),
  SECRETS_KEY: optional(z.string().min(32, "attendu : au moins 32 caractères aléatoires")),
  BACKUP_KEY_FILE: optional(z.string()),
  MAILJET_API_URL: optional(httpUrl),
  RECAPTCHA_VERIFY_URL: optional(httpUrl),
  MAIL_WORKER_INTERVAL_MS: optional(positiveInt),
  MAIL_RETRY_BASE_MS: optional(positiveInt),
  MAIL_TRANSPORT: optional(flag(["file"])),
  TRUST_PROXY: optional(z.string()),
  PAGE_CACHE_MAX_BYTES: optional(positiveInt),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()),
  S3_ENDPOINT: optional(httpUrl),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(flag(["true", "false", "1", "0"])),
  LOG_LEVEL: optional(flag(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  ALLOW_INSECURE_HTTP: optional(flag(["0", "1"])),
  METRICS_TOKEN: optional(z.string().min(16, "attendu : au moins 16 caractères aléatoires")),
  HEALTH_CHECK_CRON: optional(z.string()),
  HEALTH_DISK_WARNING_PERCENT: optional(z.coerce.number().min(0).max(100)),
  HEALTH_DISK_ALERT_PERCENT: optional(z.coerce.number().min(0).max(100)),
});
type Env = z.infer<typeof envSchema>;
const names = Object.keys(envSchema.shape) as (keyof Env)[];

let parsed: { key: string; env: Env } | undefined;

/**
 * The validated environment. Read again when a variable changes (the embedded database sets
 * DATABASE_URL at start; tests point endpoints at their stubs), otherwise parsed once.
 */
function env(): Env {
  const key = JSON.stringify(names.map((name) => process.env[name] ?? null));
  if (parsed?.key !== key) {
    const result = envSchema.safeParse(process.env);
    if (!result.success) {
      const lines = result.error.issues.map(
        (issue) =>
          `  ${String(issue.path[0])}=${JSON.stringify(process.env[String(issue.path[0])])} : ${issue.message}`,
      );
      throw new Error(
        `Configuration invalide (variables d'environnement, voir le README) :\n${lines.join("\n")}`,
      );
    }
    parsed = { key, env: result.data };
  }
  return parsed.env;
}

/**
 * Validates every variable; the server calls it first so a bad value stops it before anything
 * starts. In production, a plain-http PUBLIC_URL on a real host stops it too (cookies and
 * passwords would cross the network in clear), unless ALLOW_INSECURE_HTTP=1.
 */
export function checkEnvironment(): void {
  const inDataDir = path.relative(config.dataDir, config.backupKeyFile);
  if (!inDataDir.startsWith("..") && !path.isAbsolute(inDataDir)) {
    throw new Error(
      `Configuration invalide : BACKUP_KEY_FILE (${config.backupKeyFile}) doit être hors de DATA_DIR (${config.dataDir}) : ` +
        "la clé qui déchiffre les sauvegardes ne doit pas se trouver à côté d'elles.",
    );
  }
  if (!config.isProduction || config.publicUrlIsSecure || env().ALLOW_INSECURE_HTTP === "1") return;
  throw new Error(
    `Configuration invalide : PUBLIC_URL (${config.publicUrl}) doit être une adresse https en production. ` +
      "Pour un essai local en http, définissez ALLOW_INSECURE_HTTP=1.",
  );
}

/** Process-wide settings read from the environment, with the README's defaults. */
export const config = {
  get port() {
    return env().PORT ?? 3000;
  },
  get host() {
    return env().HOST ?? "0.0.0.0";
  },
  get publicUrl() {
    return (env().PUBLIC_URL ?? `http://localhost:${this.port}`).replace(/\/+$/, "");
  },
  get dataDir() {
    return path.resolve(env().DATA_DIR ?? "data");
  },
  /** Unset: the embedded server is started and sets it (db/database.server.ts). */
  get databaseUrl() {
    return env().DATABASE_URL;
  },
  get databasePoolSize() {
    return env().DATABASE_POOL_SIZE ?? 10;
  },
  /** Unset: the embedded server takes 54329, or a free port when that one is taken (db/embedded.server.ts). */
  get embeddedPgPort() {
    return env().EMBEDDED_PG_PORT;
  },
  /** The first administrator, created when no account exists. */
  get firstAdmin() {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = env();
    return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  },
  get seedDemo() {
    return env().SEED_DEMO !== "0";
  },
  get authSecret() {
    return env().BETTER_AUTH_SECRET;
  },
  get secretsKey() {
    return env().SECRETS_KEY;
  },
  /**
   * The key that encrypts and signs the backups (backup/keys.server.ts): outside DATA_DIR, whose
   * disk holds the local archives, and outside the bucket; the operator's configuration directory
   * by default.
   */
  get backupKeyFile() {
    const configHome = process.env.XDG_CONFIG_HOME || path.join(homedir(), ".config");
    return path.resolve(env().BACKUP_KEY_FILE ?? path.join(configHome, "betic", "backup-key"));
  },
  get mailjetApiUrl() {
    return (env().MAILJET_API_URL ?? "https://api.mailjet.com").replace(/\/+$/, "");
  },
  get recaptchaVerifyUrl() {
    return env().RECAPTCHA_VERIFY_URL ?? "https://www.google.com/recaptcha/api/siteverify";
  },
  get mailWorkerIntervalMs() {
    return env().MAIL_WORKER_INTERVAL_MS ?? 5000;
  },
  get mailRetryBaseMs() {
    return env().MAIL_RETRY_BASE_MS ?? 30_000;
  },
  /** "file": every mail is written to DATA_DIR/mail instead of sent (development, tests). */
  get mailTransport() {
    return env().MAIL_TRANSPORT;
  },
  /** Express's "trust proxy": a number of proxies, or a list of addresses / names (e.g. "loopback"). */
  get trustProxy(): number | string | undefined {
    const value = env().TRUST_PROXY;
    return value && /^\d+$/.test(value) ? Number(value) : value;
  },
  get pageCacheMaxBytes() {
    return env().PAGE_CACHE_MAX_BYTES ?? 32 * 1024 * 1024;
  },
  /** An S3-compatible bucket for media when S3_BUCKET is set; otherwise DATA_DIR/media. */
  get s3() {
    const e = env();
    if (!e.S3_BUCKET) return undefined;
    return {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
    };
  },
  /** Lets a scraper off this machine read /metrics (Authorization: Bearer …). */
  get metricsToken() {
    return env().METRICS_TOKEN;
  },
  /** When 'État du site' is evaluated and the admins mailed of a change (cron, Europe/Paris); "off": never. */
  get healthCheckCron() {
    return env().HEALTH_CHECK_CRON ?? "*/5 * * * *";
  },
  /** Free disk space (percent) under which 'État du site' turns orange, then red. */
  get healthDiskWarningPercent() {
    return env().HEALTH_DISK_WARNING_PERCENT ?? 20;
  },
  get healthDiskAlertPercent() {
    return env().HEALTH_DISK_ALERT_PERCENT ?? 5;
  },
  get logLevel() {
    return env().LOG_LEVEL ?? (env().NODE_ENV === "test" ? "warn" : "info");
  },
  get isProduction() {
    return env().NODE_ENV === "production";
  },
  /** https, or a loopback address (DESIGN.md: local starts need no certificate). */
  get publicUrlIsSecure() {
    const { protocol, hostname } = new URL(this.publicUrl);
    return (
      protocol === "https:" ||
      ["localhost", "127.0.0.1", "[::1]"].includes(hostname) ||
      hostname.endsWith(".localhost")
    );
  },
  /** Cookies carry `Secure` whenever the public address is https. */
  get secureCookies() {
    return this.publicUrl.startsWith("https:");
  },
};
