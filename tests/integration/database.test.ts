import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { closePool, db, getPool } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { blogArticles, contacts, emailTemplates, siteSettings, sitemapSettings } from "~/server/db/schema";

async function tableCounts() {
  const result = await db().execute<{ table_name: string; rows: number }>(sql`
    select 'site_settings' as table_name, count(*)::int as rows from site_settings
    union all select 'email_templates', count(*)::int from email_templates
    union all select 'sitemap_settings', count(*)::int from sitemap_settings
    union all select 'robots_settings', count(*)::int from robots_settings
    union all select 'gtm_settings', count(*)::int from gtm_settings
    union all select 'cors_domains', count(*)::int from cors_domains`);
  return Object.fromEntries(result.rows.map((row) => [row.table_name, row.rows]));
}

describe("migrations and reference data", () => {
  it("creates the reference rows once, and a second run changes nothing", async () => {
    const before = await tableCounts();
    expect(before).toMatchObject({
      site_settings: 1,
      email_templates: 8,
      sitemap_settings: 8,
      robots_settings: 1,
      gtm_settings: 1,
    });
    expect(before.cors_domains).toBeGreaterThan(0);
    const [settingsBefore] = await db().select().from(siteSettings);
    await migrateDatabase();
    expect(await tableCounts()).toEqual(before);
    const [settingsAfter] = await db().select().from(siteSettings);
    expect(settingsAfter).toEqual(settingsBefore);
  });

  it("keeps edits staff made when run again", async () => {
    await db().update(siteSettings).set({ companyPhone: "05 00 00 00 00" });
    await migrateDatabase();
    const [settings] = await db().select().from(siteSettings);
    expect(settings!.companyPhone).toBe("05 00 00 00 00");
  });

  it("ships the spec's two contact templates with their placeholders, the confirmation without the message", async () => {
    const all = await db().select().from(emailTemplates);
    // Beside the spec's two: the reply's draft (issue 22), the password mails (issue 20) and
    // 'État du site''s alert and recovery (issue 37), the Monday report (issue 38).
    expect(all.map((t) => t.name).sort()).toEqual([
      "contact_confirmation",
      "contact_notification",
      "contact_reply",
      "health_alert",
      "health_recovered",
      "password_changed",
      "password_reset",
      "weekly_report",
    ]);
    const templates = all.filter(
      (t) => t.name === "contact_confirmation" || t.name === "contact_notification",
    );
    for (const template of templates) {
      for (const placeholder of ["name", "email", "phone", "subject", "service_type"]) {
        expect(template.htmlContent).toContain(`{{${placeholder}}}`);
      }
    }
    // The confirmation goes to whatever address the form was given: it must not carry the form's
    // free text to a third party (issue 6, migration 0006).
    const byName = Object.fromEntries(templates.map((t) => [t.name, t]));
    expect(byName.contact_notification!.htmlContent).toContain("{{message}}");
    expect(byName.contact_confirmation!.htmlContent).not.toContain("{{message}}");
    expect(byName.contact_confirmation!.textContent).not.toContain("{{message}}");
  });

  it("has the eight sitemap page types", async () => {
    const rows = await db().select({ pageType: sitemapSettings.pageType }).from(sitemapSettings);
    expect(rows.map((r) => r.pageType).sort()).toEqual(
      ["about", "blog", "blog_article", "cms_page", "contact", "home", "project", "projects"].sort(),
    );
  });

  it("inserts a row with only the spec's fields, defaults filling the rest", async () => {
    const [contact] = await db()
      .insert(contacts)
      .values({ name: "Jeanne", email: "jeanne@example.fr", message: "Bonjour, un devis svp." })
      .returning();
    expect(contact!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(contact!.status).toBe("new");
    expect(contact!.serviceType).toBe("autre");
    expect(contact!.createdAt).toBeInstanceOf(Date);
  });

  it("rejects values outside the enumerations and a second settings row", async () => {
    await expect(
      db().insert(contacts).values({ name: "A", email: "a@b.fr", message: "xxxxxxxxxx", status: "deleted" }),
    ).rejects.toThrow();
    await expect(
      db().insert(blogArticles).values({ title: "T", slug: "t", status: "hidden" }),
    ).rejects.toThrow();
    await expect(db().insert(siteSettings).values({ companyName: "Autre" })).rejects.toThrow();
  });

  it("keeps slugs unique", async () => {
    await db().insert(blogArticles).values({ title: "Un", slug: "meme-slug" });
    await expect(db().insert(blogArticles).values({ title: "Deux", slug: "meme-slug" })).rejects.toThrow();
  });

  it("exposes no secret column through the public_settings view", async () => {
    const result = await db().execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'public_settings'`,
    );
    const columns = result.rows.map((r) => r.column_name);
    expect(columns).toContain("company_name");
    for (const secret of [
      "mailjet_api_key",
      "mailjet_secret_key",
      "smtp_password",
      "smtp_username",
      "recaptcha_secret_key",
      "tinymce_api_key",
    ]) {
      expect(columns).not.toContain(secret);
    }
  });
});

describe("the pool", () => {
  it("logs a client's lost connection, but not once the pool is closing", async () => {
    const pool = getPool();
    await pool.query("select 1");
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      pool.emit("error", new Error("connection lost"));
      expect(errors).toHaveBeenCalledTimes(1);
      await closePool();
      // A client still ending when the database stops (57P01) is part of the shutdown.
      pool.emit("error", new Error("terminating connection due to administrator command"));
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
    // The next use opens a new pool.
    expect((await db().execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
