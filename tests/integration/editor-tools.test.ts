import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getScheduledPublications } from "~/server/content/dashboard.server";
import { duplicateContent } from "~/server/content/duplicate.server";
import { findMissingPages } from "~/server/content/internal-links.server";
import { db } from "~/server/db/client.server";
import {
  auditLog,
  blogArticleCategories,
  blogArticles,
  blogCategories,
  cmsPages,
  contentRevisions,
  projectCategories,
  projectCategoryRelations,
  projectImages,
  projects,
  slugRedirects,
  users,
} from "~/server/db/schema";
import { projectFormInput, updateProject } from "~/server/projects/projects.server";
import { MissingRowError } from "~/server/audit/mutation.server";

const DAY = 86_400_000;
const past = new Date(Date.now() - DAY);
const future = new Date(Date.now() + DAY);

let actor: { id: string; email: string };
const who = () => ({ actor, ip: "203.0.113.9" });

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Rédaction", email: "redaction@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_categories, projects, project_categories, project_images, cms_pages,
      audit_log, content_revisions, slug_redirects cascade`,
  );
});

const revisionsOf = (entityId: string) =>
  db().select().from(contentRevisions).where(eq(contentRevisions.entityId, entityId));

describe("internal link check of the pre-publish checklist", () => {
  it("finds the paths the public site would answer with a 404", async () => {
    const [renamed] = await db()
      .insert(blogArticles)
      .values([
        { title: "Public", slug: "public", status: "published", publishedAt: past },
        { title: "Renommé", slug: "nouveau-nom", status: "published", publishedAt: past },
        { title: "Brouillon", slug: "brouillon", status: "draft" },
        { title: "Plus tard", slug: "plus-tard", status: "scheduled", scheduledAt: future },
        { title: "Passé", slug: "deja-planifie", status: "scheduled", scheduledAt: past },
      ])
      .returning()
      .then((rows) => rows.filter((row) => row.slug === "nouveau-nom"));
    await db()
      .insert(slugRedirects)
      .values({ entityType: "blog_articles", oldSlug: "ancien-nom", entityId: renamed!.id });
    await db()
      .insert(projects)
      .values([
        { title: "Chantier", slug: "chantier", status: "published", publishedAt: past },
        { title: "Caché", slug: "cache", status: "draft" },
      ]);
    await db()
      .insert(cmsPages)
      .values([
        { title: "Garanties", slug: "garanties", content: "<p>Texte</p>", isPublished: true },
        { title: "Projet de page", slug: "projet-de-page", content: "<p>Texte</p>", isPublished: false },
      ]);

    const paths = [
      "/",
      "/contact",
      "/blog",
      "/blog/public",
      "/blog/ancien-nom",
      "/blog/deja-planifie",
      "/blog/brouillon",
      "/blog/plus-tard",
      "/blog/supprime",
      "/projects/chantier",
      "/projects/cache",
      "/garanties",
      "/projet-de-page",
      "/public",
      "/blog/public/commentaires",
      "/blog/%E0%A4%A",
    ];
    expect(await findMissingPages(paths)).toEqual([
      "/blog/%E0%A4%A",
      "/blog/brouillon",
      "/blog/plus-tard",
      "/blog/public/commentaires",
      "/blog/supprime",
      "/projects/cache",
      "/projet-de-page",
      "/public",
    ]);
    expect(await findMissingPages([])).toEqual([]);
  });
});

describe("'Dupliquer'", () => {
  it("copies a scheduled project as a draft under a new slug, with its gallery rows and category", async () => {
    const [category] = await db()
      .insert(projectCategories)
      .values({ name: "Tertiaire", slug: "tertiaire" })
      .returning();
    const [project] = await db()
      .insert(projects)
      .values({
        title: "Bureaux Limoges",
        slug: "bureaux-limoges",
        category: "Tertiaire",
        location: "Limoges",
        description: "Rénovation des bureaux.",
        mainImage: "/media/images/main.webp",
        content: "<p>Le chantier</p>",
        metaDescription: "Les bureaux",
        canonicalUrl: "https://www.example.fr/projects/bureaux-limoges",
        status: "scheduled",
        scheduledAt: future,
        publishedAt: past,
      })
      .returning();
    await db().insert(projectCategoryRelations).values({ projectId: project!.id, categoryId: category!.id });
    await db()
      .insert(projectImages)
      .values([
        { projectId: project!.id, imageUrl: "/media/images/a.webp", altText: "Façade", displayOrder: 0 },
        { projectId: project!.id, imageUrl: "/media/images/b.webp", altText: "Hall", displayOrder: 1 },
      ]);
    // Two saves: the original has a history of its own.
    for (const title of ["Bureaux Limoges", "Bureaux à Limoges"])
      await updateProject(who(), project!.id, {
        ...projectFormInput((await db().select().from(projects).where(eq(projects.id, project!.id)))[0]!),
        title,
        readTime: "5 min",
        status: "scheduled",
      });
    const history = (await revisionsOf(project!.id)).length;
    expect(history).toBeGreaterThan(1);

    const copyId = await duplicateContent(who(), "projects", project!.id);
    // A second copy gets a slug of its own.
    const secondId = await duplicateContent(who(), "projects", project!.id);
    const [copy] = await db().select().from(projects).where(eq(projects.id, copyId));
    const [second] = await db().select().from(projects).where(eq(projects.id, secondId));
    expect(copy).toMatchObject({
      title: "Copie de Bureaux à Limoges",
      slug: "bureaux-limoges-copie",
      status: "draft",
      scheduledAt: null,
      publishedAt: null,
      canonicalUrl: null,
      category: "Tertiaire",
      location: "Limoges",
      mainImage: "/media/images/main.webp",
      content: "<p>Le chantier</p>",
      metaDescription: "Les bureaux",
    });
    expect(second!.slug).toBe("bureaux-limoges-copie-2");
    const gallery = await db()
      .select({ url: projectImages.imageUrl, alt: projectImages.altText, order: projectImages.displayOrder })
      .from(projectImages)
      .where(eq(projectImages.projectId, copyId))
      .orderBy(asc(projectImages.displayOrder));
    expect(gallery).toEqual([
      { url: "/media/images/a.webp", alt: "Façade", order: 0 },
      { url: "/media/images/b.webp", alt: "Hall", order: 1 },
    ]);
    expect(await db().$count(projectCategoryRelations, eq(projectCategoryRelations.projectId, copyId))).toBe(
      1,
    );
    // The original's history stays its own: the copy has only the revision of its creation.
    const revisions = await revisionsOf(copyId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(copy!.createdAt.getTime());
    expect(await revisionsOf(project!.id)).toHaveLength(history);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, copyId), eq(auditLog.action, "duplicate")));
    expect(audit).toMatchObject({ entityType: "projects", actorId: actor.id, ipAddress: "203.0.113.9" });
    // The journal names the copy by its title.
    expect(audit!.details).toEqual({ sourceId: project!.id, label: copy!.title });
  });

  it("copies an article with its category, and a CMS page, as drafts", async () => {
    const [category] = await db()
      .insert(blogCategories)
      .values({ name: "Conseils", slug: "conseils" })
      .returning();
    const [article] = await db()
      .insert(blogArticles)
      .values({
        title: "Tableau",
        slug: "tableau",
        excerpt: "Un extrait",
        status: "published",
        publishedAt: past,
      })
      .returning();
    await db().insert(blogArticleCategories).values({ articleId: article!.id, categoryId: category!.id });
    const articleCopy = await duplicateContent(who(), "blog_articles", article!.id);
    const [copied] = await db().select().from(blogArticles).where(eq(blogArticles.id, articleCopy));
    expect(copied).toMatchObject({
      title: "Copie de Tableau",
      slug: "tableau-copie",
      excerpt: "Un extrait",
      status: "draft",
      publishedAt: null,
    });
    expect(
      await db()
        .select({ categoryId: blogArticleCategories.categoryId })
        .from(blogArticleCategories)
        .where(eq(blogArticleCategories.articleId, articleCopy)),
    ).toEqual([{ categoryId: category!.id }]);

    const [page] = await db()
      .insert(cmsPages)
      .values({
        title: "Garanties",
        slug: "garanties",
        content: "<p>Texte</p>",
        isPublished: true,
        publishedAt: past,
      })
      .returning();
    const pageCopy = await duplicateContent(who(), "cms_pages", page!.id);
    const [copiedPage] = await db().select().from(cmsPages).where(eq(cmsPages.id, pageCopy));
    expect(copiedPage).toMatchObject({
      title: "Copie de Garanties",
      slug: "garanties-copie",
      content: "<p>Texte</p>",
      isPublished: false,
      publishedAt: null,
    });
    expect(await revisionsOf(pageCopy)).toHaveLength(1);

    await expect(
      duplicateContent(who(), "cms_pages", "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow(MissingRowError);
  });
});

describe("'Publications planifiées'", () => {
  it("lists the next scheduled articles and projects, soonest first, at most the limit", async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    await db()
      .insert(blogArticles)
      .values([
        { title: "Article dans 3 h", slug: "a3", status: "scheduled", scheduledAt: at(3) },
        { title: "Article dans 1 h", slug: "a1", status: "scheduled", scheduledAt: at(1) },
        // Its date has passed: it is public, no longer planned.
        { title: "Article passé", slug: "a0", status: "scheduled", scheduledAt: at(-1) },
        { title: "Brouillon", slug: "b", status: "draft", scheduledAt: at(2) },
        { title: "Publié", slug: "p", status: "published", publishedAt: at(-2) },
      ]);
    await db()
      .insert(projects)
      .values([
        { title: "Projet dans 2 h", slug: "p2", status: "scheduled", scheduledAt: at(2) },
        { title: "Projet dans 4 h", slug: "p4", status: "scheduled", scheduledAt: at(4) },
      ]);
    const list = await getScheduledPublications(10);
    expect(list.map(({ kind, title }) => ({ kind, title }))).toEqual([
      { kind: "article", title: "Article dans 1 h" },
      { kind: "project", title: "Projet dans 2 h" },
      { kind: "article", title: "Article dans 3 h" },
      { kind: "project", title: "Projet dans 4 h" },
    ]);
    expect(list[0]!.scheduledAt).toBeInstanceOf(Date);
    expect(Math.abs(list[0]!.scheduledAt.getTime() - at(1).getTime())).toBeLessThan(60_000);
    expect((await getScheduledPublications(3)).map((item) => item.title)).toEqual([
      "Article dans 1 h",
      "Projet dans 2 h",
      "Article dans 3 h",
    ]);
  });
});
