import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { siteSettingsSchema } from "~/lib/schemas/site-settings";
import { StaleContentError } from "~/server/audit/mutation.server";
import { clearPageCacheEverywhere, setCacheEnabled } from "~/server/cache/cache-controls.server";
import {
  getCachedPage,
  stopPageCache,
  storeCachedPage,
  pageCacheGeneration,
} from "~/server/cache/page-cache.server";
import { db } from "~/server/db/client.server";
import { startChangeNotifications, stopChangeNotifications } from "~/server/db/notifications.server";
import { auditLog, emailOutbox, siteSettings, sitemapSettings, users } from "~/server/db/schema";
import { getTrackingState } from "~/server/analytics/tracking.server";
import { saveTrackingSettings, getTrackingSettings } from "~/server/analytics/tracking-admin.server";
import { listOutbox, resendOutboxMessage, resendOutboxMessages } from "~/server/mail/outbox-admin.server";
import { renderRobotsTxt } from "~/server/seo/robots.server";
import {
  getRobotsSettings,
  listSitemapSettings,
  saveRobots,
  saveSitemapRow,
} from "~/server/seo/seo-admin.server";
import { renderSitemapXml } from "~/server/seo/sitemap.server";
import { getPublicSettings, getSiteSettings } from "~/server/settings.server";
import {
  readSettingsForm,
  saveSiteSettings,
  withTypedMailSettings,
} from "~/server/settings/settings-form.server";

const SECRETS = {
  mailjetApiKey: "MARKER-api-key-1111",
  mailjetSecretKey: "MARKER-secret-2222",
  smtpPassword: "MARKER-password-3333",
  recaptchaSecretKey: "MARKER-recaptcha-4444",
  tinymceApiKey: null,
};

let context: { actor: { id: string; email: string }; ip: string };

beforeAll(async () => {
  const [admin] = await db()
    .insert(users)
    .values({ name: "Admin", email: "admin@example.test", role: "admin" })
    .returning();
  context = { actor: { id: admin!.id, email: admin!.email }, ip: "203.0.113.9" };
  await startChangeNotifications();
});
afterAll(async () => {
  stopPageCache();
  await stopChangeNotifications();
});
beforeEach(async () => {
  await db().update(siteSettings).set(SECRETS);
});

/** What the form posts when nothing was typed in it: the stored values, secrets left empty. */
async function unchangedForm() {
  const { values } = await readSettingsForm();
  // Conform submits an empty field as absent.
  const posted = JSON.parse(JSON.stringify(values), (_key, value: unknown) =>
    value === "" ? undefined : value,
  );
  return siteSettingsSchema.parse(posted);
}

