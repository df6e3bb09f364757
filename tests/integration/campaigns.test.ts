import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { analyticsDaily, contacts, emailOutbox, pageViews, siteSearches, users } from "~/server/db/schema";
import { beaconSchema, recordPageView } from "~/server/analytics/page-views.server";
import { rollUpPageViews } from "~/server/analytics/rollup.server";
import { getConversionReport } from "~/server/analytics/conversions.server";
import { analyticsDay } from "~/server/analytics/visitors.server";
import { lastWeek, sendWeeklyReports, weeklyReportOf } from "~/server/analytics/weekly-report.server";
import { submitContact } from "~/server/contacts/contact-form.server";
import { loadTemplate } from "~/server/mail/templates.server";
import { templateProblem } from "~/lib/admin/email-templates";

// Issue 38 §1–4: campaigns, a request's origin, 'Demandes de devis' and the Monday report.

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Noon, Paris time, `daysAgo` days before `now`. */
function noon(now: Date, daysAgo: number) {
  const day = new Date(`${analyticsDay(now)}T12:00:00+01:00`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day;
}

const request = {
  name: "Jean Dupont",
  email: "jean.dupont@exemple.fr",
  phone: "06 12 34 56 78",
  subject: "Devis borne de recharge",
  message: "Bonjour, je voudrais installer une borne de recharge.",
  serviceType: "renovation",
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...request, ...values })) data.set(key, value);
  return data;
}

let ip = 0;

beforeEach(async () => {
  await db().execute(
    sql`truncate page_views, analytics_daily, analytics_monthly, contacts, email_outbox, rate_limits cascade`,
  );
});

