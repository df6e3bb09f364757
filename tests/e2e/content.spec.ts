import type { Page } from "@playwright/test";
import { expect, gotoUntil, sql, test } from "../support/e2e";

/*
 * Public content screens (public-site.md §2): blog, article, projects, project, CMS page.
 * Rows this file creates carry the RUN prefix in their slug and are removed afterwards.
 */
const RUN = `e2e-content-${Date.now().toString(36)}`;
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

type ArticleRow = {
  title: string;
  slug?: string;
  status: "published" | "draft" | "scheduled" | "archived";
  publishedAt?: string | null;
  scheduledAt?: string | null;
  content?: string;
  excerpt?: string;
  category?: string;
  mainImage?: string | null;
};

async function insertArticle(row: ArticleRow) {
  const slug = row.slug ?? `${RUN}-${row.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const [inserted] = await sql<{ id: string; slug: string }>(
    `insert into blog_articles (title, slug, excerpt, content, main_image, status, published_at, scheduled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, slug`,
    [
      row.title,
      slug,
      row.excerpt ?? null,
      row.content ?? "<p>Contenu de test.</p>",
      row.mainImage ?? null,
      row.status,
      row.publishedAt ?? null,
      row.scheduledAt ?? null,
    ],
  );
  if (row.category) {
    await sql(
      `insert into blog_article_categories (article_id, category_id) select $1, id from blog_categories where slug = $2`,
      [inserted!.id, row.category],
    );
  }
  return inserted!;
}

type ProjectRow = {
  title: string;
  status: "published" | "draft" | "scheduled";
  publishedAt?: string | null;
  scheduledAt?: string | null;
  category?: string | null;
  mainImage?: string | null;
  description?: string;
  content?: string | null;
  challenges?: string | null;
  solutions?: string | null;
  results?: string | null;
  location?: string;
};

async function insertProject(row: ProjectRow) {
  const slug = `${RUN}-${row.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const [inserted] = await sql<{ id: string; slug: string }>(
    `insert into projects (title, slug, description, location, category, status, main_image, published_at,
       scheduled_at, content, challenges, solutions, results)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id, slug`,
    [
      row.title,
      slug,
      row.description ?? "Description de test.",
      row.location ?? "Limoges",
      row.category ?? null,
      row.status,
      row.mainImage ?? null,
      row.publishedAt ?? null,
      row.scheduledAt ?? null,
      row.content ?? null,
      row.challenges ?? null,
      row.solutions ?? null,
      row.results ?? null,
    ],
  );
  return inserted!;
}

async function demoImages() {
  const rows = await sql<{ image_url: string }>(
    `select image_url from project_images where image_url like '/media/%' order by image_url limit 3`,
  );
  expect(rows.length).toBe(3);
  return rows.map((row) => row.image_url);
}

async function setFeature(column: "enable_blog" | "enable_projects", value: boolean) {
  await sql(`update site_settings set ${column} = $1`, [value]);
}

/** Settings reach the app through a database notification: wait for the page to follow. */
async function expectStatus(page: Page, path: string, status: number) {
  await expect.poll(async () => (await page.request.get(path)).status(), { timeout: 10_000 }).toBe(status);
}

test.afterAll(async () => {
  await sql(`delete from blog_articles where slug like $1`, [`${RUN}%`]);
  await sql(`delete from projects where slug like $1`, [`${RUN}%`]);
  await sql(`delete from project_categories where slug like $1`, [`${RUN}%`]);
  await sql(`delete from cms_pages where slug like $1`, [`${RUN}%`]);
});

test.describe("blog", () => {
  test("lists published articles with category filters driven by ?category=", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Actualités" })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Catégories d'articles" });
    await expect(filters.getByRole("link", { name: "Tous" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("article")).not.toHaveCount(0);

    await filters.getByRole("link", { name: "Conseils" }).click();
    await expect(page).toHaveURL(/\/blog\?category=conseils$/);
    await expect(filters.getByRole("link", { name: "Conseils" })).toHaveAttribute("aria-current", "page");
    const inCategory = await sql<{ n: string }>(
      `select count(*) as n from blog_articles a join blog_article_categories ac on ac.article_id = a.id
       join blog_categories c on c.id = ac.category_id
       where c.slug = 'conseils' and a.status = 'published' and (a.published_at is null or a.published_at <= now())`,
    );
    await expect(page.getByRole("article")).toHaveCount(Number(inCategory[0]!.n));

    await page.goto("/blog?category=categorie-inexistante");
    await expect(page.getByText("Aucun article publié pour le moment.")).toBeVisible();
  });

  test("a long list comes in pages of 24, each with its own address, 404 past the last", async ({ page }) => {
    // A category of its own keeps the other tests' lists as they were (rows removed at the end).
    const category = `${RUN}-pages`;
    await sql(`insert into blog_categories (name, slug) values ($1, $1)`, [category]);
    try {
      for (let n = 1; n <= 25; n++) {
        await insertArticle({
          title: `Page article ${String(n).padStart(2, "0")}`,
          status: "published",
          publishedAt: at(-n),
          category,
        });
      }
      const cards = page.getByRole("article");
      await gotoUntil(page, `/blog?category=${category}`, () =>
        expect(cards).toHaveCount(24, { timeout: 1_000 }),
      );
      const pages = page.getByRole("navigation", { name: "Pages des articles" });
      await expect(pages.getByText("Page 1 sur 2")).toBeVisible();
      await expect(pages.getByRole("link", { name: "Précédent" })).toHaveCount(0);
      // Newest first: the 25th (the oldest) is alone on the second page.
      await expect(page.locator(`a[href="/blog/${RUN}-page-article-01"]`)).toBeVisible();
      await expect(page.locator(`a[href="/blog/${RUN}-page-article-25"]`)).toHaveCount(0);

      await pages.getByRole("link", { name: "Suivant" }).click();
      await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category}&page=2$`));
      await expect(cards).toHaveCount(1);
      await expect(page.locator(`a[href="/blog/${RUN}-page-article-25"]`)).toBeVisible();
      await expect(page).toHaveTitle(/– page 2 \|/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`/blog\\?category=${category}&page=2$`),
      );
      await expect(pages.getByText("Page 2 sur 2")).toBeVisible();
      await expect(pages.getByRole("link", { name: "Suivant" })).toHaveCount(0);
      await pages.getByRole("link", { name: "Précédent" }).click();
      await expect(page).toHaveURL(new RegExp(`/blog\\?category=${category}$`));
      await expect(cards).toHaveCount(24);

      expect((await page.goto(`/blog?category=${category}&page=3`))?.status()).toBe(404);
    } finally {
      await sql(`delete from blog_articles where slug like $1`, [`${RUN}-page-article-%`]);
      await sql(`delete from blog_categories where slug = $1`, [category]);
    }
  });

  test("shows only published articles and scheduled ones whose date has passed", async ({ page }) => {
    const visible = await insertArticle({
      title: "Visible publie",
      status: "published",
      publishedAt: at(-1),
    });
    const scheduledPast = await insertArticle({
      title: "Programme passe",
      status: "scheduled",
      scheduledAt: at(-1),
    });
    const future = await insertArticle({ title: "Publie futur", status: "published", publishedAt: at(48) });
    const scheduledFuture = await insertArticle({
      title: "Programme futur",
      status: "scheduled",
      scheduledAt: at(48),
    });
    const draft = await insertArticle({ title: "Brouillon", status: "draft" });
    const archived = await insertArticle({ title: "Archive", status: "archived", publishedAt: at(-5) });

    // /blog was cached by the test before: the inserts reach it through a change notification.
    const links = page.locator(`a[href^="/blog/${RUN}"]`);
    await gotoUntil(page, "/blog", () => expect(links).toHaveCount(2, { timeout: 1_000 }));
    await expect(page.locator(`a[href="/blog/${visible.slug}"]`)).toBeVisible();
    await expect(page.locator(`a[href="/blog/${scheduledPast.slug}"]`)).toBeVisible();

    expect((await page.goto(`/blog/${scheduledPast.slug}`))?.status()).toBe(200);
    for (const hidden of [future, scheduledFuture, draft, archived]) {
      const response = await page.goto(`/blog/${hidden.slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Article non trouvé" })).toBeVisible();
    }
  });

  test("an article page: header, content, side cards, related lists; reachable by id", async ({ page }) => {
    const [image] = await demoImages();
    const main = await insertArticle({
      title: "Article principal",
      status: "published",
      publishedAt: "2026-03-05T10:00:00Z",
      category: "conseils",
      excerpt: "Un résumé de test.",
      mainImage: image,
      content: "<h2>Un intertitre</h2><p>Premier paragraphe <strong>important</strong>.</p>",
    });
    const response = await page.goto(`/blog/${main.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Article principal \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Article principal" })).toBeVisible();
    await expect(page.getByText("Admin", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("5 mars 2026").first()).toBeVisible();
    await expect(page.getByText("5 min de lecture")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Conseils" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Un intertitre" })).toBeVisible();
    const hero = page.locator(`main img[src^="${image.replace(/\.webp$/, "")}"]`).first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");

    await expect(page.getByRole("heading", { name: "Besoin d'un électricien ?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Demander un devis" })).toHaveAttribute("href", "/contact");
    const sameCategory = page.getByRole("region", { name: "Articles de la même catégorie" });
    await expect(sameCategory.getByRole("link")).not.toHaveCount(0);
    expect(await sameCategory.getByRole("link").count()).toBeLessThanOrEqual(3);
    const similar = page.getByRole("region", { name: "Articles similaires" });
    await expect(similar.getByRole("article")).toHaveCount(3);
    await expect(similar.locator(`a[href="/blog/${main.slug}"]`)).toHaveCount(0);
    await page.getByRole("link", { name: "Voir tous les articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);

    expect((await page.goto(`/blog/${main.id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Article principal" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/blog/${main.slug}$`),
    );
  });

  test("a missing article answers 404 with its own page", async ({ page }) => {
    const response = await page.goto(`/blog/${RUN}-inexistant`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article non trouvé" })).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Voir tous les articles" })).toHaveAttribute(
      "href",
      "/blog",
    );
    await expect(page.locator("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute(
      "href",
      "/",
    );
  });

  test("stored script injection never runs", async ({ page }) => {
    const attack = await insertArticle({
      title: "Injection",
      status: "published",
      publishedAt: at(-1),
      content:
        `<p>Texte</p><img src=x onerror=window.__xss=1><script>window.__xss=1</script>` +
        `<a href="javascript:window.__xss=1">lien</a><iframe src="javascript:window.__xss=1"></iframe>` +
        `<svg onload=window.__xss=1></svg>`,
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`/blog/${attack.slug}`);
    await expect(page.getByText("Texte", { exact: true })).toBeVisible();
    await page.locator(".rich-content a", { hasText: "lien" }).click();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    const content = page.locator(".rich-content");
    await expect(content.locator("script, iframe, svg, [onerror], [onload]")).toHaveCount(0);
    await expect(content.locator("a", { hasText: "lien" })).not.toHaveAttribute("href", /.*/);
    expect(errors).toEqual([]);
  });

  test("the blog switched off answers 404", async ({ page }) => {
    const article = await insertArticle({ title: "Blog coupe", status: "published", publishedAt: at(-1) });
    try {
      await setFeature("enable_blog", false);
      await expectStatus(page, "/blog", 404);
      await expectStatus(page, `/blog/${article.slug}`, 404);
      await page.goto("/blog");
      await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
    } finally {
      await setFeature("enable_blog", true);
    }
    await expectStatus(page, "/blog", 200);
  });
});

test.describe("projects", () => {
  test("lists published projects with category filters", async ({ page }) => {
    const response = await page.goto("/projects");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Nos Projets" })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Catégories de projets" });
    await expect(filters.getByRole("link", { name: "Tous" })).toHaveAttribute("aria-current", "page");

    await filters.getByRole("link", { name: "Industriel" }).click();
    await expect(page).toHaveURL(/\/projects\?category=industriel$/);
    const [{ n }] = (await sql<{ n: string }>(
      `select count(*) as n from projects where category = 'Industriel' and status = 'published'
       and (published_at is null or published_at <= now())`,
    )) as [{ n: string }];
    await expect(page.getByRole("article")).toHaveCount(Number(n));
    for (const card of await page.getByRole("article").all()) await expect(card).toContainText("Industriel");

    await page.goto("/projects?category=categorie-inexistante");
    await expect(page.getByText("Aucun projet trouvé pour cette catégorie.")).toBeVisible();
  });

  test("shows only published projects and scheduled ones whose date has passed", async ({ page }) => {
    const shown = await insertProject({
      title: "Chantier visible",
      status: "published",
      publishedAt: at(-2),
    });
    const scheduled = await insertProject({
      title: "Chantier programme",
      status: "scheduled",
      scheduledAt: at(-2),
    });
    const future = await insertProject({ title: "Chantier futur", status: "published", publishedAt: at(24) });
    const draft = await insertProject({ title: "Chantier brouillon", status: "draft" });
    // /projects was cached by the test before: the inserts reach it through a change notification.
    const links = page.locator(`a[href^="/projects/${RUN}"]`);
    await gotoUntil(page, "/projects", () => expect(links).toHaveCount(2, { timeout: 1_000 }));
    await expect(page.locator(`a[href="/projects/${shown.slug}"]`)).toBeVisible();
    await expect(page.locator(`a[href="/projects/${scheduled.slug}"]`)).toBeVisible();
    for (const hidden of [future, draft]) {
      expect((await page.goto(`/projects/${hidden.slug}`))?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Projet non trouvé" })).toBeVisible();
    }
  });

  test("a project page: breadcrumb, header, gallery, sections, related projects", async ({
    page,
    javaScriptEnabled,
  }) => {
    const images = await demoImages();
    await sql(`insert into project_categories (name, slug) values ($1, $1)`, [`${RUN}-cat`]);
    const project = await insertProject({
      title: "Chantier galerie",
      status: "published",
      publishedAt: "2026-02-10T09:00:00Z",
      category: `${RUN}-cat`,
      location: "Panazol",
      mainImage: images[0],
      content: "<p>Le <em>contenu riche</em> du chantier.</p>",
      description: "Description simple à ne pas afficher.",
      challenges: "Un défi de test.",
    });
    for (const [index, url] of [images[2], images[1]].entries()) {
      await sql(
        `insert into project_images (project_id, image_url, alt_text, display_order) values ($1, $2, $3, $4)`,
        [project.id, url, `Photo ${index + 1}`, index],
      );
    }
    const others = [];
    for (const n of [1, 2, 3, 4]) {
      others.push(
        await insertProject({
          title: `Voisin ${n}`,
          status: "published",
          publishedAt: at(-n),
          category: `${RUN}-cat`,
        }),
      );
    }
    await insertProject({ title: "Voisin brouillon", status: "draft", category: `${RUN}-cat` });

    const response = await page.goto(`/projects/${project.slug}`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Chantier galerie \| .+/);
    const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(breadcrumb.getByRole("link", { name: "Nos Projets" })).toHaveAttribute("href", "/projects");
    await expect(breadcrumb).toContainText("Chantier galerie");
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const breadcrumbLd = jsonLd.map((text) => JSON.parse(text)).find((d) => d["@type"] === "BreadcrumbList");
    expect(breadcrumbLd.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Nos Projets",
      "Chantier galerie",
    ]);
    await expect(page.getByRole("link", { name: "Retour aux projets" })).toHaveAttribute("href", "/projects");
    const header = page.locator("main header");
    await expect(header).toContainText(`${RUN}-cat`);
    await expect(header).toContainText("Panazol");
    await expect(header).toContainText("10 février 2026");

    await expect(page.getByRole("heading", { name: "Description du projet" })).toBeVisible();
    await expect(page.getByText("contenu riche")).toBeVisible();
    await expect(page.getByText("Description simple à ne pas afficher.")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Défis" })).toBeVisible();
    await expect(page.getByText("Un défi de test.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Solutions" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Résultats" })).toHaveCount(0);

    // Gallery: main image, then the extra images by display_order; wraps around both ways.
    const gallery = page.getByTestId("gallery");
    const counter = page.getByTestId("gallery-counter");
    // Every photo is in the page, all but the one shown hidden.
    const shown = gallery.locator("div.aspect-video img:visible");
    await expect(counter).toHaveText("1 / 3");
    await expect(shown).toHaveAttribute("src", sameImage(images[0]!));
    // Moving through the photos is the gallery's script; without it the first one shows.
    if (javaScriptEnabled) {
      await gallery.getByRole("button", { name: "Image suivante" }).click();
      await expect(counter).toHaveText("2 / 3");
      await expect(shown).toHaveAttribute("src", sameImage(images[2]!));
      await gallery.getByRole("button", { name: "Image suivante" }).click();
      await gallery.getByRole("button", { name: "Image suivante" }).click();
      await expect(counter).toHaveText("1 / 3");
      await gallery.getByRole("button", { name: "Image précédente" }).click();
      await expect(counter).toHaveText("3 / 3");
      await expect(shown).toHaveAttribute("src", sameImage(images[1]!));
      await gallery.getByRole("button", { name: "Afficher l'image 2 sur 3" }).click();
      await expect(counter).toHaveText("2 / 3");
      await expect(gallery.getByRole("button", { name: "Afficher l'image 2 sur 3" })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText("3 / 3");
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText("1 / 3");
      await page.keyboard.press("ArrowLeft");
      await expect(counter).toHaveText("3 / 3");
    }

    const related = page.getByRole("region", { name: "Autres projets" });
    await expect(related.getByRole("link")).toHaveCount(3);
    await expect(related.locator(`a[href="/projects/${project.slug}"]`)).toHaveCount(0);
    await expect(related.getByText("Voisin brouillon")).toHaveCount(0);
    for (const other of others.slice(0, 3)) {
      await expect(related.locator(`a[href="/projects/${other.slug}"]`)).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Demander un projet similaire" })).toHaveCount(2);
    const quoteLinks = page.locator("main").getByRole("link", { name: "Demander un devis" });
    await expect(quoteLinks).toHaveCount(2);
    for (const link of await quoteLinks.all()) await expect(link).toHaveAttribute("href", "/contact");

    expect((await page.goto(`/projects/${project.id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Chantier galerie" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/projects/${project.slug}$`),
    );
  });

  test("one image: no counter nor thumbnails; plain description; no related project", async ({ page }) => {
    const [image] = await demoImages();
    const project = await insertProject({
      title: "Chantier seul",
      status: "published",
      publishedAt: at(-1),
      category: `${RUN}-unique`,
      mainImage: image,
      description: "Description en texte simple.",
    });
    await page.goto(`/projects/${project.slug}`);
    await expect(page.getByTestId("gallery").locator("img")).toHaveCount(1);
    await expect(page.getByTestId("gallery-counter")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Afficher l'image/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Image suivante" })).toHaveCount(0);
    await expect(page.getByText("Description en texte simple.")).toBeVisible();
    await expect(page.getByText("Aucun projet similaire trouvé")).toBeVisible();
    for (const title of ["Défis", "Solutions", "Résultats"]) {
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    }
  });

  test("a missing project answers 404 with its own page", async ({ page }) => {
    const response = await page.goto(`/projects/${RUN}-inexistant`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Projet non trouvé" })).toBeVisible();
    await expect(
      page.getByText("Le projet que vous recherchez n'existe pas ou a été supprimé."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Voir tous nos projets" }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  test("projects switched off answer 404", async ({ page }) => {
    const project = await insertProject({
      title: "Projets coupes",
      status: "published",
      publishedAt: at(-1),
    });
    try {
      await setFeature("enable_projects", false);
      await expectStatus(page, "/projects", 404);
      await expectStatus(page, `/projects/${project.slug}`, 404);
    } finally {
      await setFeature("enable_projects", true);
    }
    await expectStatus(page, "/projects", 200);
  });
});

test.describe("CMS pages", () => {
  test("a published page renders its sanitized content and SEO fields", async ({ page }) => {
    const slug = `${RUN}-page`;
    await sql(
      `insert into cms_pages (title, slug, content, is_published, meta_title, meta_description, meta_keywords)
       values ('Page de test', $1, $2, true, 'Titre SEO', 'Description SEO', 'mot1, mot2')`,
      [slug, `<h2>Section</h2><p>Bonjour</p><script>window.__xss=1</script>`],
    );
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Page de test" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Section" })).toBeVisible();
    await expect(page).toHaveTitle(/^Titre SEO \| .+/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Description SEO");
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", "mot1, mot2");
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  test("an unpublished or missing page answers 404 'Page introuvable'", async ({ page }) => {
    const slug = `${RUN}-brouillon`;
    await sql(
      `insert into cms_pages (title, slug, content, is_published) values ('Brouillon', $1, '<p>x</p>', false)`,
      [slug],
    );
    for (const path of [`/${slug}`, `/${RUN}-absente`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
      await expect(
        page.getByText("La page que vous recherchez n'existe pas ou a été déplacée."),
      ).toBeVisible();
    }
  });
});

/** Any WebP width of a stored image: pages show the variant that fits, not always the original. */
function sameImage(url: string) {
  const stem = url.replace(/\.webp$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${stem}(-\\d+)?\\.webp$`);
}
