import { expect, sql, test } from "../support/e2e";
import { jsonLdBlocks, PUBLICLY_VISIBLE, todayInFrench } from "./site-shell-support";

// The public frame and its non-content pages at desktop width (public-site.md §2).
test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ context, baseURL }) => {
  // A choice already made keeps the cookie banner out of the way.
  await context.addCookies([{ name: "consent", value: "none", url: baseURL! }]);
});

test.describe("home page", () => {
  test("shows the hero, services and section ids", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("#hero");
    await expect(
      hero.getByRole("heading", { level: 1, name: "Services électriques professionnels à Limoges" }),
    ).toBeVisible();
    await expect(hero).toContainText("installation");
    await expect(hero).toContainText("rénovation");
    await expect(hero).toContainText("dépannage d'urgence");
    await expect(hero.getByRole("link", { name: "Demander un devis gratuit" })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Découvrir nos services" })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Défiler vers le bas" })).toBeVisible();
    const steps = hero.locator("ol > li");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText("1Installation ÉlectriqueRésidentielle et commerciale");
    await expect(steps.nth(1)).toContainText("2Rénovation ÉlectriqueMise aux normes et modernisation");
    await expect(steps.nth(2)).toContainText("3Dépannage d'UrgenceIntervention rapide");

    for (const id of ["hero", "services", "expertise", "projects", "blog", "contact"]) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }

    const services = page.locator("#services");
    for (const title of ["Particuliers", "Professionnels", "Services spécialisés"]) {
      await expect(services.getByRole("heading", { name: title })).toBeVisible();
    }
    for (const title of ["Sécurité garantie", "Équipe qualifiée", "Service rapide"]) {
      await expect(services.getByRole("heading", { name: title })).toBeVisible();
    }
    // No "Voir plus" on desktop: everything is shown.
    await expect(page.getByRole("button", { name: "Voir plus" })).toHaveCount(0);
  });

  test("lists expertise blocks in display order with their size", async ({ page }) => {
    const blocks = await sql<{ title: string; size: string }>(
      "select title, size from expertise_blocks order by display_order, created_at",
    );
    expect(blocks.length).toBeGreaterThan(0);
    await page.goto("/");
    const cards = page.locator("#expertise li");
    await expect(cards.locator("h3")).toHaveText(blocks.map((block) => block.title));
    const spans = { small: 1, medium: 2, large: 3 } as const;
    const minHeights = { small: "250px", medium: "300px", large: "400px" } as const;
    for (const [index, block] of blocks.entries()) {
      const size = block.size as keyof typeof spans;
      const style = await cards.nth(index).evaluate((element) => {
        const computed = getComputedStyle(element);
        return { column: computed.gridColumnEnd, minHeight: computed.minHeight };
      });
      expect(style).toEqual({ column: `span ${spans[size]}`, minHeight: minHeights[size] });
    }
  });

  test("shows the latest projects and articles with links to all", async ({ page }) => {
    const [{ projects }] = await sql<{ projects: number }>(
      `select count(*)::int as projects from projects where ${PUBLICLY_VISIBLE}`,
    );
    const [{ articles }] = await sql<{ articles: number }>(
      `select count(*)::int as articles from blog_articles where ${PUBLICLY_VISIBLE}`,
    );
    await page.goto("/");
    await expect(page.locator("#projects article")).toHaveCount(Math.min(projects, 6));
    await expect(page.locator("#blog article")).toHaveCount(Math.min(articles, 6));
    await page.locator("#projects").getByRole("link", { name: "Voir tous nos projets" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto("/");
    await page.locator("#blog").getByRole("link", { name: "Voir tous les articles" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("contact section has the info card and the form", async ({ page }) => {
    await page.goto("/");
    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { name: "Informations de contact" })).toBeVisible();
    await expect(contact.locator("form#contact-form")).toBeVisible();
  });

  test("hero buttons and the arrow scroll to their sections", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await page.locator("#hero").getByRole("link", { name: "Découvrir nos services" }).click();
    await expect(page.locator("#services")).toBeInViewport();
    // The script scrolls in place; without it the browser follows the anchor.
    await expect(page).toHaveURL(javaScriptEnabled ? /\/$/ : /\/#services$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#hero").getByRole("link", { name: "Demander un devis gratuit" }).click();
    await expect(page.locator("#contact h2").first()).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    // The arrow bounces (never "stable" for a click) unless the visitor asks for reduced motion.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("link", { name: "Défiler vers le bas" }).click();
    await expect(page.locator("#services")).toBeInViewport();
  });
});

test.describe("header", () => {
  test("is transparent at the top and blurred with a shadow past 50 px", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the header's state follows the scroll through its script");
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveCSS("backdrop-filter", /blur/);
    await expect(header).not.toHaveCSS("box-shadow", "none");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("desktop menu entries and Devis Gratuit", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await expect(nav.getByRole("link", { name: "Services" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "À propos" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Projets" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Actualités" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");

    // From another page a section link goes to /#section and the home page scrolls there.
    await page.locator("header").getByRole("link", { name: "Devis Gratuit" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact h2").first()).toBeInViewport();
  });

  test("Projets and Actualités dropdowns list all items and the categories", async ({ page }) => {
    const projectCategories = await sql<{ name: string; slug: string }>(
      "select name, slug from project_categories order by name",
    );
    const blogCategories = await sql<{ name: string; slug: string }>(
      "select name, slug from blog_categories order by name",
    );
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Menu principal" });

    await nav.getByRole("button", { name: "Projets" }).hover();
    await expect(nav.getByRole("link", { name: "Tous les projets" })).toBeVisible();
    await expect(nav.locator("#nav-projects").getByText("Catégories")).toBeVisible();
    for (const category of projectCategories) {
      await expect(nav.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
        "href",
        `/projects?category=${category.slug}`,
      );
    }

    await nav.getByRole("button", { name: "Actualités" }).hover();
    await expect(nav.getByRole("link", { name: "Toutes les actualités" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Tous les projets" })).toBeHidden();
    for (const category of blogCategories) {
      await expect(nav.getByRole("link", { name: category.name, exact: true })).toHaveAttribute(
        "href",
        `/blog?category=${category.slug}`,
      );
    }
    await nav.getByRole("link", { name: "Toutes les actualités" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("dropdowns work from the keyboard", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the disclosure buttons are the menu's script");
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Menu principal" });
    await nav.getByRole("button", { name: "Projets" }).focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Tous les projets" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Tous les projets" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/projects$/);
  });

  test("the logo scrolls to the top on the home page and goes home elsewhere", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.getByRole("link", { name: /— accueil$/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goto("/about");
    await page.getByRole("link", { name: /— accueil$/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("footer", () => {
  test("has its three columns and the legal line", async ({ page }) => {
    await page.goto("/about");
    const footer = page.locator("footer");
    await expect(footer.getByRole("heading", { name: "Menu" })).toBeVisible();
    const menu = footer.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("link")).toHaveText([
      "Accueil",
      "À propos",
      "Projets",
      "Actualités",
      "Contact",
    ]);
    await expect(footer.getByRole("heading", { name: "Contact" })).toBeVisible();
    const [settings] = await sql<{ company_phone: string; company_email: string; company_name: string }>(
      "select company_phone, company_email, company_name from site_settings",
    );
    if (settings.company_phone) await expect(footer).toContainText(settings.company_phone);
    if (settings.company_email) await expect(footer).toContainText(settings.company_email);
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} ${settings.company_name ?? "BETIC Électricité"}. Tous droits réservés.`,
    );
    const legal = footer.getByRole("navigation", { name: "Informations légales" });
    await expect(legal.getByRole("link", { name: "Mentions légales" })).toHaveAttribute(
      "href",
      "/mentions-legales",
    );
    await expect(legal.getByRole("link", { name: "Politique de confidentialité" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(legal.getByRole("link", { name: "Conditions d'utilisation" })).toHaveAttribute(
      "href",
      "/terms-of-use",
    );
    await expect(legal.getByRole("link", { name: "Accessibilité" })).toHaveAttribute(
      "href",
      "/accessibilite",
    );
    await expect(legal.getByRole("link", { name: "Plan du site" })).toHaveAttribute("href", "/sitemap");
  });
});

test.describe("about page", () => {
  test("tells the story with a breadcrumb and quote calls to action", async ({ page }) => {
    await page.goto("/about");
    const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(breadcrumb.getByRole("link", { name: "Accueil" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText("À propos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Une entreprise familiale au service de Limoges",
    );
    await expect(page.getByRole("heading", { name: "Deux générations d'électriciens" })).toBeVisible();
    await expect(page.locator("main")).toContainText("1998");
    await expect(page.locator("main")).toContainText("Bernard");
    await expect(page.locator("main")).toContainText("Martine");
    await expect(page.locator("main")).toContainText("Thomas");
    await expect(page.locator("main")).toContainText("2012");
    for (const heading of [
      "Notre mission",
      "Notre vision",
      "Ce qui nous anime",
      "Un travail soigné, un prix tenu",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const quotes = page.locator("main").getByRole("link", { name: "Devis Gratuit" });
    await expect(quotes).toHaveCount(2);
    await quotes.first().click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact h2").first()).toBeInViewport();
  });
});

test.describe("legal pages", () => {
  for (const { path, title } of [
    { path: "/privacy-policy", title: "Politique de confidentialité" },
    { path: "/terms-of-use", title: "Conditions d'utilisation" },
  ]) {
    test(`${title}: seven sections, today's date and the contact block`, async ({ page }) => {
      const [settings] = await sql<Record<string, string | null>>(
        "select company_name, company_email, company_phone, company_address, company_city from site_settings",
      );
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("main")).toContainText(`Dernière mise à jour : ${todayInFrench()}`);
      const sections = page.locator("main section[id] h2");
      await expect(sections).toHaveCount(7);
      await expect(sections.first()).toHaveText(/^1\. /);
      await expect(sections.last()).toHaveText(/^7\. /);
      const contact = page.locator("section", { has: page.getByRole("heading", { name: "Nous contacter" }) });
      for (const value of Object.values(settings)) if (value) await expect(contact).toContainText(value);
    });
  }
});

test.describe("accessibility statement", () => {
  test("follows the RGAA's form, with its own date and the contact block", async ({ page }) => {
    const [settings] = await sql<{ company_name: string }>("select company_name from site_settings");
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Accessibilité" }).click();
    await expect(page).toHaveURL(/\/accessibilite$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibilité");
    await expect(page.locator("main section[id] h2")).toHaveText([
      "1. État de conformité",
      "2. Résultats des tests",
      "3. Contenus non accessibles",
      "4. Établissement de cette déclaration",
      "5. Retour d'information et contact",
      "6. Voies de recours",
    ]);
    await expect(page.locator("main")).toContainText(`${settings!.company_name} s'engage`);
    await expect(page.locator("main")).toContainText("Cette déclaration a été établie le");
    await expect(page.getByRole("heading", { name: "Nous contacter" })).toBeVisible();
  });
});

test.describe("sitemap page", () => {
  test("lists main pages, legal pages and the published projects and articles", async ({ page }) => {
    const projects = await sql<{ title: string }>(`select title from projects where ${PUBLICLY_VISIBLE}`);
    const articles = await sql<{ title: string }>(
      `select title from blog_articles where ${PUBLICLY_VISIBLE}`,
    );
    const hidden = await sql<{ title: string }>(
      `select title from blog_articles where not ${PUBLICLY_VISIBLE}`,
    );
    await page.goto("/sitemap");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plan du site");
    const main = page.locator("section", { has: page.getByRole("heading", { name: "Pages principales" }) });
    await expect(main.getByRole("link")).toHaveText([
      "Accueil",
      "À propos",
      "Projets",
      "Blog & Actualités",
      "Contact",
    ]);
    const legal = page.locator("section", {
      has: page.getByRole("heading", { name: "Informations légales" }),
    });
    await expect(legal.getByRole("link")).toHaveText([
      "Mentions légales",
      "Politique de confidentialité",
      "Conditions d'utilisation",
      "Accessibilité",
    ]);
    const projectList = page.locator("section", {
      has: page.getByRole("heading", { name: "Projets", exact: true }),
    });
    await expect(projectList.getByRole("link")).toHaveCount(projects.length);
    const blogList = page.locator("section", {
      has: page.getByRole("heading", { name: "Blog", exact: true }),
    });
    await expect(blogList.getByRole("link")).toHaveCount(articles.length);
    for (const article of hidden) await expect(blogList).not.toContainText(article.title);
  });
});

test.describe("404", () => {
  test("unknown paths answer 404 with the page inside the frame", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    // A single unknown segment is the CMS route's 404 (content), with its own wording.
    expect((await request.get("/page-qui-n-existe-pas")).status()).toBe(404);
    for (const path of ["/pas/une/page", "/blog/x/y", "/a/b/c/d"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page non trouvée");
      expect(html).toContain('name="robots" content="noindex, follow"');
    }
    await page.goto("/about");
    await page.goto("/pas/une/page");
    const main = page.locator("main");
    await expect(main).toContainText("404");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
    for (const [name, href] of [
      ["Blog", "/blog"],
      ["Projets", "/projects"],
      ["Contact", "/contact"],
      ["Retour à l'accueil", "/"],
    ]) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(page.locator("header").first()).toBeVisible();
    await expect(page.locator("footer")).toBeVisible();
    // 'Page précédente' is a script's (hidden without scripts: the browser's own button does it).
    const back = main.getByRole("button", { name: "Page précédente" });
    if (!javaScriptEnabled) return await expect(back).toBeHidden();
    await back.click();
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe("SEO in the server's HTML", () => {
  test("every page carries the company JSON-LD", async ({ request }) => {
    const [settings] = await sql<Record<string, string | null>>(
      "select company_phone, company_email, company_zip_code, company_city from site_settings",
    );
    for (const path of ["/", "/about", "/privacy-policy", "/sitemap", "/pas/une/page"]) {
      const response = await request.get(path);
      const html = await response.text();
      const business = jsonLdBlocks(html).find((block) => block.data["@type"] === "Electrician");
      expect(business, path).toBeDefined();
      const data = business!.data as {
        name: string;
        telephone?: string;
        email?: string;
        address: { postalCode?: string; addressLocality?: string };
        openingHoursSpecification: object[];
        areaServed: object[];
        logo: string;
      };
      expect(data.name).toBeTruthy();
      if (settings.company_phone) expect(data.telephone).toBe(settings.company_phone);
      if (settings.company_email) expect(data.email).toBe(settings.company_email);
      if (settings.company_zip_code) expect(data.address.postalCode).toBe(settings.company_zip_code);
      if (settings.company_city) expect(data.address.addressLocality).toBe(settings.company_city);
      expect(data.openingHoursSpecification[0]).toMatchObject({
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "07:00",
        closes: "17:00",
      });
      expect(data.areaServed[0]).toEqual({ "@type": "City", name: "Limoges" });
      expect(data.logo).toMatch(/^https?:\/\//);
    }
  });

  test("the about page has a BreadcrumbList and absolute canonical and Open Graph URLs", async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get("/about")).text();
    const breadcrumb = jsonLdBlocks(html).find((block) => block.data["@type"] === "BreadcrumbList");
    expect(breadcrumb?.data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Accueil", item: `${baseURL}/` },
      { "@type": "ListItem", position: 2, name: "À propos", item: `${baseURL}/about` },
    ]);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/about"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/about"/>`);
    expect(html).toContain('<meta property="og:locale" content="fr_FR"/>');
    expect(html).toContain('<meta property="og:type" content="website"/>');
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"\/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toMatch(/<title>À propos \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
  });

  test("the home page falls back to the site title and has a canonical", async ({ request, baseURL }) => {
    const [settings] = await sql<{ site_title: string | null }>("select site_title from site_settings");
    const html = await (await request.get("/")).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
    if (settings.site_title) expect(html).toContain(`<title>${settings.site_title}</title>`);
    expect(html).toContain('<meta property="og:site_name"');
  });
});

// axe over every page: accessibility.spec.ts; the skip link and the keyboard: keyboard.spec.ts.
test.describe("hash links", () => {
  test("hash links reach their target", async ({ page }) => {
    await page.goto("/privacy-policy#droits");
    await expect(page.locator("#droits")).toBeInViewport();
    await page
      .getByRole("navigation", { name: "Sommaire" })
      .getByRole("link", { name: "4. Durée de conservation" })
      .click();
    await expect(page.locator("#conservation")).toBeInViewport();
  });
});
