import { sql, type SQL } from "drizzle-orm";
import type { AnalyticsRange } from "~/lib/admin/analytics";
import type { ContactOriginDimension } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { contactDailyCounts, contactOriginCounts, contactOriginMonthly } from "~/server/db/schema";
import {
  addUpDays,
  dailyTotals,
  periodsOf,
  shiftDays,
  shiftMonths,
  spanSums,
  type DaySpan,
} from "./report.server";
import { analyticsDay } from "./visitors.server";

/** Requests from one origin, and the visitors that origin brought (null where visits do not say). */
export type Conversion = { value: string; requests: number; visitors: number | null };

export type ConversionPoint = { key: string; visitors: number; requests: number };

/** 'Demandes de devis' of 'Statistiques' (issue 38): requests beside visits, and where they came from. */
export type ConversionReport = {
  range: AnalyticsRange;
  periods: { current: DaySpan; previous: DaySpan };
  totals: { current: Omit<ConversionPoint, "key">; previous: Omit<ConversionPoint, "key"> };
  /** The current period day by day (month by month over 12 months), quiet ones at zero. */
  series: ConversionPoint[];
  landing: Conversion[];
  sources: Conversion[];
  campaigns: Conversion[];
};

const TOP = 10;

/** Visitors and requests a day over a span, read from the daily sums (and today's raw views). */
async function perDay(span: DaySpan) {
  const { rows } = await db().execute<{ day: string; visitors: number; requests: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(visitors)::int as visitors, sum(requests)::int as requests
    from (
      select day, visitors, 0 as requests from (${dailyTotals(span)}) traffic
      union all
      select ${contactDailyCounts.day}, 0, ${contactDailyCounts.requests} from ${contactDailyCounts}
        where ${contactDailyCounts.day} between ${span.from}::date and ${span.to}::date
    ) sums group by day`);
  return rows;
}

/**
 * The origin sums of a span: a row a month (contact_origin_monthly) for the months it covers whole,
 * a row a day for its other days, so twelve months read twelve rows a value, not 365. The sums
 * follow the requests as they come: a month whose remaining days are still ahead counts as whole.
 */
function originSums(span: DaySpan): SQL {
  const today = analyticsDay(new Date());
  const monthsFrom = span.from.endsWith("-01") ? span.from : shiftMonths(span.from, 1);
  const afterTo = shiftMonths(span.to, 1);
  const monthsEnd =
    shiftDays(afterTo, -1) === span.to || span.to >= today ? afterTo : `${span.to.slice(0, 7)}-01`;
  const days = (from: string, to: string) => sql`
    select ${contactOriginCounts.dimension} as dimension, ${contactOriginCounts.value} as value,
      ${contactOriginCounts.requests} as requests
    from ${contactOriginCounts}
    where ${contactOriginCounts.day} between ${from}::date and ${to}::date`;
  if (monthsFrom >= monthsEnd) return days(span.from, span.to);
  return sql`
    select ${contactOriginMonthly.dimension}, ${contactOriginMonthly.value}, ${contactOriginMonthly.requests}
    from ${contactOriginMonthly}
    where ${contactOriginMonthly.month} >= ${monthsFrom}::date and ${contactOriginMonthly.month} < ${monthsEnd}::date
    union all ${days(span.from, shiftDays(monthsFrom, -1))}
    union all ${days(monthsEnd, span.to)}`;
}

/** The `top` origins of each dimension by requests over a span. */
export async function topOrigins(span: DaySpan, top: number) {
  const { rows } = await db().execute<{
    dimension: ContactOriginDimension;
    value: string;
    requests: number;
  }>(sql`
    select dimension, value, requests from (
      select dimension, value, requests,
        row_number() over (partition by dimension order by requests desc, value) as rank
      from (
        select dimension, value, sum(requests)::int as requests
        from (${originSums(span)}) sums
        group by 1, 2
      ) totals where requests > 0
    ) ranked where rank <= ${top} order by dimension, rank`);
  return rows;
}

/** The visitors of the sources and campaigns listed (the page views' own sums of both). */
async function visitorsOf(span: DaySpan, values: { source: string[]; campaign: string[] }) {
  const wanted = [...values.source.map((v) => ["source", v]), ...values.campaign.map((v) => ["campaign", v])];
  if (wanted.length === 0) return new Map<string, number>();
  const { rows } = await db().execute<{ dimension: string; value: string; visitors: number }>(sql`
    select dimension, value, sum(visitors)::int as visitors
    from (${spanSums(span, ["source", "campaign"])}) sums
    where (dimension, value) in (${sql.join(
      wanted.map(([dimension, value]) => sql`(${dimension}, ${value})`),
      sql`, `,
    )})
    group by dimension, value`);
  return new Map(rows.map((row) => [`${row.dimension}\0${row.value}`, row.visitors]));
}

export async function getConversionReport(
  range: AnalyticsRange,
  now = new Date(),
): Promise<ConversionReport> {
  const periods = periodsOf(range, now);
  const { current, previous } = periods;
  const [days, origins] = await Promise.all([
    perDay({ from: previous.from, to: current.to }),
    topOrigins(current, TOP),
  ]);
  const of = (dimension: ContactOriginDimension) => origins.filter((row) => row.dimension === dimension);
  // The direct visits ('' source) hold every page after a visit's first: no rate for them.
  const named = (dimension: ContactOriginDimension) =>
    of(dimension)
      .map((row) => row.value)
      .filter(Boolean);
  const visitors = await visitorsOf(current, { source: named("source"), campaign: named("campaign") });
  const withVisitors = (dimension: "source" | "campaign") =>
    of(dimension).map(({ value, requests }) => ({
      value,
      requests,
      visitors: value ? (visitors.get(`${dimension}\0${value}`) ?? 0) : null,
    }));

  const { sum, series } = addUpDays(range, current, days, ["visitors", "requests"]);

  return {
    range,
    periods,
    totals: { current: sum(current), previous: sum(previous) },
    series,
    landing: of("landing").map(({ value, requests }) => ({ value, requests, visitors: null })),
    sources: withVisitors("source"),
    campaigns: withVisitors("campaign"),
  };
}
