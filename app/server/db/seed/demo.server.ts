import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { revisionEntityTypes } from "~/lib/enums";
import { BRAND_NAME } from "~/lib/site-defaults";
import { slugify } from "~/lib/slugify";
import { config } from "~/server/config.server";
import { keepFirstRevisions } from "~/server/content/revision-snapshots.server";
import { logger } from "~/server/logger.server";
import { storeImage } from "~/server/media/images.server";
import { recordInLibrary, type LibraryFile } from "~/server/media/library.server";
import { db } from "../client.server";
import {
  blogArticleCategories,
  blogArticles,
  blogAuthors,
  blogCategories,
  cmsPages,
  expertiseBlocks,
  projectCategories,
  projectCategoryRelations,
  projectImages,
  projects,
  siteSettings,
} from "../schema";
import { isContentEmpty } from "./reference.server";
import { drawAvatar, drawIllustration, type Illustration } from "./demo-art.server";
import { articlePalette, demoArticles, demoBlogAuthors, demoBlogCategories } from "./demo-blog.server";
import { demoCmsPages, demoExpertise } from "./demo-pages.server";
import { demoProjectCategories, demoProjects, projectPalette } from "./demo-projects.server";

export type DemoSeedSummary = {
  blogCategories: number;
  authors: number;
  articles: number;
  projectCategories: number;
  projects: number;
  projectImages: number;
  expertiseBlocks: number;
  cmsPages: number;
  images: number;
  ms: number;
};

const DAY = 86_400_000;

/**
 * Loads the French demo content: blog, portfolio, expertise blocks and two CMS pages, with
 * illustrations drawn and stored through the image pipeline and listed in the media library.
 * What already exists (same slug, or same name for authors and title for expertise blocks) is
 * left untouched, so running it again adds only what is missing and never overwrites what staff
 * have edited.
 */
