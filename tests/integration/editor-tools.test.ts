import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { findMissingPages } from "~/server/content/internal-links.server";
import { db } from "~/server/db/client.server";
import { blogArticles, cmsPages, projects, slugRedirects } from "~/server/db/schema";

const DAY = 86_400_000;
const past = new Date(Date.now() - DAY);
const future = new Date(Date.now() + DAY);

beforeEach(async () => {
  await db().execute(
    sql`truncate blog_articles, projects, project_images, cms_pages, audit_log, content_revisions, slug_redirects cascade`,
  );
});

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
