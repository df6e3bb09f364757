import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expertiseIcons } from "~/lib/enums";
import { parseImageUrl } from "~/lib/image-variants";
import { slugify } from "~/lib/slugify";
import { db } from "~/server/db/client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  cmsPages,
  contentRevisions,
  expertiseBlocks,
  mediaAssets,
  projectCategories,
  projectCategoryRelations,
  projectImages,
  projects,
  siteSettings,
} from "~/server/db/schema";
import { loadDemoContentOnFirstStart, seedDemoContent } from "~/server/db/seed/demo.server";
import { isContentEmpty } from "~/server/db/seed/reference.server";
import { findUsagesOfEach } from "~/server/media/cleanup.server";
import { mediaKeysOf } from "~/server/media/stored-variants.server";
import { localDriver, setStorageDriver, storage } from "~/server/media/storage.server";

const DAY = 86_400_000;
let root: string;

/** Every picture the demo's content uses. */
async function pictureUrls() {
  const result = await db().execute<{ url: string }>(sql`
    select main_image as url from projects union all select main_image from blog_articles
    union all select image_url from project_images union all select avatar_url from blog_authors
    union all select image_url from expertise_blocks where image_url is not null`);
  return result.rows.map((r) => r.url);
}

async function counts() {
  const result = await db().execute<Record<string, number>>(sql`select
    (select count(*)::int from blog_articles) as articles,
    (select count(*)::int from blog_categories) as blog_categories,
    (select count(*)::int from blog_authors) as authors,
    (select count(*)::int from blog_article_categories) as article_links,
    (select count(*)::int from projects) as projects,
    (select count(*)::int from project_categories) as project_categories,
    (select count(*)::int from project_category_relations) as project_links,
    (select count(*)::int from project_images) as project_images,
    (select count(*)::int from expertise_blocks) as expertise,
    (select count(*)::int from cms_pages) as pages,
    (select count(*)::int from media_assets) as media`);
  return result.rows[0]!;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "betic-seed-test-"));
  setStorageDriver(localDriver(root));
});

afterAll(async () => {
  setStorageDriver();
  await rm(root, { recursive: true, force: true });
});

describe("loading the demo on first start", () => {
  it("does nothing with SEED_DEMO=0", async () => {
    process.env.SEED_DEMO = "0";
    try {
      await loadDemoContentOnFirstStart();
    } finally {
      delete process.env.SEED_DEMO;
    }
    expect(await isContentEmpty()).toBe(true);
  });

  it("loads everything into an empty database", { timeout: 240_000 }, async () => {
    await loadDemoContentOnFirstStart();
    expect(await isContentEmpty()).toBe(false);
    expect(await counts()).toEqual({
      articles: 10,
      blog_categories: 3,
      authors: 2,
      article_links: 10,
      projects: 8,
      project_categories: 3,
      project_links: 8,
      project_images: 29,
      expertise: 8,
      pages: 2,
      media: 52,
    });
  });
});

