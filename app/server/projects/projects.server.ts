/**
 * The back office's projects (back-office.md §2.9, §2.10, §4, §5): the list, the form's reads and
 * the create, update and delete mutations. The gallery is gallery.server.ts, quick creation
 * quick-create.server.ts.
 */
import { isUuid } from "~/lib/uuid";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type ListQuery } from "~/lib/list-query";
import { fromParisInput, toParisInput } from "~/lib/paris-time";
import {
  DEFAULT_PROJECT_READ_TIME,
  projectSlugFromTitle,
  type ProjectFormInput,
  type ProjectFormValues,
  type projectListSpec,
} from "~/lib/schemas/project";
import { slugify } from "~/lib/slugify";
import { mutate, type MutationContext, type MutationScope } from "~/server/audit/mutation.server";
import { db, type Executor } from "~/server/db/client.server";
import { containsText, listOrder, listPage } from "~/server/db/list.server";
import { uniqueSlug } from "~/server/db/unique-slug.server";
import { projectCategories, projectCategoryRelations, projects } from "~/server/db/schema";
import { deleteMediaIfUnused } from "~/server/media/cleanup.server";
import { announceEnqueued } from "~/server/mail/outbox.server";
import { queueProjectNotice } from "./notice.server";
import { moveToTrash } from "~/server/trash/trash.server";

export type ProjectListQuery = ListQuery<
  (typeof projectListSpec.sorts)[number],
  keyof NonNullable<typeof projectListSpec.filters>
>;

export type ProjectListItem = {
  id: string;
  title: string;
  slug: string;
  category: string | null;
  location: string | null;
  status: string;
  createdAt: Date;
};

/** §2.9: search in the title or the category name, optional category (by slug), newest first. */
export async function listProjects(query: ProjectListQuery) {
  const where = and(
    containsText([projects.title, projects.category], query.q),
    query.filters.category
      ? inArray(
          projects.category,
          db()
            .select({ name: projectCategories.name })
            .from(projectCategories)
            .where(eq(projectCategories.slug, query.filters.category)),
        )
      : undefined,
  );
  return listPage<ProjectListItem>(query.page, {
    count: () => db().$count(projects, where),
    rows: ({ limit, offset }) =>
      db()
        .select({
          id: projects.id,
          title: projects.title,
          slug: projects.slug,
          category: projects.category,
          location: projects.location,
          status: projects.status,
          createdAt: projects.createdAt,
        })
        .from(projects)
        .where(where)
        .orderBy(...listOrder(projects.createdAt, query.dir, projects.id))
        .limit(limit)
        .offset(offset),
  });
}

/** Project categories for the select and the filter, by name (§7). */
export function listProjectCategories() {
  return db()
    .select({ id: projectCategories.id, name: projectCategories.name, slug: projectCategories.slug })
    .from(projectCategories)
    .orderBy(asc(projectCategories.name));
}

/** The stored project for the edit form, or null (unknown or malformed id). */
export async function getProject(id: string | undefined) {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export type ProjectRow = typeof projects.$inferSelect;

/** A stored project as the form's fields, or a new project's defaults (§3: read time '5 min'). */
export function projectFormInput(row: ProjectRow | null): ProjectFormInput {
  return {
    title: row?.title ?? "",
    location: row?.location ?? "",
    description: row?.description ?? "",
    image: row?.mainImage ?? "",
    category: row?.category ?? "",
    readTime: row?.readTime ?? DEFAULT_PROJECT_READ_TIME,
    status: row?.status ?? "draft",
    slug: row?.slug ?? "",
    scheduledDate: toParisInput(row?.scheduledAt),
    content: row?.content ?? "",
    challenges: row?.challenges ?? "",
    solutions: row?.solutions ?? "",
    results: row?.results ?? "",
    metaTitle: row?.metaTitle ?? "",
    metaDescription: row?.metaDescription ?? "",
    metaKeywords: row?.metaKeywords ?? "",
    canonicalUrl: row?.canonicalUrl ?? "",
    ogTitle: row?.ogTitle ?? "",
    ogDescription: row?.ogDescription ?? "",
    ogImage: row?.ogImage ?? "",
    twitterTitle: row?.twitterTitle ?? "",
    twitterDescription: row?.twitterDescription ?? "",
    twitterImage: row?.twitterImage ?? "",
    updatedAt: row?.updatedAt.toISOString() ?? "",
  };
}

/** A slug typed by hand that another project holds. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`Le slug "${slug}" est déjà utilisé par un autre projet.`);
    this.name = "SlugTakenError";
  }
}

const emptyToNull = (value: string | undefined) => (value ? value : null);

/** The stored columns of the form's values, except the slug and the dates (rules of §4). */
function columnsOf(values: ProjectFormValues) {
  return {
    title: values.title,
    location: values.location,
    description: values.description,
    mainImage: values.image,
    category: values.category,
    readTime: values.readTime,
    status: values.status,
    content: emptyToNull(values.content),
    challenges: emptyToNull(values.challenges),
    solutions: emptyToNull(values.solutions),
    results: emptyToNull(values.results),
    metaTitle: emptyToNull(values.metaTitle),
    metaDescription: emptyToNull(values.metaDescription),
    metaKeywords: emptyToNull(values.metaKeywords),
    canonicalUrl: emptyToNull(values.canonicalUrl),
    ogTitle: emptyToNull(values.ogTitle),
    ogDescription: emptyToNull(values.ogDescription),
    ogImage: emptyToNull(values.ogImage),
    twitterTitle: emptyToNull(values.twitterTitle),
    twitterDescription: emptyToNull(values.twitterDescription),
    twitterImage: emptyToNull(values.twitterImage),
  };
}

/** A slug typed in the form (kept if free), else one made from the title. */
async function slugFor(tx: Executor, values: ProjectFormValues, exceptId?: string) {
  const typed = values.slug ? slugify(values.slug) : "";
  if (!typed)
    return uniqueSlug(tx, projects, projectSlugFromTitle(values.title), { fallback: "projet", exceptId });
  const [holder] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.slug, typed))
    .limit(1);
  if (holder && holder.id !== exceptId) throw new SlugTakenError(typed);
  return typed;
}

