import { inArray, sql, type SQL } from "drizzle-orm";
import { staticPageNames, type AnalyticsRange } from "~/lib/admin/analytics";
import type { AnalyticsDimension } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { countContacts } from "~/server/contacts/inbox.server";
import {
  analyticsDaily,
  analyticsMonthly,
  blogArticles,
  cmsPages,
  contactDailyCounts,
  projects,
  users,
} from "~/server/db/schema";
import { countPubliclyVisible } from "~/server/content/visibility.server";
import { lastSummedDay, summedPageViews } from "./rollup.server";
import { analyticsDay } from "./visitors.server";

/** A span of whole days, both ends included (YYYY-MM-DD). */
export type DaySpan = { from: string; to: string };

export function shiftDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function shiftMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months, 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The period ending today and the one of the same length just before it: the last 7 or 30 days,
 * or the current month and the 11 before it.
 */
export function periodsOf(range: AnalyticsRange, now: Date): { current: DaySpan; previous: DaySpan } {
  const today = analyticsDay(now);
  if (range === "12m") {
    const from = shiftMonths(today, -11);
    return {
      current: { from, to: today },
      previous: { from: shiftMonths(from, -12), to: shiftDays(from, -1) },
    };
  }
  const length = range === "7d" ? 7 : 30;
  const from = shiftDays(today, -(length - 1));
  return {
    current: { from, to: today },
    previous: { from: shiftDays(from, -length), to: shiftDays(from, -1) },
  };
}

/** The days of a span not summed yet (today, normally), summed from the raw page views. */
function liveSums(span: DaySpan, dimensions: readonly AnalyticsDimension[]): SQL {
  const firstLive = sql`greatest(${span.from}::date, coalesce(${lastSummedDay()} + 1, ${span.from}::date))`;
  return summedPageViews(firstLive, sql`${span.to}::date + 1`, dimensions);
}

/** Per-day totals of a span: the stored rollups, and the raw page views of the days not summed yet. */
export function dailyTotals(span: DaySpan): SQL {
  return sql`
    select day, views, visitors from ${analyticsDaily}
      where ${analyticsDaily.day} between ${span.from}::date and ${span.to}::date
        and ${analyticsDaily.dimension} = 'total'
    union all
    select day, views, visitors from (${liveSums(span, ["total"])}) live`;
}

/**
 * Sums of a span for `dimensions`, to be added up per value: a row a month for the months the span
 * covers whole (so twelve months read twelve rows a value, not 365), a row a day for its other
 * summed days, and the raw page views of the days not summed yet.
 */
export function spanSums(span: DaySpan, dimensions: readonly AnalyticsDimension[]): SQL {
  // Whole months run from the first one starting in the span to `monthsEnd` (excluded). The month
  // of `to` counts when `to` is its last day, or when its days summed so far (those its row
  // holds) all fall in the span: the current month, summed up to yesterday, qualifies.
  const monthsFrom = span.from.endsWith("-01") ? span.from : shiftMonths(span.from, 1);
  const afterTo = shiftMonths(span.to, 1);
  const monthsEnd =
    shiftDays(afterTo, -1) === span.to
      ? sql`${afterTo}::date`
      : sql`(case when ${lastSummedDay()} <= ${span.to}::date then ${afterTo}::date else ${`${span.to.slice(0, 7)}-01`}::date end)`;
  return sql`
    select dimension, value, views, visitors from ${analyticsMonthly}
      where ${analyticsMonthly.month} >= ${monthsFrom}::date and ${analyticsMonthly.month} < ${monthsEnd}
        and ${inArray(analyticsMonthly.dimension, [...dimensions])}
    union all
    select dimension, value, views, visitors from ${analyticsDaily}
      where ${analyticsDaily.day} between ${span.from}::date and ${span.to}::date
        and ${analyticsDaily.day} < ${monthsFrom}::date
        and ${inArray(analyticsDaily.dimension, [...dimensions])}
    union all
    -- A range of its own, not an "or" beside the span's: the index then starts after the whole
    -- months (known only as the query runs) instead of reading every day of the span to drop them.
    select dimension, value, views, visitors from ${analyticsDaily}
      where ${analyticsDaily.day} >= greatest(${monthsFrom}::date, ${monthsEnd})
        and ${analyticsDaily.day} <= ${span.to}::date
        and ${inArray(analyticsDaily.dimension, [...dimensions])}
    union all
    select dimension, value, views, visitors from (${liveSums(span, dimensions)}) live`;
}

/**
 * Figures a day added up: over a span (`sum`), and point by point over the current period
 * (`series`: a day each, a month each over 12 months, quiet ones at zero).
 */
export function addUpDays<Field extends string>(
  range: AnalyticsRange,
  current: DaySpan,
  days: ({ day: string } & Record<Field, number>)[],
  fields: readonly Field[],
) {
  const zero = () => Object.fromEntries(fields.map((field) => [field, 0])) as Record<Field, number>;
  const add = (total: Record<Field, number>, day: Record<Field, number> | undefined) => {
    for (const field of fields) total[field] += day?.[field] ?? 0;
  };
  const sum = (span: DaySpan) => {
    const total = zero();
    for (const day of days) if (day.day >= span.from && day.day <= span.to) add(total, day);
    return total;
  };
  const byDay = new Map(days.map((day) => [day.day, day]));
  const points = new Map<string, Record<Field, number> & { key: string }>();
  for (let day = current.from; day <= current.to; day = shiftDays(day, 1)) {
    const key = range === "12m" ? day.slice(0, 7) : day;
    const point = points.get(key) ?? { key, ...zero() };
    add(point, byDay.get(day));
    points.set(key, point);
  }
  return { sum, series: [...points.values()] };
}

