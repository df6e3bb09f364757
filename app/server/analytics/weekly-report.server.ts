import { and, eq, gte, lt, sql } from "drizzle-orm";
import { staticPageNames } from "~/lib/admin/analytics";
import { sourceLabel } from "~/lib/admin/contact-origin";
import { formatShortDate } from "~/lib/format-date";
import { mutate, type MutationContext } from "~/server/audit/mutation.server";
import { config } from "~/server/config.server";
import { countContacts } from "~/server/contacts/inbox.server";
import { db } from "~/server/db/client.server";
import { contactDailyCounts, emailOutbox, users } from "~/server/db/schema";
import { announceEnqueued, enqueueEmail } from "~/server/mail/outbox.server";
import { loadTemplate, renderEmail } from "~/server/mail/templates.server";
import { topOrigins } from "./conversions.server";
import { dailyTotals, pageTitles, rankedSums, shiftDays, type DaySpan } from "./report.server";
import { ANALYTICS_TIME_ZONE, analyticsDay } from "./visitors.server";
import { formatCount, plural } from "~/lib/plural";
import { topSearches } from "~/server/search/search-counts.server";

const TOP = 5;

type Compared = { current: number; previous: number };
type Line = { label: string; visitors: number; requests: number };

/** What the Monday mail says (issue 38 §4); a section more is a field here and a placeholder. */
export type WeeklyReport = {
  week: DaySpan;
  visitors: Compared;
  requests: Compared;
  pages: { label: string; views: number }[];
  sources: Line[];
  campaigns: Line[];
  /** Requests still 'Nouveau', whatever their week. */
  newRequests: number;
  failedMails: number;
  /** What visitors searched for on the site and did not find (the week's most frequent). */
  fruitlessSearches: { query: string; searches: number }[];
};

