import { sql } from "drizzle-orm";
import type { ContactStatus, ContentStatus } from "~/lib/enums";
import { db } from "~/server/db/client.server";
import { blogArticles, blogAuthors, contacts, contactStatusCounts, projects } from "~/server/db/schema";

export type DashboardCounts = { projects: number; articles: number; authors: number; contacts: number };

export type RecentActivity =
  | { kind: "project" | "article"; id: string; title: string; status: ContentStatus; createdAt: Date | null }
  | { kind: "contact"; id: string; title: string; status: ContactStatus; createdAt: Date | null };

/** The dashboard's four counts, in one round trip. */
export async function getDashboardCounts(): Promise<DashboardCounts> {
  const { rows } = await db().execute<DashboardCounts>(sql`
    select
      (select count(*) from ${projects})::int as "projects",
      (select count(*) from ${blogArticles})::int as "articles",
      (select count(*) from ${blogAuthors})::int as "authors",
      (select coalesce(sum(requests), 0) from ${contactStatusCounts} where status <> 'spam')::int as "contacts"`);
  return rows[0]!;
}

/** The `limit` newest projects, articles and contact requests together, newest first. */
export async function getRecentActivity(limit = 5): Promise<RecentActivity[]> {
  const { rows } = await db().execute<{
    kind: RecentActivity["kind"];
    id: string;
    title: string;
    status: string;
    // Drizzle's node-postgres driver hands raw timestamps back as text.
    created_at: string | null;
  }>(sql`
    (select 'project' as kind, id, title, status, created_at from ${projects}
      order by created_at desc limit ${limit})
    union all
    (select 'article', id, title, status, created_at from ${blogArticles}
      order by created_at desc limit ${limit})
    union all
    (select 'contact', id, coalesce(name || ' — ' || nullif(subject, ''), name), status, created_at
      from ${contacts} where status <> 'spam' order by created_at desc limit ${limit})
    order by created_at desc nulls last
    limit ${limit}`);
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    status: row.status,
    createdAt: row.created_at ? new Date(row.created_at) : null,
  })) as RecentActivity[];
}

export type ScheduledPublication = {
  kind: "project" | "article";
  id: string;
  title: string;
  scheduledAt: Date;
};

/**
 * 'Publications planifiées' (issue 21, point 8): the `limit` next scheduled articles and projects
 * whose date is still ahead (once it has passed they are public: visibility.server.ts), soonest first.
 */
export async function getScheduledPublications(limit = 10): Promise<ScheduledPublication[]> {
  const upcoming = (kind: ScheduledPublication["kind"], table: typeof projects | typeof blogArticles) => sql`
    (select ${kind} as kind, id, title, scheduled_at from ${table}
      where status = 'scheduled' and scheduled_at > now() order by scheduled_at, id limit ${limit})`;
  const { rows } = await db().execute<{
    kind: ScheduledPublication["kind"];
    id: string;
    title: string;
    scheduled_at: string;
  }>(
    sql`${upcoming("article", blogArticles)} union all ${upcoming("project", projects)}
      order by scheduled_at, id limit ${limit}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    scheduledAt: new Date(row.scheduled_at),
  }));
}