export async function seedDemoContent(): Promise<DemoSeedSummary> {
  const started = Date.now();
  const now = started;
  const at = (days: number) => new Date(Math.floor((now + days * DAY) / 60_000) * 60_000);
  const existing = await existingKeys();

  const articles = demoArticles
    .map((article) => ({ ...article, slug: slugify(article.title) }))
    .filter((article) => !existing.articles.has(article.slug));
  const newProjects = demoProjects
    .map((project) => ({ ...project, slug: slugify(project.title) }))
    .filter((project) => !existing.projects.has(project.slug));
  const authors = demoBlogAuthors.filter((author) => !existing.authors.has(author.name));

  // Pictures first (the slow part), outside the transaction; only for rows about to be created.
  const pictures = new PictureQueue();
  const avatarUrls = authors.map((author) => pictures.avatar(author.name, author.palette));
  const articleImages = articles.map((article) =>
    pictures.illustration({ ...article.art, palette: articlePalette(article.category), seed: article.slug }),
  );
  const projectPictures = newProjects.map((project) => {
    const palette = projectPalette(project.category);
    return {
      main: pictures.illustration({
        motif: project.mainMotif,
        palette,
        seed: project.slug,
        label: project.category,
        detail: project.location,
      }),
      gallery: project.gallery.map((image, index) =>
        // Every other picture is a close-up, as a photographer would alternate.
        pictures.illustration(
          { motif: image.motif, palette, seed: `${project.slug}#${index}`, zoom: index % 2 ? 1.5 : 1 },
          image.alt,
        ),
      ),
    };
  });
  const newBlocks = demoExpertise.filter((block) => !existing.expertise.has(block.title));
  const blockImages = newBlocks.map((block) =>
    block.image
      ? pictures.illustration({ ...block.image, seed: slugify(block.title) })
      : Promise.resolve(null),
  );
  const [avatars, articleMains, projectMains, galleries, blockPictures] = await Promise.all([
    Promise.all(avatarUrls),
    Promise.all(articleImages),
    Promise.all(projectPictures.map((p) => p.main)),
    Promise.all(projectPictures.map((p) => Promise.all(p.gallery))),
    Promise.all(blockImages),
  ]);

  const company = await companyDetails();
  const summary = await db().transaction(async (tx) => {
    const insertedBlogCategories = await tx
      .insert(blogCategories)
      .values(demoBlogCategories.map(({ name, slug }) => ({ name, slug })))
      .onConflictDoNothing()
      .returning();
    const blogCategoryIds = new Map(
      (
        await tx
          .select()
          .from(blogCategories)
          .where(
            inArray(
              blogCategories.slug,
              demoBlogCategories.map((c) => c.slug),
            ),
          )
      ).map((c) => [c.slug, c.id]),
    );

    const insertedAuthors = authors.length
      ? await tx
          .insert(blogAuthors)
          .values(
            authors.map((author, i) => ({ name: author.name, bio: author.bio, avatarUrl: avatars[i]!.url })),
          )
          .returning()
      : [];
    const authorIds = new Map(
      (
        await tx
          .select()
          .from(blogAuthors)
          .where(
            inArray(
              blogAuthors.name,
              demoBlogAuthors.map((a) => a.name),
            ),
          )
      ).map((a) => [a.name, a.id]),
    );

    let articleCount = 0;
    if (articles.length) {
      const rows = await tx
        .insert(blogArticles)
        .values(
          articles.map((article, i) => {
            const publishedAt = article.status === "published" ? at(-article.daysAgo!) : null;
            const scheduledAt = article.status === "scheduled" ? at(article.inDays!) : null;
            return {
              title: article.title,
              slug: article.slug,
              excerpt: article.excerpt,
              content: article.content,
              mainImage: articleMains[i]!.url,
              authorId: authorIds.get(demoBlogAuthors[article.author].name) ?? null,
              status: article.status,
              publishedAt,
              scheduledAt,
              readTime: article.readTime,
              ...(article.seo && {
                ...article.seo,
                ogTitle: article.seo.metaTitle,
                ogDescription: article.seo.metaDescription,
              }),
              createdAt: publishedAt ?? at(article.status === "draft" ? -2 : -1),
            };
          }),
        )
        .onConflictDoNothing()
        .returning({ id: blogArticles.id, slug: blogArticles.slug });
      const links = rows.map((row) => ({
        articleId: row.id,
        categoryId: blogCategoryIds.get(articles.find((a) => a.slug === row.slug)!.category)!,
      }));
      if (links.length) await tx.insert(blogArticleCategories).values(links).onConflictDoNothing();
      articleCount = rows.length;
    }

    const insertedProjectCategories = await tx
      .insert(projectCategories)
      .values(demoProjectCategories.map(({ name, slug }) => ({ name, slug })))
      .onConflictDoNothing()
      .returning();
    const projectCategoryIds = new Map(
      (
        await tx
          .select()
          .from(projectCategories)
          .where(
            inArray(
              projectCategories.name,
              demoProjectCategories.map((c) => c.name),
            ),
          )
      ).map((c) => [c.name, c.id]),
    );

    let galleryCount = 0;
    let projectCount = 0;
    if (newProjects.length) {
      const rows = await tx
        .insert(projects)
        .values(
          newProjects.map((project, i) => ({
            title: project.title,
            slug: project.slug,
            description: project.description,
            location: project.location,
            category: project.category,
            status: "published",
            mainImage: projectMains[i]!.url,
            publishedAt: at(-project.daysAgo),
            content: project.content,
            challenges: project.challenges,
            solutions: project.solutions,
            results: project.results,
            readTime: project.readTime,
            ...(project.seo && {
              ...project.seo,
              ogTitle: project.seo.metaTitle,
              ogDescription: project.seo.metaDescription,
            }),
            createdAt: at(-project.daysAgo - 3),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: projects.id, slug: projects.slug });
      const bySlug = new Map(
        newProjects.map((project, i) => [project.slug, { project, gallery: galleries[i]! }]),
      );
      const relations = rows.map((row) => ({
        projectId: row.id,
        categoryId: projectCategoryIds.get(bySlug.get(row.slug)!.project.category)!,
      }));
      if (relations.length) await tx.insert(projectCategoryRelations).values(relations).onConflictDoNothing();
      const images = rows.flatMap((row) => {
        const { project, gallery } = bySlug.get(row.slug)!;
        return project.gallery.map((image, order) => ({
          projectId: row.id,
          imageUrl: gallery[order]!.url,
          altText: image.alt,
          displayOrder: order,
          seoDescription: image.seoDescription ?? null,
          seoKeywords: image.seoKeywords ?? null,
        }));
      });
      if (images.length) await tx.insert(projectImages).values(images);
      galleryCount = images.length;
      projectCount = rows.length;
    }

    // New blocks go after the existing ones, in the demo's order.
    const offset = existing.nextExpertiseOrder;
    if (newBlocks.length) {
      await tx.insert(expertiseBlocks).values(
        newBlocks.map(({ image: _image, ...block }, i) => ({
          ...block,
          imageUrl: blockPictures[i]?.url ?? null,
          displayOrder: offset + i,
        })),
      );
    }

    // The Médiathèque lists the demo's pictures like uploaded ones, so they can be picked again.
    await recordInLibrary(tx, pictures.files);

    const insertedPages = await tx
      .insert(cmsPages)
      .values(
        demoCmsPages(company).map((page) => ({ ...page, isPublished: true, publishedAt: new Date(now) })),
      )
      .onConflictDoNothing()
      .returning({ id: cmsPages.id });

    // 'Historique' lists the demo as it was loaded, so a first save can be undone; content of an
    // earlier seed without revisions gets one too.
    for (const entityType of revisionEntityTypes) await keepFirstRevisions(tx, entityType);

    return {
      blogCategories: insertedBlogCategories.length,
      authors: insertedAuthors.length,
      articles: articleCount,
      projectCategories: insertedProjectCategories.length,
      projects: projectCount,
      projectImages: galleryCount,
      expertiseBlocks: newBlocks.length,
      cmsPages: insertedPages.length,
    };
  });

  return { ...summary, images: pictures.files.length, ms: Date.now() - started };
}

/**
 * On the first start of an empty database (no article, no project), loads the demo unless
 * SEED_DEMO=0. Called by the server's start().
 */
export async function loadDemoContentOnFirstStart() {
  if (!config.seedDemo) return;
  if (!(await isContentEmpty())) return;
  logger.info("empty database: loading the demo content (SEED_DEMO=0 to skip)");
  const summary = await seedDemoContent();
  logger.info(summary, "demo content loaded");
}

async function existingKeys() {
  const [articleRows, projectRows, authorRows, blockRows] = await Promise.all([
    db().select({ slug: blogArticles.slug }).from(blogArticles),
    db().select({ slug: projects.slug }).from(projects),
    db().select({ name: blogAuthors.name }).from(blogAuthors),
    db().select({ title: expertiseBlocks.title, order: expertiseBlocks.displayOrder }).from(expertiseBlocks),
  ]);
  return {
    articles: new Set(articleRows.map((r) => r.slug)),
    projects: new Set(projectRows.map((r) => r.slug)),
    authors: new Set(authorRows.map((r) => r.name)),
    expertise: new Set(blockRows.map((r) => r.title)),
    nextExpertiseOrder: Math.max(-1, ...blockRows.map((r) => r.order)) + 1,
  };
}

/** The company as the settings row describes it (the legal notice quotes it). */
async function companyDetails() {
  const [row] = await db().select().from(siteSettings).limit(1);
  return {
    name: row?.companyName || BRAND_NAME,
    address: row?.companyAddress || "18 rue François Chénieux",
    zipCode: row?.companyZipCode || "87000",
    city: row?.companyCity || "Limoges",
    phone: row?.companyPhone || "05 55 34 21 87",
    email: row?.companyEmail || "contact@betic-electricite.fr",
  };
}

/**
 * Draws and stores pictures a few at a time: each one already spreads its encodes over the
 * thread pool, and a bound keeps memory flat (a decoded 1600×900 picture is ~6 MB).
 */
class PictureQueue {
  static concurrency = 3;
  /** Every picture stored, as the library records it. */
  readonly files: LibraryFile[] = [];
  private running = 0;
  private waiting: (() => void)[] = [];

  illustration(illustration: Illustration, alt: string | null = null) {
    return this.store(drawIllustration(illustration), `${illustration.seed.replace("#", "-")}.png`, alt);
  }

  avatar(name: string, palette: Illustration["palette"]) {
    return this.store(drawAvatar(name, palette), `${slugify(name)}.png`, null);
  }

  private async store(svg: string, fileName: string, altText: string | null) {
    await this.acquire();
    try {
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
      const stored = await storeImage(png, { fileName, encoding: "quick" });
      this.files.push({
        stored: { ...stored, format: "png" },
        originalName: fileName,
        sizeBytes: png.length,
        altText,
        uploadedBy: null,
      });
      return stored;
    } finally {
      this.release();
    }
  }

  private async acquire() {
    if (this.running < PictureQueue.concurrency) this.running++;
    // A finishing picture hands its slot straight to the next one.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