/** The last whole week, Monday to Sunday (Europe/Paris), before `now`. */
export function lastWeek(now: Date): DaySpan {
  const today = analyticsDay(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sunday = shiftDays(today, -(weekday === 0 ? 7 : weekday));
  return { from: shiftDays(sunday, -6), to: sunday };
}

async function visitorsOf(span: DaySpan) {
  const { rows } = await db().execute<{ visitors: number }>(
    sql`select coalesce(sum(visitors), 0)::int as visitors from (${dailyTotals(span)}) sums`,
  );
  return rows[0]!.visitors;
}

async function requestsOf(span: DaySpan) {
  const [row] = await db()
    .select({ requests: sql<number>`coalesce(sum(${contactDailyCounts.requests}), 0)::int` })
    .from(contactDailyCounts)
    .where(sql`${contactDailyCounts.day} between ${span.from}::date and ${span.to}::date`);
  return row!.requests;
}

/** Mails of the week the outbox gave up on (their rows say why, in 'Envois d'e-mails'). */
async function failedMailsOf(span: DaySpan) {
  const start = (day: string) => sql`(${day}::date::timestamp at time zone ${ANALYTICS_TIME_ZONE})`;
  return db().$count(
    emailOutbox,
    and(
      eq(emailOutbox.status, "failed"),
      gte(emailOutbox.createdAt, start(span.from)),
      lt(emailOutbox.createdAt, start(shiftDays(span.to, 1))),
    ),
  );
}

export async function weeklyReportOf(now = new Date()): Promise<WeeklyReport> {
  const week = lastWeek(now);
  const before = { from: shiftDays(week.from, -7), to: shiftDays(week.to, -7) };
  const [
    visitors,
    visitorsBefore,
    requests,
    requestsBefore,
    ranked,
    origins,
    newRequests,
    failedMails,
    fruitlessSearches,
  ] = await Promise.all([
    visitorsOf(week),
    visitorsOf(before),
    requestsOf(week),
    requestsOf(before),
    // One more than listed: the direct visits ('') are left out of the sources and campaigns.
    rankedSums(week, ["path", "source", "campaign"], TOP + 1),
    topOrigins(week, 50),
    countContacts("new"),
    failedMailsOf(week),
    topSearches(week, { fruitless: true, limit: TOP }),
  ]);
  const titles = await pageTitles(ranked.filter((row) => row.dimension === "path").map((row) => row.value));
  const requestsFrom = (dimension: "source" | "campaign", value: string) =>
    origins.find((row) => row.dimension === dimension && row.value === value)?.requests ?? 0;
  const lines = (dimension: "source" | "campaign") =>
    ranked
      .filter((row) => row.dimension === dimension && row.value)
      .slice(0, TOP)
      .map((row) => ({
        label: dimension === "source" ? sourceLabel(row.value) : row.value,
        visitors: row.visitors,
        requests: requestsFrom(dimension, row.value),
      }));
  return {
    week,
    visitors: { current: visitors, previous: visitorsBefore },
    requests: { current: requests, previous: requestsBefore },
    pages: ranked
      .filter((row) => row.dimension === "path")
      .slice(0, TOP)
      .map((row) => {
        const title = staticPageNames[row.value] ?? titles.get(row.value);
        return { label: title ? `${title} (${row.value})` : row.value, views: row.views };
      }),
    sources: lines("source"),
    campaigns: lines("campaign"),
    newRequests,
    failedMails,
    fruitlessSearches: fruitlessSearches.map(({ query, searches }) => ({ query, searches })),
  };
}

function compared({ current, previous }: Compared) {
  if (previous === 0) return `${formatCount(current)} (aucun la semaine précédente)`;
  const change = Math.round(((current - previous) / previous) * 100);
  return `${formatCount(current)} (la semaine précédente : ${formatCount(previous)}, ${change > 0 ? "+" : ""}${change} %)`;
}

function list(lines: string[], none: string) {
  return lines.length > 0 ? lines.map((line) => `- ${line}`).join("\n") : none;
}

const originLine = (line: Line) =>
  `${line.label} : ${plural(line.visitors, "visiteur")}, ${plural(line.requests, "demande")}`;

/** The template's placeholders (app/lib/admin/email-templates.ts, weekly_report). */
export function weeklyReportVariables(report: WeeklyReport): Record<string, string> {
  return {
    period: `du lundi ${formatShortDate(`${report.week.from}T12:00:00Z`)} au dimanche ${formatShortDate(`${report.week.to}T12:00:00Z`)}`,
    visitors: compared(report.visitors),
    requests: compared(report.requests),
    top_pages: list(
      report.pages.map((page) => `${page.label} : ${plural(page.views, "vue")}`),
      "Aucune page vue.",
    ),
    top_sources: list(report.sources.map(originLine), "Aucune visite venue d'un autre site."),
    top_campaigns: list(report.campaigns.map(originLine), "Aucune visite venue d'une campagne."),
    new_requests: formatCount(report.newRequests),
    failed_mails: formatCount(report.failedMails),
    fruitless_searches: list(
      report.fruitlessSearches.map(
        (search) => `« ${search.query} » : ${plural(search.searches, "recherche")}`,
      ),
      "Aucune recherche restée sans résultat.",
    ),
    statistics_url: `${config.publicUrl}/admin/analytics?range=7d`,
    profile_url: `${config.publicUrl}/admin/profile`,
  };
}

/** Who receives the report: active staff who keep it on ('Profil'; by default, the admins). */
export const receivesWeeklyReport = sql<boolean>`coalesce(${users.weeklyReport}, ${users.role} = 'admin')`;

/**
 * The Monday 08:00 report (Europe/Paris, issue 38): last week's figures to each staff member who
 * receives it, queued in the outbox in one transaction. Nothing is sent for a week without a visit
 * or a request. Returns how many mails were queued.
 */
export async function sendWeeklyReports(now = new Date()) {
  const report = await weeklyReportOf(now);
  if (report.visitors.current === 0 && report.requests.current === 0) return { queued: 0 };
  const queued = await db().transaction(async (tx) => {
    const people = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(receivesWeeklyReport, sql`${users.banned} is not true`))
      .orderBy(users.email);
    if (people.length === 0) return 0;
    const mail = renderEmail(await loadTemplate(tx, "weekly_report"), weeklyReportVariables(report));
    for (const person of people)
      await enqueueEmail(tx, {
        templateName: "weekly_report",
        toAddress: person.email,
        subject: mail.subject,
        htmlBody: mail.html,
        textBody: mail.text,
      });
    return people.length;
  });
  if (queued > 0) announceEnqueued();
  return { queued };
}

/** Whether a staff member receives the Monday report ('Profil'). */
export async function receivesWeeklyReportOf(userId: string) {
  const [row] = await db().select({ on: receivesWeeklyReport }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** 'Recevoir le rapport hebdomadaire' in 'Profil': each person for themselves, audited. */
export async function setWeeklyReport(context: MutationContext, on: boolean) {
  await mutate(context, (m) => m.update(users, context.actor.id, { weeklyReport: on }));
}
