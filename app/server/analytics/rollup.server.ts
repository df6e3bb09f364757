import { sql, type SQL } from "drizzle-orm";
import { analyticsDimensions, type AnalyticsDimension } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { analyticsDaily, analyticsMonthly, analyticsSalts, pageViews } from "~/server/db/schema";
import { logger as rootLogger } from "~/server/logger.server";
import { ANALYTICS_TIME_ZONE, analyticsDay } from "./visitors.server";

const logger = rootLogger.child({ module: "analytics" });

/** The start of `day` (a date expression) in the analytics time zone, as a timestamptz. */
function dayStart(day: SQL | string): SQL {
  return sql`((${day})::date::timestamp at time zone ${ANALYTICS_TIME_ZONE})`;
}

/** The raw column each summed dimension groups by ("total" groups by the day alone). */
const dimensionColumns = {
  path: "path",
  referrer: "referrer",
  device: "device_type",
  // A visit's source as a request's (contact_origin_counts): its UTM source, else the referring host.
  source: "source",
  medium: "utm_medium",
  campaign: "utm_campaign",
} as const satisfies Record<Exclude<AnalyticsDimension, "total">, string>;

/**
 * Raw page views from `from` (inclusive) to `to` (exclusive), both day expressions, summed per day
 * and dimension: the rows `analytics_daily` holds, for the `dimensions` asked only (each grouping
 * set sorts the span's views once more). One pass, one grouping set a dimension. Texts are compared
 * bytewise (collate "C"): grouping and distinct need equality only, and it sorts faster.
 */
export function summedPageViews(
  from: SQL | string,
  to: SQL | string,
  dimensions: readonly AnalyticsDimension[] = analyticsDimensions,
): SQL {
  const grouped = dimensions
    .filter((dimension) => dimension !== "total")
    .map((dimension) => ({ dimension, column: sql.identifier(dimensionColumns[dimension]) }));
  const dimension =
    grouped.length > 0
      ? sql`case ${sql.join(
          grouped.map(({ dimension, column }) => sql`when grouping(${column}) = 0 then ${dimension}::text`),
          sql` `,
        )} else 'total' end`
      : sql`'total'`;
  const value = sql`coalesce(${sql.join([...grouped.map(({ column }) => column), sql`''`], sql`, `)})`;
  const sets = dimensions.map((name) =>
    name === "total" ? sql`(day)` : sql`(day, ${sql.identifier(dimensionColumns[name])})`,
  );
  return sql`
    select day, ${dimension} as dimension, ${value} as value,
      count(*)::int as views,
      count(distinct visitor_hash)::int as visitors
    from (
      select (${pageViews.createdAt} at time zone ${ANALYTICS_TIME_ZONE})::date as day,
        ${pageViews.path} collate "C" as path, ${pageViews.referrer} collate "C" as referrer,
        ${pageViews.deviceType} collate "C" as device_type, ${pageViews.visitorHash} collate "C" as visitor_hash,
        coalesce(${pageViews.utmSource}, ${pageViews.referrer}) collate "C" as source,
        ${pageViews.utmMedium} collate "C" as utm_medium, ${pageViews.utmCampaign} collate "C" as utm_campaign
      from ${pageViews}
      where ${pageViews.createdAt} >= ${dayStart(from)} and ${pageViews.createdAt} < ${dayStart(to)}
    ) raw
    group by grouping sets (${sql.join(sets, sql`, `)})`;
}

/** The last day summed into analytics_daily, or null before the first rollup. */
export function lastSummedDay(): SQL {
  return sql`(select max(${analyticsDaily.day}) from ${analyticsDaily} where ${analyticsDaily.dimension} = 'total')`;
}

/**
 * Sums every finished day not summed yet (normally yesterday; after downtime, each missed day)
 * into analytics_daily, then those days' months into analytics_monthly, in one transaction so a
 * report never sees a day without its month; and deletes salts of past days should no beacon have
 * done it. Safe to run again: a day's and a month's rows are replaced, not added to.
 */
export async function rollUpPageViews(now = new Date()): Promise<{ days: number }> {
  const today = analyticsDay(now);
  const days = await db().transaction(async (tx) => {
    const { rows } = await tx.execute<{ days: number; first: string | null }>(sql`
      with summed as (
        insert into ${analyticsDaily} (day, dimension, value, views, visitors)
        ${summedPageViews(
          sql`coalesce(${lastSummedDay()} + 1, (select min(${pageViews.createdAt} at time zone ${ANALYTICS_TIME_ZONE})::date from ${pageViews}))`,
          today,
        )}
        on conflict (day, dimension, value)
          do update set views = excluded.views, visitors = excluded.visitors
        returning day, dimension
      )
      select count(*) filter (where dimension = 'total')::int as days, min(day)::text as first from summed`);
    const { days, first } = rows[0] ?? { days: 0, first: null };
    if (first !== null) {
      await tx.execute(sql`
        insert into ${analyticsMonthly} (month, dimension, value, views, visitors)
        select date_trunc('month', ${analyticsDaily.day})::date, ${analyticsDaily.dimension}, ${analyticsDaily.value},
          sum(${analyticsDaily.views})::int, sum(${analyticsDaily.visitors})::int
        from ${analyticsDaily}
        where ${analyticsDaily.day} >= date_trunc('month', ${first}::date)::date
        group by 1, 2, 3
        on conflict (month, dimension, value)
          do update set views = excluded.views, visitors = excluded.visitors`);
    }
    return days;
  });
  await db()
    .delete(analyticsSalts)
    .where(sql`${analyticsSalts.day} < ${today}`);
  if (days > 0) logger.info({ days }, "page views summed");
  return { days };
}