export type Traffic = { views: number; visitors: number };
/** `key` is a day (YYYY-MM-DD), or a month (YYYY-MM) over 12 months. */
export type TrafficPoint = Traffic & { key: string };
export type Ranked = Traffic & { value: string };

export type AnalyticsReport = {
  range: AnalyticsRange;
  periods: { current: DaySpan; previous: DaySpan };
  counters: { contacts: number; articles: number; projects: number; users: number };
  /** Visitors are summed day by day: without a cookie, a visitor is only known within one day. */
  totals: { current: Traffic; previous: Traffic };
  /** The current period day by day (month by month over 12 months), quiet ones at zero. */
  series: TrafficPoint[];
  pages: (Ranked & { title: string | null })[];
  referrers: Ranked[];
  devices: Ranked[];
  requests: { current: number; previous: number; bySourcePage: { page: string | null; requests: number }[] };
};

const TOP = 10;

/** The `top` values of each of `dimensions` over a span, most viewed first. */
export async function rankedSums(
  span: DaySpan,
  dimensions: readonly AnalyticsDimension[],
  top: number,
): Promise<(Ranked & { dimension: AnalyticsDimension })[]> {
  const { rows } = await db().execute<Ranked & { dimension: AnalyticsDimension }>(
    sql`select dimension, value, views, visitors from (
      select dimension, value, views, visitors,
        row_number() over (partition by dimension order by views desc, value) as rank
      from (
        select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors
        from (${spanSums(span, dimensions)}) sums
        group by dimension, value
      ) totals
    ) ranked where rank <= ${top} order by dimension, rank`,
  );
  return rows;
}

/** The request sums' page (null: none was given) and total, for the requests by source page. */
const sourcePage = sql<string | null>`nullif(${contactDailyCounts.sourcePage}, '')`;
const requestSum = sql<number>`sum(${contactDailyCounts.requests})::int`;

export async function getAnalyticsReport(range: AnalyticsRange, now = new Date()): Promise<AnalyticsReport> {
  const periods = periodsOf(range, now);
  const { current, previous } = periods;
  const whole = { from: previous.from, to: current.to };

  const [contactCount, counters, perDay, ranked, requests, bySourcePage] = await Promise.all([
    countContacts(),
    db()
      .execute<Omit<AnalyticsReport["counters"], "contacts">>(
        sql`select
          ${countPubliclyVisible(blogArticles)} as "articles",
          ${countPubliclyVisible(projects)} as "projects",
          (select count(*) from ${users})::int as "users"`,
      )
      .then((result) => result.rows[0]!),
    db()
      .execute<{ day: string; views: number; visitors: number }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views, sum(visitors)::int as visitors
          from (${dailyTotals(whole)}) sums group by day`,
      )
      .then((result) => result.rows),
    rankedSums(current, ["path", "referrer", "device"], TOP),
    db()
      .execute<{ current: number; previous: number }>(
        sql`select
          coalesce(sum(${contactDailyCounts.requests}) filter (where ${contactDailyCounts.day} >= ${current.from}::date), 0)::int as current,
          coalesce(sum(${contactDailyCounts.requests}) filter (where ${contactDailyCounts.day} < ${current.from}::date), 0)::int as previous
          from ${contactDailyCounts}
          where ${contactDailyCounts.day} between ${previous.from}::date and ${current.to}::date`,
      )
      .then((result) => result.rows[0]!),
    db()
      .select({ page: sourcePage, requests: requestSum })
      .from(contactDailyCounts)
      .where(sql`${contactDailyCounts.day} between ${current.from}::date and ${current.to}::date`)
      .groupBy(contactDailyCounts.sourcePage)
      .having(sql`${requestSum} > 0`)
      .orderBy(sql`${requestSum} desc`, sourcePage)
      .limit(TOP),
  ]);

  const { sum, series } = addUpDays(range, current, perDay, ["views", "visitors"]);

  const of = (dimension: string): Ranked[] =>
    ranked
      .filter((row) => row.dimension === dimension)
      .map(({ value, views, visitors }) => ({ value, views, visitors }));
  const pages = of("path");
  const titles = await pageTitles(pages.map((page) => page.value));

  return {
    range,
    periods,
    counters: { contacts: contactCount, ...counters },
    totals: { current: sum(current), previous: sum(previous) },
    series,
    pages: pages.map((page) => ({
      ...page,
      title: staticPageNames[page.value] ?? titles.get(page.value) ?? null,
    })),
    referrers: of("referrer"),
    devices: of("device"),
    requests: { ...requests, bySourcePage },
  };
}

/** Titles of the articles, projects and CMS pages among `paths` (other paths are not looked up). */
export async function pageTitles(paths: string[]): Promise<Map<string, string>> {
  const slugs = (pattern: RegExp) =>
    paths.map((path) => pattern.exec(path)?.[1]).filter((slug): slug is string => Boolean(slug));
  const articleSlugs = slugs(/^\/blog\/([^/]+)$/);
  const projectSlugs = slugs(/^\/projects\/([^/]+)$/);
  const pageSlugs = slugs(/^\/([^/]+)$/);
  if (articleSlugs.length + projectSlugs.length + pageSlugs.length === 0) return new Map();
  const list = (values: string[]) =>
    sql`(${sql.join(values.length ? values.map((v) => sql`${v}`) : [sql`null`], sql`, `)})`;
  const { rows } = await db().execute<{ path: string; title: string }>(sql`
    select '/blog/' || slug as path, title from ${blogArticles} where slug in ${list(articleSlugs)}
    union all
    select '/projects/' || slug, title from ${projects} where slug in ${list(projectSlugs)}
    union all
    select '/' || slug, title from ${cmsPages} where slug in ${list(pageSlugs)}`);
  return new Map(rows.map((row) => [row.path, row.title]));
}