/** The project's category link (§3 project_category_relations): the category named, if it exists. */
async function linkCategory(tx: Executor, projectId: string, categoryName: string | null) {
  await tx.delete(projectCategoryRelations).where(eq(projectCategoryRelations.projectId, projectId));
  if (!categoryName) return;
  await tx.execute(sql`
    insert into ${projectCategoryRelations} (project_id, category_id)
    select ${projectId}, id from ${projectCategories} where name = ${categoryName}`);
}

/**
 * §4: a project created published is published now; one updated to published keeps its first
 * publication date; a scheduled one goes public at its date.
 */
function publicationDates(values: ProjectFormValues, previous: ProjectRow | null) {
  const scheduledAt = values.status === "scheduled" ? fromParisInput(values.scheduledDate) : null;
  const publishedAt =
    values.status === "published" ? (previous?.publishedAt ?? new Date()) : (previous?.publishedAt ?? null);
  return { scheduledAt: scheduledAt ?? previous?.scheduledAt ?? null, publishedAt };
}

/** Inserts a project and its category link in `m`'s transaction; queues the creation notice. */
export async function insertProject(
  m: MutationScope,
  values: Pick<ProjectRow, "title" | "status"> & Partial<Omit<typeof projects.$inferInsert, "id" | "slug">>,
  createdBy: string,
  options: { slug?: string } = {},
) {
  const slug =
    options.slug ??
    (await uniqueSlug(m.tx, projects, projectSlugFromTitle(values.title), { fallback: "projet" }));
  const project = await m.insert(projects, { ...values, slug });
  await linkCategory(m.tx, project.id, project.category);
  await queueProjectNotice(m.tx, project, createdBy);
  return project;
}

/** §2.10 create: one transaction (row, category link, audit, revision, notice in the outbox). */
export async function createProject(context: MutationContext, values: ProjectFormValues) {
  const project = await mutate(context, async (m) =>
    insertProject(m, { ...columnsOf(values), ...publicationDates(values, null) }, context.actor.email, {
      slug: await slugFor(m.tx, values),
    }),
  );
  announceEnqueued();
  return project;
}

/**
 * §2.10 update: refused when the project changed since the form was opened (`values.updatedAt`).
 * A main or social image the save replaced is removed from storage when nothing else uses it.
 */
export async function updateProject(context: MutationContext, id: string, values: ProjectFormValues) {
  const { project, previous } = await mutate(context, async (m) => {
    const [previous] = await m.tx.select().from(projects).where(eq(projects.id, id)).for("update");
    const project = await m.update(
      projects,
      id,
      {
        ...columnsOf(values),
        ...publicationDates(values, previous ?? null),
        slug: await slugFor(m.tx, values, id),
      },
      { expectedUpdatedAt: values.updatedAt ?? null },
    );
    await linkCategory(m.tx, id, project.category);
    return { project, previous: previous! };
  });
  await removeReplacedFiles(previous, project);
  return project;
}

/** Our media files a stored project points at: its images and those quoted in its texts. */
function mediaOf(row: ProjectRow | null): Set<string> {
  if (!row) return new Set();
  const html = [row.content, row.challenges, row.solutions, row.results].join(" ");
  return new Set(
    [
      row.mainImage,
      row.ogImage,
      row.twitterImage,
      ...(html.match(/\/media\/images\/[a-z0-9._-]+/g) ?? []),
    ].filter((url): url is string => Boolean(url)),
  );
}

/**
 * Files `before` used that `after` no longer does, removed if nothing uses them; an image of the
 * media library stays there, for another use.
 */
async function removeReplacedFiles(before: ProjectRow, after: ProjectRow) {
  const kept = mediaOf(after);
  for (const url of mediaOf(before)) if (!kept.has(url)) await deleteMediaIfUnused(url);
}

/**
 * §2.9 delete, now to the trash (decision 012): the project with its gallery rows and category
 * links, in one audited transaction; its files stay until it is purged.
 */
export function deleteProject(context: MutationContext, id: string) {
  return mutate(context, (m) => moveToTrash(m, context.actor, "projects", id));
}
