import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogCategories,
  cmsPages,
  projectImages,
  projects,
  sitemapSettings,
} from "~/server/db/schema";
import { getPublishedArticle, getRelatedArticles } from "~/server/articles/published.server";
import { getPublishedCmsPage } from "~/server/cms/published.server";
import {
  getProjectGallery,
  getPublishedProject,
  getRelatedProjects,
} from "~/server/projects/published.server";
import { getSitemapEntries } from "~/server/seo/sitemap.server";

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR);

async function article(values: Partial<typeof blogArticles.$inferInsert> & { slug: string }) {
  const [row] = await db()
    .insert(blogArticles)
    .values({ title: values.slug, status: "published", ...values })
    .returning();
  return row!;
}

async function project(values: Partial<typeof projects.$inferInsert> & { slug: string }) {
  const [row] = await db()
    .insert(projects)
    .values({ title: values.slug, status: "published", ...values })
    .returning();
  return row!;
}

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, blog_categories, blog_authors, projects, project_categories, cms_pages cascade`,
  );
});

describe("article detail", () => {
  it("finds a public article by slug or id, never a hidden one", async () => {
    const shown = await article({ slug: "visible", content: "<p>x</p>" });
    await article({ slug: "programme-passe", status: "scheduled", scheduledAt: at(-1) });
    await article({ slug: "programme-futur", status: "scheduled", scheduledAt: at(1) });
    await article({ slug: "futur", publishedAt: at(1) });
    await article({ slug: "brouillon", status: "draft" });

    expect(await getPublishedArticle("visible")).toMatchObject({ id: shown.id, content: "<p>x</p>" });
    expect(await getPublishedArticle(shown.id)).toMatchObject({ slug: "visible" });
    expect(await getPublishedArticle("programme-passe")).not.toBeNull();
    for (const hidden of ["programme-futur", "futur", "brouillon", "inconnu"]) {
      expect(await getPublishedArticle(hidden)).toBeNull();
    }
    expect(await getPublishedArticle("00000000-0000-0000-0000-000000000000")).toBeNull();
  });

  it("requires a slug", async () => {
    await expect(getPublishedArticle(undefined)).rejects.toThrow("Article slug is required");
    await expect(getPublishedArticle("")).rejects.toThrow("Article slug is required");
  });

  it("related lists: same category (max 3) and similar (max 3), distinct, public only", async () => {
    const [a, b] = await db()
      .insert(blogCategories)
      .values([
        { name: "A", slug: "a" },
        { name: "B", slug: "b" },
      ])
      .returning();
    const link = (articleId: string, categoryId: string) =>
      db().insert(blogArticleCategories).values({ articleId, categoryId });
    const current = await article({ slug: "courant" });
    await link(current.id, a!.id);
    await link(current.id, b!.id);
    const inA = [];
    for (let i = 1; i <= 5; i++) {
      const row = await article({ slug: `a-${i}`, publishedAt: at(-i) });
      await link(row.id, a!.id);
      inA.push(row);
    }
    const hiddenA = await article({ slug: "a-brouillon", status: "draft" });
    await link(hiddenA.id, a!.id);
    const inB = await article({ slug: "b-1", publishedAt: at(-1) });
    await link(inB.id, b!.id);
    await article({ slug: "sans-categorie", publishedAt: at(-0.5) });

    const related = await getRelatedArticles({ id: current.id, category: { name: "A", slug: "a" } });
    expect(related.sameCategory.map((x) => x.slug)).toEqual(["a-1", "a-2", "a-3"]);
    // The same category first (after the side list's three), then another shared category.
    expect(related.similar.map((x) => x.slug)).toEqual(["a-4", "a-5", "b-1"]);
  });

  it("similar articles: the shown category before newer articles of another shared one", async () => {
    const [a, b] = await db()
      .insert(blogCategories)
      .values([
        { name: "A", slug: "a" },
        { name: "B", slug: "b" },
      ])
      .returning();
    const link = (articleId: string, categoryId: string) =>
      db().insert(blogArticleCategories).values({ articleId, categoryId });
    const current = await article({ slug: "courant", publishedAt: at(-0.1) });
    await link(current.id, a!.id);
    await link(current.id, b!.id);
    for (let i = 1; i <= 4; i++)
      await link((await article({ slug: `a-${i}`, publishedAt: at(-10 - i) })).id, a!.id);
    await link((await article({ slug: "b-recent", publishedAt: at(-1) })).id, b!.id);
    await article({ slug: "dernier", publishedAt: at(-0.5) });

    const related = await getRelatedArticles({ id: current.id, category: { name: "A", slug: "a" } });
    expect(related.sameCategory.map((x) => x.slug)).toEqual(["a-1", "a-2", "a-3"]);
    expect(related.similar.map((x) => x.slug)).toEqual(["a-4", "b-recent", "dernier"]);
  });

  it("similar articles are topped up with the latest ones", async () => {
    const current = await article({ slug: "seul", publishedAt: at(-0.1) });
    await article({ slug: "autre-1", publishedAt: at(-1) });
    await article({ slug: "autre-2", publishedAt: at(-2) });
    const related = await getRelatedArticles({ id: current.id, category: null });
    expect(related.sameCategory).toEqual([]);
    // Never the article itself, though it is the newest.
    expect(related.similar.map((x) => x.slug)).toEqual(["autre-1", "autre-2"]);
  });
});

describe("project detail", () => {
  it("finds a public project by slug or id, never a hidden one", async () => {
    const shown = await project({ slug: "chantier", challenges: "Défi" });
    await project({ slug: "chantier-futur", publishedAt: at(2) });
    await project({ slug: "chantier-programme", status: "scheduled", scheduledAt: at(2) });
    expect(await getPublishedProject("chantier")).toMatchObject({ id: shown.id, challenges: "Défi" });
    expect(await getPublishedProject(shown.id)).toMatchObject({ slug: "chantier" });
    expect(await getPublishedProject("chantier-futur")).toBeNull();
    expect(await getPublishedProject("chantier-programme")).toBeNull();
  });

  it("gallery: main image first, then extra images by display order, without repeating the main one", async () => {
    const row = await project({ slug: "galerie", title: "Galerie", mainImage: "/media/images/main.webp" });
    await db()
      .insert(projectImages)
      .values([
        { projectId: row.id, imageUrl: "/media/images/c.webp", displayOrder: 2, altText: "C" },
        { projectId: row.id, imageUrl: "/media/images/a.webp", displayOrder: 0, altText: "A" },
        { projectId: row.id, imageUrl: "/media/images/main.webp", displayOrder: 1 },
        { projectId: row.id, imageUrl: "/media/images/b.webp", displayOrder: 1, altText: " " },
      ]);
    const gallery = await getProjectGallery(row);
    expect(gallery.map((image) => image.url)).toEqual([
      "/media/images/main.webp",
      "/media/images/a.webp",
      "/media/images/b.webp",
      "/media/images/c.webp",
    ]);
    expect(gallery[0]!.alt).toBe("Galerie");
    expect(gallery[1]!.alt).toBe("A");
    expect(gallery[2]!.alt).toMatch(/^Galerie – photo \d$/);
  });

  it("related projects: same category, public, not the current one, at most 3", async () => {
    const current = await project({ slug: "courant", category: "Tertiaire" });
    for (let i = 1; i <= 4; i++)
      await project({ slug: `t-${i}`, category: "Tertiaire", publishedAt: at(-i) });
    await project({ slug: "t-brouillon", category: "Tertiaire", status: "draft" });
    await project({ slug: "r-1", category: "Résidentiel" });
    const related = await getRelatedProjects(current);
    expect(related.map((p) => p.slug)).toEqual(["t-1", "t-2", "t-3"]);
    expect(await getRelatedProjects({ id: current.id, category: null })).toEqual([]);
  });
});

describe("CMS pages", () => {
  it("only published pages are found", async () => {
    await db()
      .insert(cmsPages)
      .values([
        { title: "Publiée", slug: "publiee", content: "<p>ok</p>", isPublished: true },
        { title: "Cachée", slug: "cachee", isPublished: false },
      ]);
    expect(await getPublishedCmsPage("publiee")).toMatchObject({ title: "Publiée", content: "<p>ok</p>" });
    expect(await getPublishedCmsPage("cachee")).toBeNull();
    expect(await getPublishedCmsPage("absente")).toBeNull();
  });
});

describe("sitemap entries", () => {
  it("follow sitemap_settings and list only public content", async () => {
    await article({ slug: "a-visible" });
    await article({ slug: "a-programme", status: "scheduled", scheduledAt: at(-1) });
    await article({ slug: "a-futur", publishedAt: at(5) });
    await project({ slug: "p-visible" });
    await project({ slug: "p-brouillon", status: "draft" });
    await db()
      .insert(cmsPages)
      .values([
        { title: "P", slug: "page-publiee", isPublished: true },
        { title: "C", slug: "page-cachee", isPublished: false },
      ]);
    await db()
      .update(sitemapSettings)
      .set({ changeFrequency: "hourly", priority: 0.4 })
      .where(sql`${sitemapSettings.pageType} = 'project'`);

    const entries = await getSitemapEntries();
    const paths = entries.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/about", "/blog", "/projects", "/contact", "/blog/a-visible"]),
    );
    expect(paths).toEqual(
      expect.arrayContaining(["/blog/a-programme", "/projects/p-visible", "/page-publiee"]),
    );
    for (const hidden of ["/blog/a-futur", "/projects/p-brouillon", "/page-cachee"]) {
      expect(paths).not.toContain(hidden);
    }
    expect(entries.find((entry) => entry.path === "/projects/p-visible")).toMatchObject({
      changeFrequency: "hourly",
      priority: 0.4,
    });

    await db()
      .update(sitemapSettings)
      .set({ includeInSitemap: false })
      .where(sql`${sitemapSettings.pageType} in ('project', 'cms_page')`);
    const fewer = (await getSitemapEntries()).map((entry) => entry.path);
    expect(fewer).toContain("/projects");
    expect(fewer.some((path) => path.startsWith("/projects/"))).toBe(false);
    expect(fewer).not.toContain("/page-publiee");
  });
});
