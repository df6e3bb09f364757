import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "~/server/auth/users.server";
import { closePool, db } from "~/server/db/client.server";
import { blogArticles, blogAuthors, cmsPages, mediaAssets } from "~/server/db/schema";
import { keyFromMediaUrl, localDriver, setStorageDriver, storage } from "~/server/media/storage.server";
import type { ImportReport } from "~/lib/admin/wordpress-import";
import { importWordPress } from "~/server/wordpress/import.server";
import { freePort, startApp } from "../support/e2e-app";

/*
 * The WordPress import of tests/fixtures/wordpress (an export written for these tests: accents,
 * CDATA, Gutenberg blocks, [caption] and [gallery], a scheduled and a private post, two authors,
 * nested categories, a page tree, 5 attachments with their files): a dry run, the import, a second
 * run, and the old addresses answered by the production build.
 */

const FIXTURES = path.resolve("tests/fixtures/wordpress");
const FILE = path.join(FIXTURES, "export.xml");
const TABLES = [
  "blog_articles",
  "blog_authors",
  "blog_categories",
  "blog_article_categories",
  "cms_pages",
  "media_assets",
  "legacy_redirects",
  "wordpress_items",
  "content_revisions",
] as const;

/** The fixture's items, all new (the template database holds none of them). */
const EVERYTHING_CREATED = {
  authors: "2 created",
  categories: "5 created",
  media: "5 created",
  articles: "5 created",
  pages: "4 created",
  other: "1 skipped",
};

let dataDir: string;
let actor: { id: string; email: string };

async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await db().execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = rows[0]!.n;
  }
  return counts;
}

function outcomes(report: ImportReport) {
  return Object.fromEntries(
    Object.entries(report.counts).map(([kind, counts]) => [
      kind,
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([outcome, n]) => `${n} ${outcome}`)
        .join(", "),
    ]),
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "betic-wordpress-"));
  setStorageDriver(localDriver(path.join(dataDir, "media")));
  const user = await createAccount({
    email: "import@betic.test",
    password: "Import-WordPress-2026",
    role: "admin",
  });
  actor = { id: user.id, email: user.email };
});

afterAll(async () => {
  setStorageDriver();
  await rm(dataDir, { recursive: true, force: true });
});

