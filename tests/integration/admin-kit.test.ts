import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { changedFieldNames, recordAudit } from "~/server/audit/audit.server";
import { MissingRowError, mutate, StaleContentError } from "~/server/audit/mutation.server";
import { STALE_CONTENT_MESSAGE } from "~/lib/stale-content";
import { createArticle, getArticle, updateArticle } from "~/server/articles/articles.server";
import { updateCategory } from "~/server/content/categories.server";
import { listRevisions, restoreRevision } from "~/server/content/revisions.server";
import { findSlugRedirect } from "~/server/content/slug-redirects.server";
import { db } from "~/server/db/client.server";
import { containsText, frenchText, listOrder, listPage } from "~/server/db/list.server";
import { uniqueViolation } from "~/server/db/errors.server";
import {
  auditLog,
  blogArticles,
  blogAuthors,
  blogCategories,
  cmsPages,
  contentRevisions,
  projectCategories,
  projectCategoryRelations,
  slugRedirects,
  users,
} from "~/server/db/schema";
import { projectFormSchema } from "~/lib/schemas/project";
import { createProject, updateProject } from "~/server/projects/projects.server";
import { loader as cmsPageLoader } from "~/routes/site/cms-page";
import { loader as articleLoader } from "~/routes/site/article";
import { loader as projectLoader } from "~/routes/site/project";
import { projects } from "~/server/db/schema";

let actor: { id: string; email: string };
const context = () => ({ actor, ip: "203.0.113.7" });

beforeAll(async () => {
  const [user] = await db()
    .insert(users)
    .values({ name: "Rédactrice", email: "redaction@example.test", role: "user" })
    .returning();
  actor = { id: user!.id, email: user!.email };
});

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_authors, blog_categories, projects, project_categories, cms_pages, audit_log, content_revisions, slug_redirects cascade`,
  );
});

async function authors(names: string[]) {
  await db()
    .insert(blogAuthors)
    .values(names.map((name) => ({ name, bio: `Bio de ${name}` })));
}

function searchAuthors(q: string, page = 1) {
  const where = containsText([blogAuthors.name, blogAuthors.bio], q);
  return listPage(page, {
    count: () => db().$count(blogAuthors, where),
    rows: ({ limit, offset }) =>
      db()
        .select({ name: blogAuthors.name })
        .from(blogAuthors)
        .where(where)
        .orderBy(...listOrder(frenchText(blogAuthors.name), "asc", blogAuthors.id))
        .limit(limit)
        .offset(offset),
  });
}

describe("list helpers", () => {
  it("searches case-insensitively with %, _, \\ and quotes taken literally", async () => {
    await authors([
      "100% Élec",
      "1000 Volts",
      "a_b",
      "axb",
      "C:\\chemin",
      "L'Atelier",
      'Le "Pro"',
      "Électricité",
    ]);
    const names = async (q: string) => (await searchAuthors(q)).items.map((a) => a.name);
    expect(await names("%")).toEqual(["100% Élec"]);
    expect(await names("_")).toEqual(["a_b"]);
    expect(await names("\\")).toEqual(["C:\\chemin"]);
    expect(await names("l'atelier")).toEqual(["L'Atelier"]);
    expect(await names('"pro"')).toEqual(['Le "Pro"']);
    expect(await names("ÉLECTRICITÉ")).toEqual(["Électricité"]);
    expect(await names("électricité")).toEqual(["Électricité"]);
    expect(await names("'; drop table blog_authors; --")).toEqual([]);
    expect(await names("x".repeat(10_000))).toEqual([]);
    expect((await names("")).length).toBe(8);
  });

  it("counts and cuts pages in SQL, 25 a page, in French order", async () => {
    await authors(Array.from({ length: 60 }, (_, i) => `Auteur ${String(i).padStart(2, "0")}`));
    const first = await searchAuthors("auteur");
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 3, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.name).toBe("Auteur 00");
    const last = await searchAuthors("auteur", 3);
    expect(last.items.map((a) => a.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Auteur ${50 + i}`));
    // Past the end: the last page, not an empty one.
    expect(await searchAuthors("auteur", 99)).toMatchObject({ page: 3, total: 60 });
    expect(await searchAuthors("personne")).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: 25,
    });
  });

  it("reads each page once, and counts only when the first page is full", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `Auteur ${i}`);
    const reads: string[] = [];
    const pageOf = (list: string[], page: number) =>
      listPage(page, {
        count: async () => {
          reads.push("count");
          return list.length;
        },
        rows: async ({ limit, offset }) => {
          reads.push(`rows ${limit} ${offset}`);
          return list.slice(offset, offset + limit);
        },
      });
    expect(await pageOf(names.slice(0, 7), 1)).toMatchObject({ total: 7, pageCount: 1 });
    expect(reads.splice(0)).toEqual(["rows 25 0"]);
    expect(await pageOf(names, 1)).toMatchObject({ total: 30, pageCount: 2 });
    expect(reads.splice(0)).toEqual(["rows 25 0", "count"]);
    expect((await pageOf(names, 2)).items).toEqual(names.slice(25));
    expect(reads.splice(0)).toEqual(["count", "rows 25 25"]);
  });

  it("sorts accented titles beside their letter", async () => {
    await authors(["Zoé", "école", "Eau", "Électricien", "abri"]);
    expect((await searchAuthors("")).items.map((a) => a.name)).toEqual([
      "abri",
      "Eau",
      "école",
      "Électricien",
      "Zoé",
    ]);
  });
});