describe("campaigns in the page views", () => {
  it("counts a visit with UTM values under its campaign, source and medium after the rollup", async () => {
    const view = (path: string, utm: Record<string, string | null>, referrer: string | null = null) =>
      recordPageView({
        // As the beacon's route reads it.
        payload: beaconSchema.parse({ path, referrer, width: 1280, ...utm }),
        userAgent: BROWSER,
        clientIp: `203.0.113.${++ip}`,
        ownHost: "betic.test",
        staff: false,
      });
    expect(
      await view("/contact", { utmSource: "Flyer", utmMedium: "print", utmCampaign: " Flyer-Printemps " }),
    ).toBe("recorded");
    await view("/", { utmSource: "facebook", utmMedium: "social", utmCampaign: "flyer-printemps" });
    await view("/blog", {}, "https://www.google.fr/search?q=borne");
    const [stored] = await db()
      .select({ utmSource: pageViews.utmSource, utmCampaign: pageViews.utmCampaign })
      .from(pageViews)
      .where(sql`${pageViews.path} = '/contact'`);
    expect(stored).toEqual({ utmSource: "flyer", utmCampaign: "flyer-printemps" });

    // Yesterday's views, summed by the night's rollup.
    await db().execute(sql`update page_views set created_at = created_at - interval '1 day'`);
    expect(await rollUpPageViews()).toEqual({ days: 1 });
    const sums = await db()
      .select({
        dimension: analyticsDaily.dimension,
        value: analyticsDaily.value,
        views: analyticsDaily.views,
      })
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.dimension} in ('source', 'medium', 'campaign')`)
      .orderBy(analyticsDaily.dimension, analyticsDaily.value);
    expect(sums).toEqual([
      { dimension: "campaign", value: "", views: 1 },
      { dimension: "campaign", value: "flyer-printemps", views: 2 },
      { dimension: "medium", value: "", views: 1 },
      { dimension: "medium", value: "print", views: 1 },
      { dimension: "medium", value: "social", views: 1 },
      // The source is the UTM source, else the referring site.
      { dimension: "source", value: "facebook", views: 1 },
      { dimension: "source", value: "flyer", views: 1 },
      { dimension: "source", value: "www.google.fr", views: 1 },
    ]);
  });
});

describe("a quote request's origin", () => {
  const submit = (values: Record<string, string>, referer: string | null) =>
    submitContact(form(values), { clientIp: `198.51.100.${++ip}`, referer, ownHost: "betic.test" });
  const stored = async () =>
    (
      await db()
        .select({
          landingPage: contacts.landingPage,
          referrerHost: contacts.referrerHost,
          utmSource: contacts.utmSource,
          utmMedium: contacts.utmMedium,
          utmCampaign: contacts.utmCampaign,
          deviceType: contacts.deviceType,
          formPage: contacts.formPage,
        })
        .from(contacts)
    )[0];

  it("with scripts: the visit's first page, referring site and campaign the form sent", async () => {
    const origin = JSON.stringify({
      landingPage: "/blog/borne-de-recharge",
      referrer: "https://www.google.fr/",
      utmSource: "Google",
      utmMedium: "cpc",
      utmCampaign: "bornes-automne",
      width: 390,
      formPage: "/contact",
    });
    expect((await submit({ origin }, "https://betic.test/contact")).outcome).toBe("success");
    expect(await stored()).toEqual({
      landingPage: "/blog/borne-de-recharge",
      referrerHost: "www.google.fr",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "bornes-automne",
      deviceType: "mobile",
      formPage: "/contact",
    });
  });

  it("with scripts: our own site is no referrer, and a forged page is dropped", async () => {
    const origin = JSON.stringify({
      landingPage: "//evil.example/x",
      referrer: "https://betic.test/",
      formPage: "/admin/contacts",
    });
    await submit({ origin }, "https://betic.test/projects");
    expect(await stored()).toMatchObject({ landingPage: null, referrerHost: null, formPage: "/projects" });
  });

  it("without scripts: the form's page and the campaign of its address, from the Referer", async () => {
    await submit({ origin: "" }, "https://betic.test/contact?utm_source=flyer&utm_campaign=flyer-printemps");
    expect(await stored()).toEqual({
      landingPage: "/contact",
      referrerHost: null,
      utmSource: "flyer",
      utmMedium: null,
      utmCampaign: "flyer-printemps",
      deviceType: null,
      formPage: "/contact",
    });
    await db().execute(sql`truncate contacts cascade`);
    // No campaign in the address: the visit's first page is not known.
    await submit({}, "https://betic.test/contact");
    expect(await stored()).toMatchObject({ landingPage: null, utmCampaign: null, formPage: "/contact" });
  });

  it("is summed by day and origin, spam left out, through every change", async () => {
    const recount = async () => {
      const kept = await db().execute(
        sql`select to_char(day, 'YYYY-MM-DD') as day, dimension, value, requests from contact_origin_counts
          where requests <> 0 order by 1, 2, 3`,
      );
      const counted = await db().execute(
        sql`select to_char((created_at at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as day, o.dimension, o.value,
            count(*)::int as requests
          from contacts cross join lateral (values ('landing', coalesce(landing_page, '')),
            ('source', coalesce(utm_source, referrer_host, '')), ('campaign', coalesce(utm_campaign, ''))) o (dimension, value)
          where status <> 'spam' group by 1, 2, 3 order by 1, 2, 3`,
      );
      expect(kept.rows).toEqual(counted.rows);
      // The months' sums are the days' sums added up.
      const months = await db().execute(
        sql`select to_char(month, 'YYYY-MM') as month, dimension, value, requests from contact_origin_monthly
          where requests <> 0 order by 1, 2, 3`,
      );
      const daysSummed = await db().execute(
        sql`select to_char(day, 'YYYY-MM') as month, dimension, value, sum(requests)::int as requests
          from contact_origin_counts group by 1, 2, 3 having sum(requests) <> 0 order by 1, 2, 3`,
      );
      expect(months.rows).toEqual(daysSummed.rows);
      return kept.rows;
    };
    const base = { email: "x@example.fr", message: "Un devis" };
    const rows = await db()
      .insert(contacts)
      .values([
        {
          ...base,
          name: "A",
          landingPage: "/",
          referrerHost: "www.google.fr",
          createdAt: new Date("2026-07-01T21:30:00Z"),
        },
        { ...base, name: "B", landingPage: "/", utmSource: "flyer", utmCampaign: "printemps" },
        { ...base, name: "C", status: "spam", utmCampaign: "printemps" },
      ])
      .returning({ id: contacts.id, name: contacts.name });
    expect((await recount()).filter((row) => row.day === "2026-07-01")).toEqual([
      { day: "2026-07-01", dimension: "campaign", value: "", requests: 1 },
      { day: "2026-07-01", dimension: "landing", value: "/", requests: 1 },
      { day: "2026-07-01", dimension: "source", value: "www.google.fr", requests: 1 },
    ]);
    const id = (name: string) => rows.find((row) => row.name === name)!.id;
    await db().execute(sql`update contacts set status = 'spam' where id = ${id("B")}`);
    await db().execute(sql`update contacts set status = 'new' where id = ${id("C")}`);
    await db().execute(
      sql`update contacts set utm_campaign = 'automne', created_at = created_at - interval '2 days'`,
    );
    await recount();
    await db().execute(sql`delete from contacts where id = ${id("A")}`);
    await recount();
    await db().execute(sql`truncate contacts cascade`);
    expect(await recount()).toEqual([]);
  });
});

describe("'Demandes de devis'", () => {
  it("gives the conversion figures of a known data set", async () => {
    const now = new Date();
    const views: (typeof pageViews.$inferInsert)[] = [];
    const add = (daysAgo: number, visitor: string, values: Partial<typeof pageViews.$inferInsert> = {}) =>
      views.push({
        path: "/",
        visitorHash: visitor,
        deviceType: "desktop",
        createdAt: noon(now, daysAgo),
        ...values,
      });
    // This week: 5 visitors, two from the flyer, one from Google. The week before: 2 visitors.
    add(1, "a", { utmSource: "flyer", utmCampaign: "flyer-printemps", path: "/contact" });
    add(1, "a", { path: "/blog" });
    add(2, "b", { utmSource: "flyer", utmCampaign: "flyer-printemps", path: "/contact" });
    add(2, "c", { referrer: "www.google.fr", path: "/blog/borne" });
    add(3, "d");
    add(0, "e");
    add(9, "f");
    add(10, "g");
    await db().insert(pageViews).values(views);
    await rollUpPageViews(now);

    const base = { email: "x@example.fr", message: "Un devis" };
    await db()
      .insert(contacts)
      .values([
        {
          ...base,
          name: "A",
          landingPage: "/contact",
          utmSource: "flyer",
          utmCampaign: "flyer-printemps",
          createdAt: noon(now, 1),
        },
        {
          ...base,
          name: "B",
          landingPage: "/blog/borne",
          referrerHost: "www.google.fr",
          createdAt: noon(now, 2),
        },
        {
          ...base,
          name: "C",
          landingPage: "/blog/borne",
          referrerHost: "www.google.fr",
          createdAt: noon(now, 0),
        },
        { ...base, name: "D", createdAt: noon(now, 3) },
        { ...base, name: "E", status: "spam", utmCampaign: "flyer-printemps", createdAt: noon(now, 1) },
        { ...base, name: "F", createdAt: noon(now, 9) },
      ]);

    const report = await getConversionReport("7d", now);
    expect(report.totals).toEqual({
      current: { visitors: 5, requests: 4 },
      previous: { visitors: 2, requests: 1 },
    });
    expect(report.series).toHaveLength(7);
    expect(report.series.at(-1)).toEqual({ key: analyticsDay(now), visitors: 1, requests: 1 });
    expect(report.series.at(-2)).toEqual({ key: analyticsDay(noon(now, 1)), visitors: 1, requests: 1 });
    expect(report.landing).toEqual([
      { value: "/blog/borne", requests: 2, visitors: null },
      { value: "", requests: 1, visitors: null },
      { value: "/contact", requests: 1, visitors: null },
    ]);
    expect(report.sources).toEqual([
      { value: "www.google.fr", requests: 2, visitors: 1 },
      { value: "", requests: 1, visitors: null },
      { value: "flyer", requests: 1, visitors: 2 },
    ]);
    expect(report.campaigns).toEqual([
      { value: "", requests: 3, visitors: null },
      { value: "flyer-printemps", requests: 1, visitors: 2 },
    ]);
    // Over twelve months, read from the months' sums: the request of the previous week counts too.
    expect((await getConversionReport("12m", now)).landing).toEqual([
      { value: "", requests: 2, visitors: null },
      { value: "/blog/borne", requests: 2, visitors: null },
      { value: "/contact", requests: 1, visitors: null },
    ]);
  });
});

describe("the weekly report", () => {
  // Monday 23 November 2026, 08:00 in Paris: the week of 16–22 November.
  const monday = new Date("2026-11-23T07:00:00Z");
  const at = (day: string) => new Date(`${day}T12:00:00+01:00`);

  beforeAll(async () => {
    await db()
      .insert(users)
      .values([
        { name: "Alice Admin", email: "alice@weekly.test", role: "admin" },
        { name: "Bruno Staff", email: "bruno@weekly.test", role: "user" },
        { name: "Chloé Staff", email: "chloe@weekly.test", role: "user", weeklyReport: true },
        { name: "Denis Admin", email: "denis@weekly.test", role: "admin", weeklyReport: false },
      ]);
  });
  const recipients = async () =>
    (
      await db()
        .select({ to: emailOutbox.toAddress })
        .from(emailOutbox)
        .where(sql`${emailOutbox.templateName} = 'weekly_report'`)
    )
      .map((row) => row.to)
      .filter((to) => to.endsWith("@weekly.test"))
      .sort();

  it("is the week from Monday to Sunday before, in Paris days", () => {
    expect(lastWeek(monday)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWeek(new Date("2026-11-22T23:30:00Z"))).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWeek(new Date("2026-11-22T22:30:00Z"))).toEqual({ from: "2026-11-09", to: "2026-11-15" });
  });

  it("says the week's figures against the week before, to who keeps it on", async () => {
    const views: (typeof pageViews.$inferInsert)[] = [];
    for (const [day, visitor, path, values] of [
      ["2026-11-16", "a", "/", { referrer: "www.google.fr" }],
      ["2026-11-16", "a", "/contact", {}],
      ["2026-11-18", "b", "/", { utmSource: "flyer", utmCampaign: "flyer-printemps" }],
      ["2026-11-20", "c", "/blog/borne", { referrer: "www.google.fr" }],
      ["2026-11-22", "d", "/", {}],
      ["2026-11-10", "e", "/", {}],
      ["2026-11-23", "f", "/", {}],
    ] as const)
      views.push({ path, visitorHash: visitor, createdAt: at(day), ...values });
    await db().insert(pageViews).values(views);
    const base = { email: "x@example.fr", message: "Un devis" };
    await db()
      .insert(contacts)
      .values([
        {
          ...base,
          name: "A",
          utmSource: "flyer",
          utmCampaign: "flyer-printemps",
          createdAt: at("2026-11-18"),
        },
        {
          ...base,
          name: "B",
          referrerHost: "www.google.fr",
          status: "completed",
          createdAt: at("2026-11-20"),
        },
        { ...base, name: "C", createdAt: at("2026-11-12") },
      ]);
    await db()
      .insert(emailOutbox)
      .values([
        {
          toAddress: "a@example.fr",
          subject: "x",
          htmlBody: "x",
          textBody: "x",
          status: "failed",
          createdAt: at("2026-11-19"),
        },
        {
          toAddress: "b@example.fr",
          subject: "x",
          htmlBody: "x",
          textBody: "x",
          status: "failed",
          createdAt: at("2026-11-12"),
        },
      ]);

    // Searches of the week: the ones that found nothing (by their last search) are reported.
    await db()
      .insert(siteSearches)
      .values([
        { day: "2026-11-17", query: "climatisation", searches: 3, results: 0 },
        { day: "2026-11-21", query: "climatisation", searches: 1, results: 0 },
        { day: "2026-11-18", query: "alarme", searches: 2, results: 0 },
        { day: "2026-11-19", query: "tableau", searches: 9, results: 4 },
        { day: "2026-11-12", query: "piscine", searches: 5, results: 0 },
      ]);

    const report = await weeklyReportOf(monday);
    expect(report).toEqual({
      week: { from: "2026-11-16", to: "2026-11-22" },
      visitors: { current: 4, previous: 1 },
      requests: { current: 2, previous: 1 },
      pages: [
        { label: "Accueil (/)", views: 3 },
        { label: "/blog/borne", views: 1 },
        { label: "Contact (/contact)", views: 1 },
      ],
      sources: [
        { label: "Google", visitors: 2, requests: 1 },
        { label: "flyer", visitors: 1, requests: 1 },
      ],
      campaigns: [{ label: "flyer-printemps", visitors: 1, requests: 1 }],
      newRequests: 2,
      failedMails: 1,
      fruitlessSearches: [
        { query: "climatisation", searches: 4 },
        { query: "alarme", searches: 2 },
      ],
    });

    expect(await sendWeeklyReports(monday)).toMatchObject({ queued: expect.any(Number) });
    expect(await recipients()).toEqual(["alice@weekly.test", "chloe@weekly.test"]);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} = 'alice@weekly.test'`);
    expect(mail!.subject).toBe("Rapport hebdomadaire du site, du lundi 16/11/2026 au dimanche 22/11/2026");
    for (const line of [
      "Visiteurs : 4 (la semaine précédente : 1, +300 %)",
      "Demandes de devis : 2 (la semaine précédente : 1, +100 %)",
      "- Accueil (/) : 3 vues",
      "- Google : 2 visiteurs, 1 demande",
      "- flyer-printemps : 1 visiteur, 1 demande",
      "Demandes encore « Nouveau » : 2",
      "E-mails en échec : 1",
      "- « climatisation » : 4 recherches",
      "- « alarme » : 2 recherches",
      "/admin/profile",
    ])
      expect(mail!.textBody).toContain(line);
    for (const part of [mail!.subject, mail!.htmlBody, mail!.textBody]) expect(part).not.toMatch(/\{\{|\}\}/);
    expect(mail!.htmlBody).toContain('<p style="white-space:pre-line">- Accueil (&#x2F;) : 3 vues');
    // The seeded template passes the checks of the 'Modèles d'e-mails' screen.
    const template = await loadTemplate(db(), "weekly_report");
    for (const part of [template.subject, template.htmlContent, template.textContent])
      expect(templateProblem(part, "weekly_report")).toBeNull();
  });

  it("sends nothing for a week without a visit or a request", async () => {
    await db()
      .insert(pageViews)
      .values({ path: "/", visitorHash: "z", createdAt: at("2026-11-10") });
    expect(await sendWeeklyReports(monday)).toEqual({ queued: 0 });
    expect(await recipients()).toEqual([]);
  });
});
