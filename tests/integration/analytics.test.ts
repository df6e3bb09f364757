import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import {
  analyticsDaily,
  analyticsMonthly,
  analyticsSalts,
  blogArticles,
  contacts,
  pageViews,
  projects,
} from "~/server/db/schema";
import { analyticsDay, visitorHash } from "~/server/analytics/visitors.server";
import { rollUpPageViews } from "~/server/analytics/rollup.server";
import { getAnalyticsReport, periodsOf } from "~/server/analytics/report.server";

const UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** Noon, Paris time, `daysAgo` days before `now`. */
function noon(now: Date, daysAgo: number) {
  const day = new Date(`${analyticsDay(now)}T12:00:00+02:00`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return day;
}

describe("visitor hash", () => {
  it("is the same for one visitor within a day, another the next day, and the old salt is gone", async () => {
    const morning = new Date("2026-03-10T08:00:00+01:00");
    const evening = new Date("2026-03-10T22:30:00+01:00");
    const nextDay = new Date("2026-03-11T00:30:00+01:00");
    const first = await visitorHash("198.51.100.4", UA, morning);
    expect(await visitorHash("198.51.100.4", UA, evening)).toBe(first);
    expect(await visitorHash("198.51.100.5", UA, evening)).not.toBe(first);
    expect(await visitorHash("198.51.100.4", `${UA} Edg/140`, evening)).not.toBe(first);

    expect(await visitorHash("198.51.100.4", UA, nextDay)).not.toBe(first);
    const salts = await db().select({ day: analyticsSalts.day }).from(analyticsSalts);
    expect(salts).toEqual([{ day: "2026-03-11" }]);
  });

  it("counts days in Paris time", () => {
    expect(analyticsDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
    expect(analyticsDay(new Date("2026-07-01T22:01:00Z"))).toBe("2026-07-02");
  });
});

describe("contact requests a day", () => {
  /** What contact_daily_counts must hold: the requests that are not spam, recounted from contacts. */
  async function expectSumsOfContacts() {
    const kept = await db().execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, source_page, requests from contact_daily_counts
        where requests <> 0 order by 1, 2`,
    );
    const recounted = await db().execute(
      sql`select to_char((created_at at time zone 'Europe/Paris')::date, 'YYYY-MM-DD') as day,
          coalesce(source_page, '') as source_page, count(*)::int as requests
        from contacts where status <> 'spam' group by 1, 2 order by 1, 2`,
    );
    expect(kept.rows).toEqual(recounted.rows);
    return kept.rows;
  }

  it("follows every insert, status change, move and delete, spam left out, in Paris days", async () => {
    await db().execute(sql`truncate contacts cascade`);
    expect(await expectSumsOfContacts()).toEqual([]);
    const base = { email: "x@example.fr", message: "Bonjour, un devis" };
    const inserted = await db()
      .insert(contacts)
      .values([
        // A at 23:30 in Paris on 1 July, B at 00:30 on 2 July (both 1 July in UTC): Paris's days.
        { ...base, name: "A", sourcePage: "/blog", createdAt: new Date("2026-07-01T21:30:00Z") },
        { ...base, name: "B", sourcePage: "/blog", createdAt: new Date("2026-07-01T22:30:00Z") },
        { ...base, name: "C", createdAt: new Date("2026-07-02T10:00:00Z") },
        { ...base, name: "D", sourcePage: "/", status: "spam", createdAt: new Date("2026-07-02T10:00:00Z") },
      ])
      .returning({ id: contacts.id, name: contacts.name });
    const id = (name: string) => inserted.find((row) => row.name === name)!.id;
    expect(await expectSumsOfContacts()).toEqual([
      { day: "2026-07-01", source_page: "/blog", requests: 1 },
      { day: "2026-07-02", source_page: "", requests: 1 },
      { day: "2026-07-02", source_page: "/blog", requests: 1 },
    ]);

    await db().execute(sql`update contacts set status = 'spam' where id = ${id("A")}`);
    await db().execute(sql`update contacts set status = 'new' where id = ${id("D")}`);
    await db().execute(sql`update contacts set status = 'in_progress' where id = ${id("B")}`);
    await expectSumsOfContacts();
    await db().execute(
      sql`update contacts set created_at = created_at - interval '3 days', source_page = '/contact'`,
    );
    await expectSumsOfContacts();
    await db().execute(sql`delete from contacts where id in (${id("B")}, ${id("C")})`);
    expect(await expectSumsOfContacts()).toEqual([
      { day: "2026-06-29", source_page: "/contact", requests: 1 },
    ]);
    await db().execute(sql`truncate contacts cascade`);
    expect(await expectSumsOfContacts()).toEqual([]);
  });
});

describe("rollups and report", () => {
  it("sums finished days once, reads today live, and compares with the previous period", async () => {
    const now = new Date();
    const views: {
      path: string;
      referrer: string | null;
      deviceType: string;
      visitorHash: string;
      createdAt: Date;
    }[] = [];
    const add = (
      daysAgo: number,
      path: string,
      visitor: string,
      referrer: string | null = null,
      device = "desktop",
    ) =>
      views.push({ path, referrer, deviceType: device, visitorHash: visitor, createdAt: noon(now, daysAgo) });
    // Today: 3 views by 2 visitors (not summed yet).
    add(0, "/", "a");
    add(0, "/contact", "a");
    add(0, "/", "b", "www.google.fr", "mobile");
    // Two days ago: 2 views by one visitor. Ten days ago (previous 7-day period): 4 views, 3 visitors.
    add(2, "/blog", "c", "www.bing.com");
    add(2, "/", "c");
    add(10, "/", "d");
    add(10, "/", "e");
    add(10, "/about", "f", null, "tablet");
    add(10, "/about", "f", null, "tablet");
    await db().insert(pageViews).values(views);

    expect(await rollUpPageViews(now)).toEqual({ days: 2 });
    // Again: nothing new to sum, nothing counted twice.
    expect(await rollUpPageViews(now)).toEqual({ days: 0 });
    const totals = await db()
      .select({ day: analyticsDaily.day, views: analyticsDaily.views, visitors: analyticsDaily.visitors })
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.dimension} = 'total'`)
      .orderBy(analyticsDaily.day);
    expect(totals.map(({ views, visitors }) => ({ views, visitors }))).toEqual([
      { views: 4, visitors: 3 },
      { views: 2, visitors: 1 },
    ]);

    await db()
      .insert(contacts)
      .values([
        {
          name: "A",
          email: "a@example.fr",
          message: "Bonjour, un devis",
          sourcePage: "/blog",
          createdAt: noon(now, 1),
        },
        {
          name: "B",
          email: "b@example.fr",
          message: "Bonjour, un devis",
          sourcePage: "/blog",
          createdAt: noon(now, 0),
        },
        {
          name: "C",
          email: "c@example.fr",
          message: "Bonjour, un devis",
          sourcePage: "/",
          createdAt: noon(now, 3),
        },
        { name: "D", email: "d@example.fr", message: "Bonjour, un devis", createdAt: noon(now, 9) },
      ]);

    const report = await getAnalyticsReport("7d", now);
    expect(report.totals.current).toEqual({ views: 5, visitors: 3 });
    expect(report.totals.previous).toEqual({ views: 4, visitors: 3 });
    expect(report.series).toHaveLength(7);
    expect(report.series.at(-1)).toMatchObject({ key: analyticsDay(now), views: 3, visitors: 2 });
    expect(report.pages[0]).toMatchObject({ value: "/", views: 3, visitors: 3, title: "Accueil" });
    expect(report.referrers.map((r) => r.value).sort()).toEqual(["", "www.bing.com", "www.google.fr"]);
    expect(report.devices.find((d) => d.value === "mobile")).toMatchObject({ views: 1 });
    expect(report.requests).toMatchObject({ current: 3, previous: 1 });
    expect(report.requests.bySourcePage[0]).toEqual({ page: "/blog", requests: 2 });
    expect(report.counters.contacts).toBe(4);
  });

  it("counts the articles and projects the public sees, by the publication rule", async () => {
    await db().execute(sql`truncate blog_articles, projects cascade`);
    const hour = 3_600_000;
    const past = new Date(Date.now() - hour);
    const future = new Date(Date.now() + hour);
    // Seen: published (dated in the past, or undated) and scheduled for a past date.
    const items = [
      { status: "published", publishedAt: past },
      { status: "published", publishedAt: null },
      { status: "scheduled", scheduledAt: past },
      { status: "published", publishedAt: future },
      { status: "scheduled", scheduledAt: future },
      { status: "scheduled", scheduledAt: null },
      { status: "draft", publishedAt: past },
      { status: "archived", publishedAt: past },
    ];
    await db()
      .insert(blogArticles)
      .values(items.map((item, i) => ({ title: `Article ${i}`, slug: `article-${i}`, ...item })));
    await db()
      .insert(projects)
      .values(items.slice(2).map((item, i) => ({ title: `Projet ${i}`, slug: `projet-${i}`, ...item })));
    const { counters } = await getAnalyticsReport("7d");
    expect(counters).toMatchObject({ articles: 3, projects: 1 });
  });

  it("sums each newly summed day into its month, and 12 months add whole months to the days left", async () => {
    await db().execute(sql`truncate page_views, analytics_daily, analytics_monthly`);
    const at = (instant: string) => new Date(instant);
    await db()
      .insert(pageViews)
      .values([
        { path: "/c", visitorHash: "w", createdAt: at("2025-03-31T12:00:00+02:00") },
        { path: "/a", visitorHash: "z", createdAt: at("2025-12-15T12:00:00+01:00") },
        { path: "/b", visitorHash: "u", createdAt: at("2026-02-10T12:00:00+01:00") },
        { path: "/b", visitorHash: "v", createdAt: at("2026-02-25T12:00:00+01:00") },
        { path: "/a", visitorHash: "x", createdAt: at("2026-03-02T12:00:00+01:00") },
        { path: "/a", visitorHash: "y", createdAt: at("2026-03-10T12:00:00+01:00") },
        { path: "/b", visitorHash: "y", createdAt: at("2026-03-10T13:00:00+01:00") },
        { path: "/a", visitorHash: "x", createdAt: at("2026-03-20T09:00:00+01:00") },
      ]);
    const monthly = () =>
      db()
        .select({
          month: analyticsMonthly.month,
          value: analyticsMonthly.value,
          views: analyticsMonthly.views,
          visitors: analyticsMonthly.visitors,
        })
        .from(analyticsMonthly)
        .where(sql`${analyticsMonthly.dimension} = 'path'`)
        .orderBy(analyticsMonthly.month, analyticsMonthly.value);

    // On 5 March, March holds its 2nd only; the 10th, summed later, is added to the month.
    expect(await rollUpPageViews(at("2026-03-05T12:00:00+01:00"))).toEqual({ days: 5 });
    expect(await monthly()).toEqual([
      { month: "2025-03-01", value: "/c", views: 1, visitors: 1 },
      { month: "2025-12-01", value: "/a", views: 1, visitors: 1 },
      { month: "2026-02-01", value: "/b", views: 2, visitors: 2 },
      { month: "2026-03-01", value: "/a", views: 1, visitors: 1 },
    ]);
    const now = at("2026-03-20T12:00:00+01:00");
    expect(await rollUpPageViews(now)).toEqual({ days: 1 });
    expect(await monthly()).toEqual([
      { month: "2025-03-01", value: "/c", views: 1, visitors: 1 },
      { month: "2025-12-01", value: "/a", views: 1, visitors: 1 },
      { month: "2026-02-01", value: "/b", views: 2, visitors: 2 },
      { month: "2026-03-01", value: "/a", views: 2, visitors: 2 },
      { month: "2026-03-01", value: "/b", views: 1, visitors: 1 },
    ]);

    // Whole months (March's row holds its 1st–19th), then the 20th from the raw views.
    const year = await getAnalyticsReport("12m", now);
    expect(year.pages.map(({ value, views, visitors }) => ({ value, views, visitors }))).toEqual([
      { value: "/a", views: 4, visitors: 4 },
      { value: "/b", views: 3, visitors: 3 },
    ]);
    expect(year.totals).toEqual({ current: { views: 7, visitors: 6 }, previous: { views: 1, visitors: 1 } });
    // From 19 February: February's days from the 19th (not its row), March's row, then the 20th.
    const month = await getAnalyticsReport("30d", now);
    expect(month.pages.map(({ value, views }) => ({ value, views }))).toEqual([
      { value: "/a", views: 3 },
      { value: "/b", views: 2 },
    ]);
  });

  it("covers 12 calendar months against the 12 before", () => {
    const { current, previous } = periodsOf("12m", new Date("2026-05-20T10:00:00Z"));
    expect(current).toEqual({ from: "2025-06-01", to: "2026-05-20" });
    expect(previous).toEqual({ from: "2024-06-01", to: "2025-05-31" });
    expect(periodsOf("7d", new Date("2026-05-20T10:00:00Z"))).toEqual({
      current: { from: "2026-05-14", to: "2026-05-20" },
      previous: { from: "2026-05-07", to: "2026-05-13" },
    });
  });
});