/** Resolves once `check` holds, within 3 s (notifications travel through the database). */
async function eventually(check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within 3 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("site settings", () => {
  it("are read for the screen with every secret as a flag only", async () => {
    const form = await readSettingsForm();
    const serialized = JSON.stringify(form);
    for (const value of Object.values(SECRETS)) if (value) expect(serialized).not.toContain(value);
    expect(form.secrets).toEqual({
      "email.mailjetApiKey": true,
      "email.mailjetSecretKey": true,
      "email.smtpPassword": true,
      "apiKeys.recaptchaSecretKey": true,
      "apiKeys.tinymceApiKey": false,
    });
    expect(form.values.company.name).toBe("BETIC Électricité");
  });

  it("keep a secret left empty, replace a typed one, empty a cleared one; the trail names fields only", async () => {
    const input = await unchangedForm();
    input.email.mailjetApiKey = "nouvelle-cle";
    input.clearSecrets = ["email.smtpPassword"];
    input.company.phone = "05 55 00 11 22";
    await saveSiteSettings(context, input);

    const row = await getSiteSettings();
    expect(row).toMatchObject({
      mailjetApiKey: "nouvelle-cle",
      mailjetSecretKey: SECRETS.mailjetSecretKey,
      smtpPassword: null,
      recaptchaSecretKey: SECRETS.recaptchaSecretKey,
      companyPhone: "05 55 00 11 22",
    });
    const [audit] = await db().select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: "update", entityType: "site_settings", actorId: context.actor.id });
    expect(audit!.changedFields).toEqual(["company_phone", "mailjet_api_key", "smtp_password"]);
    expect(JSON.stringify(audit)).not.toContain("nouvelle-cle");
  });

  it("store an emptied optional field as null, so the public side shows its default", async () => {
    const input = await unchangedForm();
    input.company.description = undefined;
    await saveSiteSettings(context, input);
    expect((await getSiteSettings())!.companyDescription).toBeNull();
    await eventually(async () =>
      (await getPublicSettings()).companyDescription.startsWith("Votre partenaire de confiance"),
    );
  });

  it("refuse a save over a newer version, writing nothing", async () => {
    const stale = await unchangedForm();
    const fresh = await unchangedForm();
    fresh.company.city = "Limoges";
    await saveSiteSettings(context, fresh);
    stale.company.city = "Panazol";
    await expect(saveSiteSettings(context, stale)).rejects.toBeInstanceOf(StaleContentError);
    expect((await getSiteSettings())!.companyCity).toBe("Limoges");
  });

  it("validate the spec's rules with its messages, and accept https links only", () => {
    const result = siteSettingsSchema.safeParse({
      company: { name: "", email: "pas-un-email" },
      seo: {},
      email: { fromEmail: "x@", smtpPort: 70000, smtpServer: "smtp://mail.exemple.fr" },
      social: { facebook: "http://facebook.com/betic", youtube: "javascript:alert(1)" },
      features: { contactRetentionMonths: 48 },
      apiKeys: {},
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join("."), issue.message]),
    );
    expect(messages).toMatchObject({
      "company.name": "Le nom de l'entreprise est requis",
      "company.email": "Email invalide",
      "email.fromEmail": "Email invalide",
      "email.smtpPort": "Port SMTP invalide (un nombre entre 1 et 65535)",
      "email.smtpServer": expect.stringContaining("Serveur SMTP invalide"),
      "social.facebook": "URL Facebook invalide",
      "social.youtube": "URL YouTube invalide",
      "features.contactRetentionMonths": "Une durée entre 1 et 36 mois",
    });
  });
});

describe("page cache controls", () => {
  it("'Vider le cache' reaches every instance listening, and empties this one's store", async () => {
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    const heard: string[] = [];
    other.on("notification", (message) => heard.push(message.payload ?? ""));
    await other.query("LISTEN content_changed");
    try {
      const answer = { headers: [], body: Buffer.from("<html>") };
      storeCachedPage(
        "k",
        {
          status: 200,
          etag: 'W/"x"',
          answers: { br: answer, gzip: answer, identity: answer },
          notModified: [],
        },
        pageCacheGeneration(),
      );
      expect(getCachedPage("k")).toBeDefined();
      await clearPageCacheEverywhere(context);
      await eventually(() => heard.includes("page_cache"));
      await eventually(() => getCachedPage("k") === undefined);
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "clear_cache"));
      expect(audit).toMatchObject({ entityType: "page_cache", actorEmail: "admin@example.test" });
    } finally {
      await other.end();
    }
  });

  it("the switch turns the page cache off and on for the public side", async () => {
    await setCacheEnabled(context, false);
    await eventually(async () => (await getPublicSettings()).enableCache === false);
    await setCacheEnabled(context, true);
    await eventually(async () => (await getPublicSettings()).enableCache === true);
  });
});

describe("sitemap and robots", () => {
  it("a saved row changes /sitemap.xml at once; an excluded type disappears", async () => {
    const rows = await listSitemapSettings();
    expect(rows.map((row) => row.pageType)).toEqual([
      "home",
      "about",
      "blog",
      "blog_article",
      "projects",
      "project",
      "contact",
      "cms_page",
    ]);
    const about = rows.find((row) => row.pageType === "about")!;
    await saveSitemapRow(context, {
      id: about.id,
      updatedAt: about.updatedAt.toISOString(),
      pageType: "about",
      changeFrequency: "yearly",
      priority: 0.3,
      includeInSitemap: true,
    });
    expect(await renderSitemapXml()).toMatch(
      /<loc>[^<]*\/about<\/loc>\s*<lastmod>[^<]+<\/lastmod>\s*<changefreq>yearly<\/changefreq>\s*<priority>0\.3<\/priority>/,
    );
    const [saved] = await db().select().from(sitemapSettings).where(eq(sitemapSettings.id, about.id));
    await saveSitemapRow(context, {
      id: about.id,
      updatedAt: saved!.updatedAt.toISOString(),
      pageType: "about",
      changeFrequency: "yearly",
      priority: 0.3,
      includeInSitemap: false,
    });
    expect(await renderSitemapXml()).not.toContain("/about</loc>");
  });

  it("robots.txt serves what was saved, with the sitemap line", async () => {
    const row = await getRobotsSettings();
    await saveRobots(context, {
      updatedAt: row.updatedAt.toISOString(),
      content: "User-agent: *\r\nDisallow: /admin\r\nDisallow: /brouillons\r\n",
    });
    const robots = await renderRobotsTxt();
    expect(robots).toMatch(
      /^User-agent: \*\nDisallow: \/admin\nDisallow: \/brouillons\n\nSitemap: .*\/sitemap\.xml\n$/,
    );
  });
});