describe("audit trail", () => {
  it("names the changed fields, never values; bookkeeping columns left out", () => {
    const before = { id: "1", title: "A", smtpPassword: "old", updatedAt: new Date(1), when: new Date(5) };
    const after = { id: "1", title: "B", smtpPassword: "new", updatedAt: new Date(2), when: new Date(5) };
    expect(changedFieldNames(before, after)).toEqual(["smtpPassword", "title"]);
    expect(changedFieldNames(null, { id: "1", title: "A", bio: null, createdAt: new Date() })).toEqual([
      "title",
    ]);
  });

  it("records an event outside a mutation", async () => {
    await recordAudit(db(), {
      actor: null,
      action: "sign_in_failed",
      entityType: "auth",
      details: { email: "x@y.z" },
    });
    const [row] = await db().select().from(auditLog);
    expect(row).toMatchObject({ actorId: null, action: "sign_in_failed", entityType: "auth" });
  });
});

describe("mutate", () => {
  async function createPage(values: Partial<typeof cmsPages.$inferInsert> = {}) {
    return mutate(context(), (m) =>
      m.insert(cmsPages, { title: "Mentions", slug: "mentions", content: "<p>Texte légal</p>", ...values }),
    );
  }

  it("writes the row, its audit row and a revision of the stored row in one go", async () => {
    const page = await createPage({ isPublished: true, publishedAt: new Date() });
    const audits = await db().select().from(auditLog);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "create",
      entityType: "cms_pages",
      entityId: page.id,
      actorId: actor.id,
      actorEmail: actor.email,
      ipAddress: "203.0.113.7",
    });
    expect(audits[0]!.changedFields).toEqual(
      expect.arrayContaining(["title", "slug", "is_published", "content"]),
    );
    const revisions = await db().select().from(contentRevisions);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]!.data).toMatchObject({
      id: page.id,
      title: "Mentions",
      slug: "mentions",
      is_published: true,
    });

    const updated = await mutate(context(), (m) =>
      m.update(
        cmsPages,
        page.id,
        { title: "Mentions légales" },
        { expectedUpdatedAt: page.updatedAt.toISOString() },
      ),
    );
    expect(updated.title).toBe("Mentions légales");
    expect(updated.updatedAt.getTime()).toBeGreaterThan(page.updatedAt.getTime());
    const [update] = await db().select().from(auditLog).where(eq(auditLog.action, "update"));
    expect(update!.changedFields).toEqual(["title"]);
    expect(await db().$count(contentRevisions)).toBe(2);
  });

  it("refuses a stale save with the spec's message and writes nothing", async () => {
    const page = await createPage();
    const opened = page.updatedAt.toISOString();
    await mutate(context(), (m) =>
      m.update(cmsPages, page.id, { title: "Première" }, { expectedUpdatedAt: opened }),
    );

    const stale = mutate(context(), (m) =>
      m.update(cmsPages, page.id, { title: "Seconde" }, { expectedUpdatedAt: opened }),
    );
    await expect(stale).rejects.toBeInstanceOf(StaleContentError);
    await expect(stale).rejects.toThrow(STALE_CONTENT_MESSAGE);
    expect(STALE_CONTENT_MESSAGE).toBe(
      "Ce contenu a été modifié par quelqu'un d'autre depuis votre ouverture. Rechargez la page pour voir ses changements.",
    );
    const [row] = await db().select().from(cmsPages);
    expect(row!.title).toBe("Première");
    expect(await db().$count(auditLog)).toBe(2);
    expect(await db().$count(contentRevisions)).toBe(2);

    // A missing or unreadable version counts as stale too.
    await expect(
      mutate(context(), (m) =>
        m.update(cmsPages, page.id, { title: "X" }, { expectedUpdatedAt: "n'importe quoi" }),
      ),
    ).rejects.toBeInstanceOf(StaleContentError);
    await expect(
      mutate(context(), (m) => m.remove(cmsPages, page.id, { expectedUpdatedAt: opened })),
    ).rejects.toBeInstanceOf(StaleContentError);
  });

  it("rolls everything back when the work fails midway", async () => {
    await expect(
      mutate(context(), async (m) => {
        await m.insert(cmsPages, { title: "Un", slug: "un", content: "<p>contenu 1</p>" });
        await m.insert(cmsPages, { title: "Deux", slug: "un", content: "<p>contenu 2</p>" });
      }),
    ).rejects.toSatisfy((error) => uniqueViolation(error) === "cms_pages_slug_unique");
    expect(await db().$count(cmsPages)).toBe(0);
    expect(await db().$count(auditLog)).toBe(0);
    expect(await db().$count(contentRevisions)).toBe(0);
  });

  it("deletes with an audit row; a gone row is MissingRowError", async () => {
    const page = await createPage();
    await mutate(context(), (m) => m.remove(cmsPages, page.id, { details: { title: page.title } }));
    expect(await db().$count(cmsPages)).toBe(0);
    const [removal] = await db().select().from(auditLog).where(eq(auditLog.action, "delete"));
    expect(removal).toMatchObject({ entityId: page.id, details: { label: "Mentions", title: "Mentions" } });
    await expect(
      mutate(context(), (m) => m.update(cmsPages, page.id, { title: "X" })),
    ).rejects.toBeInstanceOf(MissingRowError);
  });

  it("audits tables without revisions (authors) and without updated_at checks", async () => {
    const author = await mutate(context(), (m) => m.insert(blogAuthors, { name: "Jean", bio: null }));
    await mutate(context(), (m) => m.update(blogAuthors, author.id, { bio: "Électricien" }));
    const rows = await db().select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(rows.map((r) => [r.action, r.entityType, r.changedFields])).toEqual([
      ["create", "blog_authors", ["name"]],
      ["update", "blog_authors", ["bio"]],
    ]);
    expect(await db().$count(contentRevisions)).toBe(0);
  });
});