describe("the demo content", () => {
  it("has articles in every status the site handles, with slugs from the spec's rule", async () => {
    const articles = await db().select().from(blogArticles);
    const byStatus = {
      draft: articles.filter((a) => a.status === "draft"),
      scheduled: articles.filter((a) => a.status === "scheduled"),
      published: articles.filter((a) => a.status === "published"),
    };
    expect(byStatus.draft).toHaveLength(1);
    expect(byStatus.scheduled).toHaveLength(1);
    expect(byStatus.published.length).toBeGreaterThanOrEqual(8);

    const scheduled = byStatus.scheduled[0]!;
    const inDays = (scheduled.scheduledAt!.getTime() - Date.now()) / DAY;
    expect(inDays).toBeGreaterThan(9);
    expect(inDays).toBeLessThan(11);
    expect(scheduled.publishedAt).toBeNull();

    const published = byStatus.published;
    for (const article of published) expect(article.publishedAt!.getTime()).toBeLessThan(Date.now());
    const months = new Set(published.map((a) => a.publishedAt!.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(3);

    for (const article of articles) {
      expect(article.slug).toBe(slugify(article.title));
      expect(article.excerpt!.length).toBeGreaterThanOrEqual(10);
      expect(article.content!.length).toBeGreaterThan(600);
      expect(article.content).toMatch(/<h2>/);
      expect(article.content).toMatch(/<ul>/);
      expect(article.readTime).toMatch(/^\d+ min$/);
      expect(article.authorId).not.toBeNull();
      expect(parseImageUrl(article.mainImage)).toMatchObject({ width: 1600, height: 900 });
    }
    expect(articles.filter((a) => a.metaTitle && a.metaDescription).length).toBeGreaterThanOrEqual(3);
  });

  it("files every article in one of three categories, by two authors with bio and portrait", async () => {
    const links = await db()
      .select({ article: blogArticleCategories.articleId, category: blogCategories.name })
      .from(blogArticleCategories)
      .innerJoin(blogCategories, eq(blogCategories.id, blogArticleCategories.categoryId));
    expect(new Set(links.map((l) => l.article)).size).toBe(10);
    expect(new Set(links.map((l) => l.category))).toEqual(
      new Set(["Conseils", "Normes & sécurité", "Rénovation"]),
    );
    expect((await db().select().from(blogCategories)).map((c) => c.slug).sort()).toEqual([
      "conseils",
      "normes-securite",
      "renovation",
    ]);

    const authors = await db().select().from(blogAuthors);
    for (const author of authors) {
      expect(author.bio!.length).toBeGreaterThan(50);
      expect(parseImageUrl(author.avatarUrl)).toMatchObject({ width: 512, height: 512 });
    }
    const perAuthor = await db()
      .select({ author: blogArticles.authorId, n: sql<number>`count(*)::int` })
      .from(blogArticles)
      .groupBy(blogArticles.authorId);
    expect(perAuthor).toHaveLength(2);
  });

  it("has eight published projects with their category, rich sections and a gallery", async () => {
    const rows = await db()
      .select({ project: projects, relation: projectCategories.name })
      .from(projects)
      .innerJoin(projectCategoryRelations, eq(projectCategoryRelations.projectId, projects.id))
      .innerJoin(projectCategories, eq(projectCategories.id, projectCategoryRelations.categoryId));
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.relation))).toEqual(new Set(["Résidentiel", "Tertiaire", "Industriel"]));
    const towns = new Set<string>();
    for (const { project, relation } of rows) {
      expect(project.category).toBe(relation);
      expect(project.status).toBe("published");
      expect(project.publishedAt!.getTime()).toBeLessThan(Date.now());
      expect(project.slug).toBe(slugify(project.title));
      expect(project.description!.length).toBeGreaterThanOrEqual(50);
      for (const section of [project.content, project.challenges, project.solutions, project.results]) {
        expect(section).toMatch(/^<(p|ul|h2)>/);
      }
      expect(parseImageUrl(project.mainImage)).toMatchObject({ width: 1600, height: 900 });
      towns.add(project.location!);

      const gallery = await db()
        .select()
        .from(projectImages)
        .where(eq(projectImages.projectId, project.id))
        .orderBy(asc(projectImages.displayOrder));
      expect(gallery.length).toBeGreaterThanOrEqual(3);
      expect(gallery.length).toBeLessThanOrEqual(5);
      expect(gallery.map((image) => image.displayOrder)).toEqual(gallery.map((_, i) => i));
      for (const image of gallery) {
        expect(image.altText!.length).toBeGreaterThan(10);
        expect(image.imageUrl).not.toBe(project.mainImage);
      }
    }
    expect(towns.size).toBeGreaterThanOrEqual(7);
    const withSeo = await db()
      .select()
      .from(projectImages)
      .where(sql`${projectImages.seoDescription} is not null`);
    expect(withSeo.length).toBeGreaterThan(0);
  });

  it("stores every picture it references, with all its variants", async () => {
    const urls = await pictureUrls();
    expect(new Set(urls).size).toBe(urls.length); // no two items share a picture
    for (const url of urls) {
      const keys = mediaKeysOf(url);
      expect(keys.length, url).toBeGreaterThanOrEqual(4);
      for (const key of keys) expect(await storage().exists(key), key).toBe(true);
    }
  });

  it("lists every picture in the media library, as used by its content", async () => {
    const urls = await pictureUrls();
    const assets = await db().select().from(mediaAssets);
    expect(assets.map((asset) => asset.url).sort()).toEqual(urls.sort());
    for (const asset of assets) {
      expect(asset, asset.url).toMatchObject({ mimeType: "image/png", uploadedBy: null });
      expect(asset.originalName, asset.url).toMatch(/^[a-z0-9-]+\.png$/);
      expect(asset.sizeBytes, asset.url).toBeGreaterThan(0);
      expect(parseImageUrl(asset.url), asset.url).toMatchObject({ width: asset.width, height: asset.height });
    }
    const altTexts = new Map(assets.map((asset) => [asset.url, asset.altText]));
    const gallery = await db().select().from(projectImages);
    for (const image of gallery) expect(altTexts.get(image.imageUrl), image.imageUrl).toBe(image.altText);

    const usages = await findUsagesOfEach(urls);
    for (const url of urls) expect(usages.get(url), url).toHaveLength(1);
    expect(usages.get(gallery[0]!.imageUrl)).toEqual([
      expect.objectContaining({ entityType: "projects", id: gallery[0]!.projectId, fields: ["gallery"] }),
    ]);
  });

  it("uses every expertise icon in blocks that fill the three-column grid", async () => {
    const blocks = await db().select().from(expertiseBlocks).orderBy(asc(expertiseBlocks.displayOrder));
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(new Set(blocks.map((b) => b.iconName))).toEqual(new Set(expertiseIcons));
    expect(blocks.map((b) => b.displayOrder)).toEqual(blocks.map((_, i) => i));
    expect(blocks.some((b) => b.isFeatured)).toBe(true);
    // The wide blocks carry a banner picture so that they are not mostly empty.
    for (const block of blocks.filter((b) => b.size !== "small")) {
      expect(parseImageUrl(block.imageUrl), block.title).toMatchObject({ width: 1600, height: 900 });
    }

    // Laid out in order, every row is exactly full: no hole at a row's end.
    const span = { small: 1, medium: 2, large: 3 } as Record<string, number>;
    let column = 0;
    for (const block of blocks) {
      expect(column + span[block.size]!, block.title).toBeLessThanOrEqual(3);
      column = (column + span[block.size]!) % 3;
    }
    expect(column).toBe(0);

    const allowed = [
      "bg-card",
      "bg-betic-red",
      "bg-blue-600",
      "bg-green-600",
      "bg-yellow-600",
      "bg-purple-600",
    ];
    for (const block of blocks) {
      expect(allowed).toContain(block.backgroundColor);
      expect(block.textColor).toBe(block.backgroundColor === "bg-card" ? "text-foreground" : block.textColor);
      expect(["text-foreground", "text-white", "text-black"]).toContain(block.textColor);
    }
  });

  it("publishes a legal notice built from the settings row, and the service area page", async () => {
    const [settings] = await db().select().from(siteSettings);
    const pages = await db().select().from(cmsPages);
    const legal = pages.find((p) => p.slug === "mentions-legales")!;
    expect(legal).toMatchObject({ title: "Mentions légales", isPublished: true });
    for (const text of [
      settings!.companyName!,
      settings!.companyAddress!,
      settings!.companyPhone!,
      "Directeur de la publication",
      "Hébergement",
      "Propriété intellectuelle",
      "Données personnelles",
      'href="/privacy-policy"',
      "Cookies",
      "SIRET",
    ]) {
      expect(legal.content).toContain(text);
    }
    expect(legal.content).not.toMatch(/XXX|\[.*\]|lorem/i);

    const zones = pages.find((p) => p.slug === "zones-intervention")!;
    expect(zones.isPublished).toBe(true);
    for (const town of [
      "Limoges",
      "Panazol",
      "Isle",
      "Couzeix",
      "Le Palais-sur-Vienne",
      "Feytiat",
      "Saint-Junien",
      "Aixe-sur-Vienne",
    ]) {
      expect(zones.content).toContain(town);
    }
  });
});

