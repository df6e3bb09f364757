import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { decryptSecret, encryptSecret } from "~/server/db/encrypted-text.server";
import { siteSettings } from "~/server/db/schema";
import { encryptStoredSecrets, getSiteSettings } from "~/server/settings.server";

const stored = async () =>
  (
    await db().execute<{ smtp_password: string | null; recaptcha_secret_key: string | null }>(
      sql`select smtp_password, recaptcha_secret_key from site_settings`,
    )
  ).rows[0]!;

afterAll(async () => {
  await db().update(siteSettings).set({ smtpPassword: null, recaptchaSecretKey: null });
});

describe("secrets at rest", () => {
  it("stores the SMTP password and the captcha secret encrypted, and reads them back plain", async () => {
    await db()
      .update(siteSettings)
      .set({ smtpPassword: "MARKER-smtp-7781", recaptchaSecretKey: "MARKER-cap-5521" });
    const raw = await stored();
    expect(raw.smtp_password).toMatch(/^enc:v1:/);
    expect(raw.smtp_password).not.toContain("MARKER");
    expect(raw.recaptcha_secret_key).not.toContain("MARKER");
    const settings = await getSiteSettings();
    expect(settings?.smtpPassword).toBe("MARKER-smtp-7781");
    expect(settings?.recaptchaSecretKey).toBe("MARKER-cap-5521");
  });

  it("encrypts at start what an older version left in clear", async () => {
    await db().execute(sql`update site_settings set smtp_password = 'MARKER-legacy-0042'`);
    expect((await getSiteSettings())?.smtpPassword).toBe("MARKER-legacy-0042");
    expect(await encryptStoredSecrets()).toBe(1);
    expect((await stored()).smtp_password).toMatch(/^enc:v1:/);
    expect(await encryptStoredSecrets()).toBe(0);
    const [row] = await db().select({ smtpPassword: siteSettings.smtpPassword }).from(siteSettings);
    expect(row!.smtpPassword).toBe("MARKER-legacy-0042");
  });

  it("refuses a value moved to another column or altered", () => {
    const value = encryptSecret("MARKER", "smtp_password");
    expect(decryptSecret(value, "smtp_password")).toBe("MARKER");
    expect(decryptSecret(value, "recaptcha_secret_key")).toBeNull();
    expect(
      decryptSecret(value.slice(0, -2) + (value.endsWith("A") ? "BB" : "AA"), "smtp_password"),
    ).toBeNull();
  });
});