describe("tracking tags", () => {
  it("an enabled record with a container id switches the tag manager on for the public layout", async () => {
    const request = new Request("http://localhost/");
    const row = await getTrackingSettings();
    await saveTrackingSettings(context, {
      updatedAt: row.updatedAt.toISOString(),
      isEnabled: true,
      gtmId: "GTM-AB12CD3",
      ga4Id: "G-ABCDEF1234",
    });
    await eventually(async () => (await getTrackingState(request)).tagManager?.gtmId === "GTM-AB12CD3");
    const saved = await getTrackingSettings();
    await saveTrackingSettings(context, { updatedAt: saved.updatedAt.toISOString(), isEnabled: false });
    await eventually(async () => (await getTrackingState(request)).tagManager === null);
  });
});

describe("outbox", () => {
  it("'Renvoyer' puts a failed mail back in the queue; a sent one cannot be", async () => {
    await db().execute(sql`truncate email_outbox`);
    const [failed, sent] = await db()
      .insert(emailOutbox)
      .values([
        {
          toAddress: "a@exemple.fr",
          subject: "Échoué",
          htmlBody: "",
          textBody: "",
          status: "failed",
          attempts: 10,
          lastError: "Clés Mailjet refusées : vérifiez la clé API et la clé secrète.",
        },
        {
          toAddress: "b@exemple.fr",
          subject: "Parti",
          htmlBody: "",
          textBody: "",
          status: "sent",
          attempts: 1,
        },
      ])
      .returning();
    const page = await listOutbox({
      q: "",
      sort: "createdAt",
      dir: "desc",
      page: 1,
      filters: { status: "failed" },
    });
    expect(page.items.map((item) => item.subject)).toEqual(["Échoué"]);
    expect(page.items[0]!.lastError).toContain("Clés Mailjet refusées");

    expect(await resendOutboxMessage(context, failed!.id)).toBe(true);
    const [requeued] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(requeued).toMatchObject({ status: "pending", attempts: 0 });
    expect(requeued!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await resendOutboxMessage(context, sent!.id)).toBe(false);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "resend"));
    expect(audit).toMatchObject({ entityType: "email_outbox", entityId: failed!.id });

    // A selection: what is still failed or waiting goes back in the queue, the sent one stays.
    await db().update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, failed!.id));
    expect(await resendOutboxMessages(context, [failed!.id, sent!.id])).toBe(1);
    const statuses = await db().select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.map((row) => row.status).sort()).toEqual(["pending", "sent"]);
  });

  it("reads the mail settings as typed for 'Tester la connexion': an empty secret keeps the saved one", () => {
    const saved = {
      mailjetApiKey: "cle-enregistree",
      mailjetSecretKey: "secret-enregistre",
      smtpPassword: "mdp",
    };
    const typed = withTypedMailSettings(
      new URLSearchParams([
        ["email.mailjetApiKey", "cle-saisie"],
        ["email.mailjetSecretKey", ""],
        ["email.smtpServer", " smtp.exemple.fr "],
        ["email.smtpPort", "465"],
        ["email.smtpPassword", ""],
        ["clearSecrets", "email.smtpPassword"],
      ]) as unknown as FormData,
      saved as never,
    );
    expect(typed).toMatchObject({
      mailjetApiKey: "cle-saisie",
      mailjetSecretKey: "secret-enregistre",
      smtpServer: "smtp.exemple.fr",
      smtpPort: 465,
      smtpPassword: null,
    });
  });
});