describe("revisions", () => {
  it("lists who saved when, and restores a revision as a new, audited, checked save", async () => {
    const page = await mutate(context(), (m) =>
      m.insert(cmsPages, {
        title: "Tarifs",
        slug: "tarifs",
        content: "<p>Première version</p>",
        isPublished: true,
        publishedAt: new Date("2025-01-02T03:04:05.678Z"),
      }),
    );
    const edited = await mutate(context(), (m) =>
      m.update(
        cmsPages,
        page.id,
        { title: "Nos tarifs", content: "<p>Seconde version</p>", publishedAt: new Date() },
        { expectedUpdatedAt: page.updatedAt },
      ),
    );
    const revisions = await listRevisions("cms_pages", page.id);
    expect(revisions).toHaveLength(2);
    expect(revisions[0]!.authorEmail).toBe(actor.email);
    const first = revisions[1]!;

    await expect(
      restoreRevision(context(), "cms_pages", page.id, first.id, page.updatedAt),
    ).rejects.toBeInstanceOf(StaleContentError);
    await expect(
      restoreRevision(context(), "cms_pages", page.id, first.id, undefined),
    ).rejects.toBeInstanceOf(StaleContentError);

    const restored = await restoreRevision(
      context(),
      "cms_pages",
      page.id,
      first.id,
      edited.updatedAt.toISOString(),
    );
    expect(restored).toMatchObject({
      title: "Tarifs",
      content: "<p>Première version</p>",
      isPublished: true,
    });
    expect(restored.publishedAt?.toISOString()).toBe("2025-01-02T03:04:05.678Z");
    expect(restored.createdAt.getTime()).toBe(page.createdAt.getTime());
    expect(await listRevisions("cms_pages", page.id)).toHaveLength(3);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "restore"));
    expect(audit).toMatchObject({ entityId: page.id, details: { revisionId: first.id } });
    expect(audit!.changedFields).toEqual(["content", "published_at", "title"]);

    const other = await mutate(context(), (m) =>
      m.insert(cmsPages, { title: "Autre", slug: "autre", content: "<p>Autre page</p>" }),
    );
    await expect(
      restoreRevision(context(), "cms_pages", other.id, first.id, other.updatedAt),
    ).rejects.toBeInstanceOf(MissingRowError);
  });
  it("restores an article's category (a link table) with the rest of the row", async () => {
    await db()
      .insert(blogCategories)
      .values([
        { name: "Conseils", slug: "conseils" },
        { name: "Rénovation", slug: "renovation" },
      ]);
    const values = {
      title: "Tableau électrique : les bons réflexes",
      excerpt: "Ce qu'il faut vérifier avant l'hiver.",
      date: "10/11/2026",
      category: "Conseils",
      content: "<p>Un contenu d'article assez long pour dépasser les cinquante caractères requis.</p>",
      author: "Admin",
      readTime: "5 min",
      status: "draft" as const,
    };
    const article = await createArticle(context(), values);
    const moved = await updateArticle(context(), article.id, {
      ...values,
      title: "Tableau électrique : à vérifier",
      category: "Rénovation",
      updatedAt: article.updatedAt.toISOString(),
    });
    const [current, first] = await listRevisions("blog_articles", article.id);

    const restored = await restoreRevision(
      context(),
      "blog_articles",
      article.id,
      first!.id,
      moved.updatedAt,
    );
    expect(await getArticle(article.id)).toMatchObject({
      title: "Tableau électrique : les bons réflexes",
      category: { name: "Conseils" },
    });
    // The save's own revision holds the category it chose, not the one it replaced.
    await restoreRevision(context(), "blog_articles", article.id, current!.id, restored.updatedAt);
    expect(await getArticle(article.id)).toMatchObject({
      title: "Tableau électrique : à vérifier",
      category: { name: "Rénovation" },
    });
  });

  it("restores a project's category (its name and its link), renamed since under its new name", async () => {
    const [residential] = await db()
      .insert(projectCategories)
      .values([
        { name: "Résidentiel", slug: "residentiel" },
        { name: "Industriel", slug: "industriel" },
      ])
      .returning();
    const values = projectFormSchema.parse({
      title: "Rénovation d'une maison à Panazol",
      location: "Panazol",
      description:
        "Mise aux normes complète du tableau et des circuits d'une maison de 1965, en site occupé.",
      image: "/media/images/0123456789abcdef01234567-800x600.webp",
      category: "Résidentiel",
      readTime: "5 min",
      status: "draft",
    });
    const project = await createProject(context(), values);
    await updateProject(context(), project.id, {
      ...values,
      category: "Industriel",
      updatedAt: project.updatedAt.toISOString(),
    });
    await updateCategory(context(), "projects", residential!.id, { name: "Maisons", slug: "maisons" });
    const first = (await listRevisions("projects", project.id)).at(-1)!;

    const [latest] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(latest!.category).toBe("Industriel");
    await restoreRevision(context(), "projects", project.id, first.id, latest!.updatedAt);
    const [restored] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(restored!.category).toBe("Maisons");
    const links = await db()
      .select({ categoryId: projectCategoryRelations.categoryId })
      .from(projectCategoryRelations)
      .where(eq(projectCategoryRelations.projectId, project.id));
    expect(links).toEqual([{ categoryId: residential!.id }]);
  });
});

