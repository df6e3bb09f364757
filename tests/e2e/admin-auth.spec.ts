import type { Page } from "@playwright/test";
import { SIGN_IN_INTENT } from "../../app/lib/schemas/users";
import { e2e, expect, sql, test } from "../support/e2e";
import { signIn, toast } from "./admin-support";

const { email, password } = e2e.admin;

const sidebar = (page: Page) => page.locator("#admin-sidebar");

test.describe("sign-in", () => {
  test("an unauthenticated visitor of /admin lands on the sign-in page", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(
      page.getByRole("heading", { name: "Connectez-vous pour accéder au tableau de bord" }),
    ).toBeVisible();

    await page.goto("/admin/une-page-inconnue");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("a wrong password shows the French error and keeps the e-mail only", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
    await page.getByRole("button", { name: "Se connecter" }).click();

    const shown = toast(page, "Erreur de connexion");
    await expect(shown).toContainText("Email ou mot de passe incorrect");
    await expect(
      page.getByRole("alert").filter({ hasText: "Email ou mot de passe incorrect" }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Mot de passe")).toHaveValue("");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("empty fields are refused with French messages", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("L'email est requis")).toBeVisible();
    await expect(page.getByText("Le mot de passe est requis")).toBeVisible();
  });

  test("signing in leads to the dashboard with a welcome toast; /admin/login then sends on to /admin", async ({
    page,
  }) => {
    await signIn(page, e2e.admin);
    await expect(page).toHaveURL(/\/admin$/);
    const shown = toast(page, "Connexion réussie");
    await expect(shown).toContainText("Bienvenue dans le backoffice");

    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/page-qui-n-existe-pas");
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("after signing in, a guarded page asked for first is where one lands", async ({ page }) => {
    await page.goto("/admin/login?redirectTo=%2Fadmin%3Fvue%3D1");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe").fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/admin\?vue=1$/);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe").fill("mauvais-mot-de-passe");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("alert")).toContainText("Email ou mot de passe incorrect");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await page.getByLabel("Mot de passe").fill(password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await context.close();
  });

  test("repeated failures for one account are slowed down, whatever the address", async ({ request }) => {
    // An account of its own, so the real admin is never slowed.
    const form = { intent: SIGN_IN_INTENT, email: "inconnu@betic.test", password: "devinette" };
    const attempt = (i: number) =>
      request.post("/admin/login", {
        form,
        maxRedirects: 0,
        headers: { Origin: e2e.baseUrl, "X-Forwarded-For": `203.0.113.${i}` },
      });
    for (let i = 1; i <= 5; i++) expect((await attempt(i)).status()).toBe(401);
    // Past five failures, one try per wait: of tries arriving together, at least the others wait.
    const together = await Promise.all([6, 7, 8].map(attempt));
    const throttled = together.filter((response) => response.status() === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(2);
    for (const response of throttled) {
      expect(Number(response.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(await response.text()).toContain("Trop de tentatives de connexion. Réessayez dans");
    }
  });

  test("admin answers are never cached, and old paths redirect", async ({ page, request }) => {
    const login = await request.get("/admin/login");
    expect(login.headers()["cache-control"]).toBe("private, no-store");

    await signIn(page, e2e.admin);
    const dashboard = await page.request.get("/admin");
    expect(dashboard.status()).toBe(200);
    expect(dashboard.headers()["cache-control"]).toBe("private, no-store");

    for (const [from, to] of [
      ["/admin/contact", "/admin/contacts"],
      ["/admin/author", "/admin/authors"],
      ["/admin/blog/preview", "/admin/blog"],
      ["/admin/projects/preview", "/admin/projects"],
    ]) {
      const response = await page.request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(302);
      expect(response.headers()["location"], from).toBe(to);
    }
  });
});

test.describe("sign-out", () => {
  test("signs out with a toast, and the back office is closed again", async ({ page }) => {
    await signIn(page, e2e.admin);
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const shown = toast(page, "Déconnexion réussie");
    await expect(shown).toContainText("Vous avez été déconnecté avec succès");

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe("dashboard", () => {
  test("shows the database's counts, linking to their screens", async ({ page }) => {
    const [counts] = await sql<{ projects: number; articles: number; authors: number; contacts: number }>(`
      select (select count(*) from projects)::int as projects,
             (select count(*) from blog_articles)::int as articles,
             (select count(*) from blog_authors)::int as authors,
             (select count(*) from contacts)::int as contacts`);
    expect(counts.projects).toBeGreaterThan(0);
    await signIn(page, e2e.admin);

    for (const [key, label, href] of [
      ["projects", "Projets", "/admin/projects"],
      ["articles", "Articles", "/admin/blog"],
      ["authors", "Utilisateurs", "/admin/users"],
      ["contacts", "Messages", "/admin/contacts"],
    ] as const) {
      const card = page.getByTestId(`count-${key}`);
      await expect(card).toContainText(label);
      await expect(card).toContainText(String(counts[key]));
      await expect(card).toHaveAttribute("href", href);
    }
  });

  test.describe("recent activity", () => {
    const ids: { projects: string[]; articles: string[]; contacts: string[] } = {
      projects: [],
      articles: [],
      contacts: [],
    };
    test.afterEach(async () => {
      if (ids.projects.length) await sql("delete from projects where id = any($1)", [ids.projects]);
      if (ids.articles.length) await sql("delete from blog_articles where id = any($1)", [ids.articles]);
      if (ids.contacts.length) await sql("delete from contacts where id = any($1)", [ids.contacts]);
    });

    test("lists the five newest items with the spec's sentences and links", async ({ page }) => {
      const [project] = await sql<{ id: string }>(
        `insert into projects (title, slug, status, created_at)
         values ('Projet e2e planifié', 'projet-e2e-planifie', 'scheduled', now() + interval '3 minutes') returning id`,
      );
      const [article] = await sql<{ id: string }>(
        `insert into blog_articles (title, slug, status, created_at)
         values ('Article e2e brouillon', 'article-e2e-brouillon', 'draft', now() + interval '2 minutes') returning id`,
      );
      const [contact] = await sql<{ id: string }>(
        `insert into contacts (name, email, subject, message, status, created_at)
         values ('Jeanne Martin', 'jeanne@example.test', 'Devis', 'Bonjour', 'in_progress', now() + interval '1 minute')
         returning id`,
      );
      ids.projects.push(project.id);
      ids.articles.push(article.id);
      ids.contacts.push(contact.id);

      await signIn(page, e2e.admin);
      const list = page.getByRole("region", { name: "Activité récente" }).getByRole("listitem");
      await expect(list).toHaveCount(5);
      await expect(list.nth(0)).toContainText("Projet planifié");
      await expect(list.nth(0)).toContainText("Projet e2e planifié");
      await expect(list.nth(0).getByRole("link")).toHaveAttribute(
        "href",
        `/admin/projects/edit/${project.id}`,
      );
      await expect(list.nth(1)).toContainText("Nouveau article en brouillon");
      await expect(list.nth(1).getByRole("link")).toHaveAttribute("href", `/admin/blog/edit/${article.id}`);
      await expect(list.nth(2)).toContainText("Nouvelle demande: En cours");
      await expect(list.nth(2).getByRole("link")).toHaveAttribute("href", "/admin/contacts");
      await expect(list.nth(2)).toContainText(/dans /);

      const newest = await sql<{ title: string }>(`
        select title from (
          select title, created_at from projects union all select title, created_at from blog_articles
          union all select name, created_at from contacts) t
        order by created_at desc limit 5`);
      await expect(list.nth(3)).toContainText(newest[3]!.title);
      await expect(list.nth(4)).toContainText(newest[4]!.title);
    });
  });
});

test.describe("dashboard states", () => {
  test.afterEach(async () => {
    await sql("alter table if exists contacts_hidden rename to contacts");
  });

  test("shows a loading message during a client navigation, and an error with a retry link", async ({
    page,
  }) => {
    await signIn(page, e2e.admin);

    // Slow the dashboard's data down: the shell says it is loading.
    await page.route("**/admin.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await sidebar(page).getByRole("link", { name: "Tableau de bord" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Chargement des données..." })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Chargement des données..." })).toBeHidden();
    await page.unroute("**/admin.data*");

    await sql("alter table contacts rename to contacts_hidden");
    await page.reload();
    await expect(page.getByText("Impossible de charger les données du tableau de bord")).toBeVisible();
    // The header's notifications read the same table: they say so instead of taking the shell down.
    await expect(page.getByRole("button", { name: "Notifications indisponibles" })).toBeVisible();
    await sql("alter table contacts_hidden rename to contacts");
    await page.getByRole("link", { name: "Réessayer" }).click();
    await expect(page.getByTestId("count-contacts")).toBeVisible();
  });
});

test.describe("admin shell", () => {
  test("the sidebar collapses to icons, remembers it in a cookie, and Ctrl+B toggles it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, e2e.admin);
    await expect(sidebar(page)).toHaveCSS("width", "256px");
    await expect(sidebar(page).getByRole("link", { name: "Tableau de bord" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.getByRole("button", { name: "Afficher ou masquer le menu" }).click();
    await expect(sidebar(page)).toHaveCSS("width", "48px");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);

    // Read on the server: the page arrives collapsed.
    const html = await (await page.request.get("/admin")).text();
    expect(html).toContain('data-sidebar-state="collapsed"');
    await page.reload();
    await expect(sidebar(page)).toHaveCSS("width", "48px");

    // Icons only, named by a tooltip.
    await sidebar(page).getByRole("link", { name: "Tableau de bord" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("Tableau de bord", { timeout: 3000 });

    await page.keyboard.press("Control+b");
    await expect(sidebar(page)).toHaveCSS("width", "256px");
    expect((await page.context().cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
  });

  test("on a 375px screen the menu is an off-canvas panel, closed by default", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, e2e.admin);
    await expect(sidebar(page)).toBeHidden();
    const trigger = page.getByRole("button", { name: "Afficher ou masquer le menu" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.click();
    const sheet = page.getByRole("dialog", { name: "Menu du back-office" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS("width", "288px");
    await expect(sheet.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await page.keyboard.press("Control+b");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Tableau de bord" }).click();
    await expect(sheet).toBeHidden();

    // Nothing overflows sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
