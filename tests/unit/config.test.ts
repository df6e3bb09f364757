import { afterEach, describe, expect, it } from "vitest";
import { checkEnvironment, config } from "~/server/config.server";

const saved = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe("config", () => {
  it("applies the README's defaults", () => {
    for (const name of ["PORT", "PUBLIC_URL", "SEED_DEMO", "MAILJET_API_URL", "TRUST_PROXY", "S3_BUCKET"])
      delete process.env[name];
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
    expect(config.mailjetApiUrl).toBe("https://api.mailjet.com");
    expect(config.trustProxy).toBeUndefined();
    expect(config.s3).toBeUndefined();
  });

  it("reads values again when the environment changes, and treats empty values as unset", () => {
    process.env.PORT = "4321";
    process.env.PUBLIC_URL = "https://www.example.fr/";
    process.env.TRUST_PROXY = "2";
    expect(config.port).toBe(4321);
    expect(config.publicUrl).toBe("https://www.example.fr");
    expect(config.trustProxy).toBe(2);
    process.env.PUBLIC_URL = "";
    expect(config.publicUrl).toBe("http://localhost:4321");
    process.env.TRUST_PROXY = "loopback";
    expect(config.trustProxy).toBe("loopback");
  });

  it("refuses bad values at start-up, naming every variable at fault", () => {
    process.env.PORT = "http";
    process.env.PUBLIC_URL = "www.example.fr";
    process.env.SEED_DEMO = "yes";
    expect(() => checkEnvironment()).toThrowError(
      /Configuration invalide[\s\S]*PORT="http"[\s\S]*PUBLIC_URL="www.example.fr"[\s\S]*SEED_DEMO="yes" : attendu : 0 ou 1/,
    );
  });

  it("keeps the backup key outside DATA_DIR: in the operator's configuration directory by default", () => {
    process.env.DATA_DIR = "/srv/betic/data";
    delete process.env.BACKUP_KEY_FILE;
    process.env.XDG_CONFIG_HOME = "/home/betic/.config";
    expect(config.backupKeyFile).toBe("/home/betic/.config/betic/backup-key");
    expect(() => checkEnvironment()).not.toThrow();
    process.env.BACKUP_KEY_FILE = "/srv/betic/data/backups/key";
    expect(() => checkEnvironment()).toThrowError(/BACKUP_KEY_FILE .* doit être hors de DATA_DIR/);
    process.env.BACKUP_KEY_FILE = "/srv/betic/data-backup-key";
    expect(() => checkEnvironment()).not.toThrow();
  });
});