describe("WordPress import", () => {
  let before: Record<string, number>;

  it("dry run: reports what it would do and writes nothing", async () => {
    before = await tableCounts();
    const report = await importWordPress({
      file: FILE,
      uploads: path.join(FIXTURES, "uploads"),
      dryRun: true,
      fetchMissing: false,
      context: { actor },
    });
    expect(outcomes(report)).toEqual(EVERYTHING_CREATED);
    expect(await tableCounts()).toEqual(before);
  });

  it("imports posts, pages, attachments, categories and authors", async () => {
    const progress: number[] = [];
    const report = await importWordPress({
      file: FILE,
      uploads: path.join(FIXTURES, "uploads.zip"),
      fetchMissing: false,
      context: { actor },
      onProgress: (percent) => progress.push(percent),
    });
    expect(outcomes(report)).toEqual(EVERYTHING_CREATED);
    expect(report.warnings).toEqual([
      "article « Tarifs 2024 (interne) » : privé sur WordPress, importé en brouillon",
    ]);
    expect(progress.at(-1)).toBe(100);
    const after = await tableCounts();
    expect({
      articles: after.blog_articles! - before.blog_articles!,
      authors: after.blog_authors! - before.blog_authors!,
      categories: after.blog_categories! - before.blog_categories!,
      pages: after.cms_pages! - before.cms_pages!,
      media: after.media_assets! - before.media_assets!,
    }).toEqual({ articles: 5, authors: 2, categories: 5, pages: 4, media: 5 });

    const [article] = await db()
      .select({ article: blogArticles, author: blogAuthors.name })
      .from(blogArticles)
      .leftJoin(blogAuthors, eq(blogAuthors.id, blogArticles.authorId))
      .where(eq(blogArticles.slug, "normes-nf-c-15-100"));
    const [thumbnail] = await db()
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.originalName, "tableau-electrique.jpg"));
    expect(thumbnail).toMatchObject({ altText: "Tableau électrique aux normes, disjoncteurs étiquetés" });
    expect(await storage().exists(keyFromMediaUrl(thumbnail!.url)!)).toBe(true);
    expect(article!.author).toBe("Marie Lefèvre");
    expect(article!.article).toMatchObject({
      title: "Normes NF C 15-100 : ce qui change en 2023",
      status: "published",
      publishedAt: new Date("2023-05-10T08:30:00Z"),
      excerpt: "Ce qui change pour votre tableau électrique avec la norme NF C 15-100.",
      mainImage: thumbnail!.url,
    });
    expect(article!.article.content).toBe(
      [
        "<p>La norme <strong>NF C 15-100</strong> encadre toute installation électrique « basse tension » en France. Voici l'essentiel de ce qui a évolué.</p>",
        "<h3>Le tableau électrique</h3>",
        `<figure><img src="${thumbnail!.url}" alt="Tableau électrique rénové" /><figcaption>Un tableau aux normes</figcaption></figure>`,
        "<ul><li>Un interrupteur différentiel 30 mA par rangée</li><li>Des circuits spécialisés pour l'électroménager</li></ul>",
        `<p>Besoin d'un diagnostic ? <a href="/contact/">Contactez-nous</a>.</p>`,
      ].join("\n"),
    );

    const [classic] = await db()
      .select()
      .from(blogArticles)
      .where(eq(blogArticles.slug, "prise-exterieure-securite"));
    expect(classic!.content).toMatch(
      /^<p>Une prise au jardin doit être <em>étanche<\/em> et protégée par un différentiel.<\/p>\n<figure><img src="\/media\/images\/[^"]+" alt="Prise étanche IP44" \/><figcaption>Une prise étanche IP44<\/figcaption><\/figure>\n<p>Choisissez un indice de protection IP44 au minimum.<br \/>\nFaites appel à un professionnel.<\/p>$/,
    );

    const [scheduled] = await db()
      .select()
      .from(blogArticles)
      .where(eq(blogArticles.slug, "bornes-de-recharge"));
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: new Date("2036-01-15T09:00:00Z") });
    expect(scheduled!.content).toMatch(
      /<figure><img src="\/media\/[^"]+" alt="" \/><img src="\/media\/[^"]+" alt="" \/><\/figure>$/,
    );
    const [privatePost] = await db().select().from(blogArticles).where(eq(blogArticles.slug, "tarifs-2024"));
    expect(privatePost).toMatchObject({ status: "draft", publishedAt: null });

    const pages = await db()
      .select({ slug: cmsPages.slug, isPublished: cmsPages.isPublished })
      .from(cmsPages);
    expect(pages).toEqual(
      expect.arrayContaining([
        { slug: "qui-sommes-nous", isPublished: true },
        { slug: "services", isPublished: true },
        { slug: "installation-electrique", isPublished: true },
        { slug: "depannage", isPublished: false },
      ]),
    );
  });

  it("a second run of the same file updates in place: no duplicates", async () => {
    const first = await tableCounts();
    const report = await importWordPress({
      file: FILE,
      uploads: path.join(FIXTURES, "uploads"),
      fetchMissing: false,
      context: { actor },
    });
    expect(outcomes(report)).toEqual({
      authors: "2 unchanged",
      categories: "5 unchanged",
      media: "5 unchanged",
      articles: "5 unchanged",
      pages: "4 unchanged",
      other: "1 skipped",
    });
    expect(await tableCounts()).toEqual(first);
  });

  it("answers every old permalink with a 301 to its new address (production build)", async () => {
    await closePool();
    execFileSync(process.execPath, ["scripts/ensure-build.js"], { stdio: "inherit" });
    const app = await startApp({
      port: await freePort(),
      stubPort: await freePort(),
      databaseUrl: process.env.DATABASE_URL!,
      dataDir,
    });
    try {
      const answer = async (pathname: string) => {
        const response = await fetch(app.baseUrl + pathname, { redirect: "manual" });
        return `${response.status} ${response.headers.get("location") ?? ""}`.trim();
      };
      const expected: Record<string, string> = {
        "/?p=11": "301 /blog/normes-nf-c-15-100",
        "/2023/05/normes-nf-c-15-100/": "301 /blog/normes-nf-c-15-100",
        "/2023/05/prise-exterieure-securite/?utm_source=newsletter": "301 /blog/prise-exterieure-securite",
        "/category/normes/nf-c-15-100/": "301 /blog?category=nf-c-15-100",
        "/category/conseils/": "301 /blog?category=conseils",
        "/?cat=4": "301 /blog?category=securite",
        "/?page_id=23": "301 /installation-electrique",
        "/services/installation-electrique/": "301 /installation-electrique",
        "/qui-sommes-nous": "200",
        // Not public here: a scheduled post before its date, a private post, a draft page.
        "/?p=13": "200",
        "/2023/12/tarifs-2024/": "404",
        "/services/depannage/": "404",
        "/2023/05/inconnu/": "404",
      };
      const answers: Record<string, string> = {};
      for (const pathname of Object.keys(expected)) answers[pathname] = await answer(pathname);
      expect(answers).toEqual(expected);
    } finally {
      await app.stop();
    }
  }, 300_000);
});