describe("revisions of the demo", () => {
  it("gives every article, project and page a first revision, by nobody known", async () => {
    const revisions = await db().select().from(contentRevisions);
    const ids = async (table: typeof blogArticles | typeof projects | typeof cmsPages) =>
      (await db().select({ id: table.id }).from(table)).map((row) => row.id).sort();
    for (const [entityType, table] of [
      ["blog_articles", blogArticles],
      ["projects", projects],
      ["cms_pages", cmsPages],
    ] as const) {
      const own = revisions.filter((revision) => revision.entityType === entityType);
      expect(own.map((revision) => revision.entityId).sort()).toEqual(await ids(table));
      expect(own.every((revision) => revision.authorEmail === null)).toBe(true);
    }
    const article = revisions.find((revision) => revision.entityType === "blog_articles")!;
    const [link] = await db()
      .select()
      .from(blogArticleCategories)
      .where(eq(blogArticleCategories.articleId, article.entityId));
    expect(article.data).toMatchObject({ id: article.entityId, category_ids: [link!.categoryId] });
  });
});

describe("running the seed again", () => {
  it("adds nothing and keeps what staff changed", { timeout: 120_000 }, async () => {
    const before = await counts();
    await db()
      .update(blogArticles)
      .set({ title: "Titre modifié par l'équipe" })
      .where(eq(blogArticles.status, "draft"));

    const summary = await seedDemoContent();
    expect(summary).toMatchObject({
      articles: 0,
      projects: 0,
      projectImages: 0,
      expertiseBlocks: 0,
      cmsPages: 0,
      authors: 0,
      blogCategories: 0,
      projectCategories: 0,
      images: 0,
    });
    expect(await counts()).toEqual(before);
    const [draft] = await db().select().from(blogArticles).where(eq(blogArticles.status, "draft"));
    expect(draft!.title).toBe("Titre modifié par l'équipe");

    // Not an empty database any more: the first-start hook leaves it alone.
    await loadDemoContentOnFirstStart();
    expect(await counts()).toEqual(before);
  });

  it("completes a partly deleted demo without duplicating the rest", { timeout: 120_000 }, async () => {
    const before = await counts();
    const [victim] = await db().select().from(projects).limit(1);
    await db().delete(projects).where(eq(projects.id, victim!.id));

    const summary = await seedDemoContent();
    expect(summary.projects).toBe(1);
    // The same pictures again: the library entries the deleted project left serve it once more.
    expect(summary.images).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
    const [restored] = await db().select().from(projects).where(eq(projects.slug, victim!.slug));
    expect(await db().$count(mediaAssets, eq(mediaAssets.url, restored!.mainImage!))).toBe(1);
  });
});
