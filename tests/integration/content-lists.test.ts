import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  projectCategories,
  projects,
} from "~/server/db/schema";
import { listPublishedArticles } from "~/server/articles/published.server";
import { listPublishedProjects } from "~/server/projects/published.server";

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR);

async function article(values: Partial<typeof blogArticles.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(blogArticles)
    .values({ slug: values.title.toLowerCase().replace(/\s+/g, "-"), ...values })
    .returning();
  return row!;
}

async function project(values: Partial<typeof projects.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(projects)
    .values({ slug: values.title.toLowerCase().replace(/\s+/g, "-"), ...values })
    .returning();
  return row!;
}

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_categories, blog_authors, projects, project_categories cascade`,
  );
});

describe("public visibility rule", () => {
  it("shows published and past-scheduled articles, never drafts, archived, future ones", async () => {
    await article({ title: "Publié", status: "published", publishedAt: at(-48) });
    await article({ title: "Publié sans date", status: "published" });
    await article({ title: "Publié plus tard", status: "published", publishedAt: at(24) });
    await article({ title: "Programmé passé", status: "scheduled", scheduledAt: at(-1) });
    await article({ title: "Programmé futur", status: "scheduled", scheduledAt: at(1) });
    await article({ title: "Programmé sans date", status: "scheduled" });
    await article({ title: "Brouillon", status: "draft", publishedAt: at(-48) });
    await article({ title: "Archivé", status: "archived", publishedAt: at(-48) });

    const titles = (await listPublishedArticles()).map((a) => a.title);
    expect(titles.sort()).toEqual(["Programmé passé", "Publié", "Publié sans date"].sort());
  });

  it("applies the same rule to projects", async () => {
    await project({ title: "Chantier publié", status: "published", publishedAt: at(-2) });
    await project({ title: "Chantier futur", status: "published", publishedAt: at(2) });
    await project({ title: "Chantier programmé passé", status: "scheduled", scheduledAt: at(-2) });
    await project({ title: "Chantier programmé futur", status: "scheduled", scheduledAt: at(2) });
    await project({ title: "Chantier brouillon", status: "draft" });

    const titles = (await listPublishedProjects()).map((p) => p.title);
    expect(titles.sort()).toEqual(["Chantier programmé passé", "Chantier publié"].sort());
  });
});

describe("article lists", () => {
  it("orders published (newest first) before scheduled (ascending), and limits", async () => {
    await article({ title: "Ancien", status: "published", publishedAt: at(-300) });
    await article({ title: "Récent", status: "published", publishedAt: at(-10) });
    await article({ title: "Programmé tôt", status: "scheduled", scheduledAt: at(-200) });
    await article({ title: "Programmé tard", status: "scheduled", scheduledAt: at(-5) });

    const titles = (await listPublishedArticles()).map((a) => a.title);
    expect(titles).toEqual(["Récent", "Ancien", "Programmé tôt", "Programmé tard"]);
    expect((await listPublishedArticles({ limit: 2 })).map((a) => a.title)).toEqual(["Récent", "Ancien"]);
  });

  it("returns what the cards show: author (default Admin), first category, display date", async () => {
    const [author] = await db().insert(blogAuthors).values({ name: "Julie Martin" }).returning();
    const [zeta, alpha] = await db()
      .insert(blogCategories)
      .values([
        { name: "Zeta", slug: "zeta" },
        { name: "Alpha", slug: "alpha" },
      ])
      .returning();
    const scheduledAt = at(-3);
    const withAuthor = await article({
      title: "Avec auteur",
      status: "scheduled",
      scheduledAt,
      authorId: author!.id,
      excerpt: "Résumé",
    });
    await db()
      .insert(blogArticleCategories)
      .values([
        { articleId: withAuthor.id, categoryId: zeta!.id },
        { articleId: withAuthor.id, categoryId: alpha!.id },
      ]);
    await article({ title: "Sans auteur", status: "published" });

    const [first, second] = await listPublishedArticles();
    expect(second).toMatchObject({
      title: "Avec auteur",
      authorName: "Julie Martin",
      excerpt: "Résumé",
      readTime: "5 min",
      category: { name: "Alpha", slug: "alpha" },
    });
    expect(second!.date.getTime()).toBe(scheduledAt.getTime());
    expect(first).toMatchObject({ title: "Sans auteur", authorName: "Admin", category: null });
    expect(first!.date).toBeInstanceOf(Date);
  });

  it("filters by category slug", async () => {
    const [travaux, conseils] = await db()
      .insert(blogCategories)
      .values([
        { name: "Travaux", slug: "travaux" },
        { name: "Conseils", slug: "conseils" },
      ])
      .returning();
    const a = await article({ title: "Article travaux", status: "published" });
    const b = await article({ title: "Article conseils", status: "published" });
    const hidden = await article({ title: "Brouillon travaux", status: "draft" });
    await db()
      .insert(blogArticleCategories)
      .values([
        { articleId: a.id, categoryId: travaux!.id },
        { articleId: b.id, categoryId: conseils!.id },
        { articleId: hidden.id, categoryId: travaux!.id },
      ]);

    expect((await listPublishedArticles({ categorySlug: "travaux" })).map((x) => x.title)).toEqual([
      "Article travaux",
    ]);
    expect(await listPublishedArticles({ categorySlug: "inconnue" })).toEqual([]);
    expect(await listPublishedArticles({ categorySlug: null })).toHaveLength(2);
  });
});

describe("project lists", () => {
  it("orders by publication date, newest first, and limits", async () => {
    await project({ title: "P1", status: "published", publishedAt: at(-30) });
    await project({ title: "P2", status: "published", publishedAt: at(-10) });
    await project({ title: "P3", status: "scheduled", scheduledAt: at(-20) });
    expect((await listPublishedProjects()).map((p) => p.title)).toEqual(["P2", "P3", "P1"]);
    expect((await listPublishedProjects({ limit: 1 })).map((p) => p.title)).toEqual(["P2"]);
  });

  it("filters by the category name resolved from the slug", async () => {
    await db()
      .insert(projectCategories)
      .values([
        { name: "Tertiaire", slug: "tertiaire" },
        { name: "Résidentiel", slug: "residentiel" },
      ]);
    await project({ title: "Bureaux", status: "published", category: "Tertiaire", location: "Limoges" });
    await project({ title: "Maison", status: "published", category: "Résidentiel" });
    await project({ title: "Bureaux brouillon", status: "draft", category: "Tertiaire" });

    const tertiaire = await listPublishedProjects({ categorySlug: "tertiaire" });
    expect(tertiaire).toHaveLength(1);
    expect(tertiaire[0]).toMatchObject({ title: "Bureaux", category: "Tertiaire", location: "Limoges" });
    expect(await listPublishedProjects({ categorySlug: "inconnue" })).toEqual([]);
  });
});