describe("first revisions", () => {
  it("keeps the state of a row saved for the first time without any revision (seeded, imported)", async () => {
    const [imported] = await db()
      .insert(cmsPages)
      .values({
        title: "Importée",
        slug: "importee",
        content: "<p>Texte d'origine</p>",
        updatedAt: new Date("2025-03-04T05:06:07.000Z"),
      })
      .returning();
    expect(await listRevisions("cms_pages", imported!.id)).toEqual([]);

    const saved = await mutate(context(), (m) =>
      m.update(
        cmsPages,
        imported!.id,
        { content: "<p>Texte revu</p>" },
        { expectedUpdatedAt: imported!.updatedAt },
      ),
    );
    const [latest, original] = await listRevisions("cms_pages", imported!.id);
    expect(latest!.authorEmail).toBe(actor.email);
    // The state as it was, dated when it was stored, by nobody known.
    expect(original).toMatchObject({ authorEmail: null, createdAt: new Date("2025-03-04T05:06:07.000Z") });
    await restoreRevision(context(), "cms_pages", imported!.id, original!.id, saved.updatedAt);
    const [row] = await db().select().from(cmsPages).where(eq(cmsPages.id, imported!.id));
    expect(row!.content).toBe("<p>Texte d'origine</p>");
    // Only once: the row has revisions now.
    expect(await listRevisions("cms_pages", imported!.id)).toHaveLength(3);
  });
});

describe("slug changes", () => {
  async function renamePage(id: string, slug: string) {
    const [row] = await db().select().from(cmsPages).where(eq(cmsPages.id, id));
    return mutate(context(), (m) => m.update(cmsPages, id, { slug }, { expectedUpdatedAt: row!.updatedAt }));
  }

  it("redirects the old slug of a published page; renaming back leaves no loop", async () => {
    const page = await mutate(context(), (m) =>
      m.insert(cmsPages, {
        title: "Garantie",
        slug: "garantie",
        content: "<p>Garantie décennale</p>",
        isPublished: true,
      }),
    );
    await renamePage(page.id, "garantie-decennale");
    expect(await findSlugRedirect("cms_pages", "garantie")).toBe("garantie-decennale");

    await renamePage(page.id, "nos-garanties");
    // Followed by id: the first slug goes straight to the newest one.
    expect(await findSlugRedirect("cms_pages", "garantie")).toBe("nos-garanties");
    expect(await findSlugRedirect("cms_pages", "garantie-decennale")).toBe("nos-garanties");

    await renamePage(page.id, "garantie");
    expect(await findSlugRedirect("cms_pages", "garantie")).toBeNull();
    expect(await findSlugRedirect("cms_pages", "nos-garanties")).toBe("garantie");
    const rows = await db().select().from(slugRedirects);
    expect(rows.map((r) => r.oldSlug).sort()).toEqual(["garantie-decennale", "nos-garanties"]);
  });

  it("leaves no redirect for a draft, nor for a row that is no longer public", async () => {
    const draft = await mutate(context(), (m) =>
      m.insert(cmsPages, { title: "Brouillon", slug: "brouillon", content: "<p>Pas encore publié</p>" }),
    );
    await renamePage(draft.id, "brouillon-2");
    expect(await findSlugRedirect("cms_pages", "brouillon")).toBeNull();

    const live = await mutate(context(), (m) =>
      m.insert(cmsPages, { title: "Live", slug: "live", content: "<p>Page publiée</p>", isPublished: true }),
    );
    const renamed = await renamePage(live.id, "live-2");
    await mutate(context(), (m) =>
      m.update(cmsPages, live.id, { isPublished: false }, { expectedUpdatedAt: renamed.updatedAt }),
    );
    expect(await findSlugRedirect("cms_pages", "live")).toBeNull();
    await mutate(context(), (m) => m.remove(cmsPages, live.id));
    expect(await db().$count(slugRedirects)).toBe(0);
  });

  it("a new row taking an old slug stops its redirect", async () => {
    const page = await mutate(context(), (m) =>
      m.insert(cmsPages, {
        title: "A",
        slug: "a-propos-2",
        content: "<p>Page publiée</p>",
        isPublished: true,
      }),
    );
    await renamePage(page.id, "a-propos-3");
    await mutate(context(), (m) =>
      m.insert(cmsPages, { title: "B", slug: "a-propos-2", content: "<p>Nouvelle</p>" }),
    );
    expect(await db().$count(slugRedirects, and(eq(slugRedirects.oldSlug, "a-propos-2")))).toBe(0);
  });

  it("public loaders answer 301 from an old slug, 404 from an unknown one", async () => {
    const loaderArgs = (slug: string) =>
      ({ params: { slug }, request: new Request(`http://x/${slug}`), context: {} }) as never;
    async function thrown(run: () => Promise<unknown>) {
      try {
        await run();
      } catch (error) {
        return error;
      }
      throw new Error("the loader did not throw");
    }

    const page = await mutate(context(), (m) =>
      m.insert(cmsPages, {
        title: "Zone",
        slug: "zone",
        content: "<p>Zone d'intervention</p>",
        isPublished: true,
      }),
    );
    await renamePage(page.id, "zone-intervention");
    const moved = (await thrown(() => cmsPageLoader(loaderArgs("zone")))) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/zone-intervention");
    const missing = await thrown(() => cmsPageLoader(loaderArgs("inconnue")));
    // `data(null, { status: 404 })`, rendered by the route's ErrorBoundary.
    expect((missing as { init: ResponseInit }).init.status).toBe(404);

    const article = await mutate(context(), (m) =>
      m.insert(blogArticles, {
        title: "Conseils",
        slug: "conseils",
        status: "published",
        publishedAt: new Date(0),
      }),
    );
    await mutate(context(), (m) =>
      m.update(
        blogArticles,
        article.id,
        { slug: "conseils-securite" },
        { expectedUpdatedAt: article.updatedAt },
      ),
    );
    const movedArticle = (await thrown(() => articleLoader(loaderArgs("conseils")))) as Response;
    expect([movedArticle.status, movedArticle.headers.get("Location")]).toEqual([
      301,
      "/blog/conseils-securite",
    ]);

    const project = await mutate(context(), (m) =>
      m.insert(projects, {
        title: "Chantier",
        slug: "chantier",
        status: "published",
        publishedAt: new Date(0),
      }),
    );
    await mutate(context(), (m) =>
      m.update(projects, project.id, { slug: "chantier-limoges" }, { expectedUpdatedAt: project.updatedAt }),
    );
    const movedProject = (await thrown(() => projectLoader(loaderArgs("chantier")))) as Response;
    expect([movedProject.status, movedProject.headers.get("Location")]).toEqual([
      301,
      "/projects/chantier-limoges",
    ]);
  });
});
