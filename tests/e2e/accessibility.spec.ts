import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { adminAccess } from "../../app/lib/admin/admin-access";
import { e2e, expect, sql, test as base } from "../support/e2e";
import { signIn } from "./admin-support";

/**
 * WCAG 2.2 AA over the whole route table (issue 35, DESIGN.md Accessibility): axe-core with the
 * A/AA rules of WCAG 2.0, 2.1 and 2.2 on every screen of app/routes.ts (a route whose module is a
 * component, `.tsx`; resources are `.ts`), at 1280 and 375 px, one page load per route and width:
 * public pages with the consent banner open, back-office lists with rows, editors with content, and
 * the dialogs a screen opens. Any violation fails, listed by rule, impact and element.
 * Only in the `chromium` project: axe is a script run in the page.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = [1280, 375];
const GTM_ID = "GTM-A11YE2E";

type Screen = { path: string; file: string };
function screens(entries: RouteConfigEntry[], parent = ""): Screen[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here =
      entry.file.endsWith(".tsx") && (entry.path || entry.index)
        ? [{ path: own || "/", file: entry.file }]
        : [];
    return [...here, ...screens(entry.children ?? [], own)];
  });
}
const allScreens = screens(routes).filter((screen) => !screen.file.endsWith("layout.tsx"));
const adminScreens = allScreens.filter((screen) => screen.path.startsWith("/admin"));
const publicScreens = allScreens.filter((screen) => !screen.path.startsWith("/admin"));
const signInScreens = adminScreens.filter(
  (screen) => adminAccess[screen.path as keyof typeof adminAccess] === "public",
);
const backOfficeScreens = adminScreens.filter((screen) => !signInScreens.includes(screen));

/** A concrete address for a route path: a published row for a slug, an existing row for an id. */
const PARAMS: Record<string, () => Promise<string>> = {
  "/blog/:slug": async () =>
    `/blog/${await one("select slug from blog_articles where status = 'published'")}`,
  "/projects/:slug": async () =>
    `/projects/${await one("select slug from projects where status = 'published'")}`,
  "/:slug": async () => `/${await one("select slug from cms_pages where is_published")}`,
  "/*": async () => "/pas/une/page",
  "/admin/blog/edit/:id": async () => `/admin/blog/edit/${await articleWithContent()}`,
  "/admin/blog/preview/:id": async () => `/admin/blog/preview/${await articleWithContent()}`,
  "/admin/cms/edit/:id": async () => `/admin/cms/edit/${await one("select id from cms_pages")}`,
  "/admin/cms/preview/:id": async () => `/admin/cms/preview/${await one("select id from cms_pages")}`,
  "/admin/projects/edit/:id": async () => `/admin/projects/edit/${await projectWithGallery()}`,
  "/admin/projects/preview/:id": async () => `/admin/projects/preview/${await projectWithGallery()}`,
};

async function one(query: string) {
  const [row] = await sql<Record<string, string>>(`${query} order by 1 limit 1`);
  if (!row) throw new Error(`no row for: ${query}`);
  return Object.values(row)[0]!;
}
const articleWithContent = () => one("select id from blog_articles where length(content) > 200");
const projectWithGallery = () => one("select project_id from project_images");

async function addressOf(routePath: string) {
  const concrete = PARAMS[routePath];
  if (concrete) return concrete();
  expect(routePath, `give ${routePath} an address in PARAMS`).not.toMatch(/[:*]/);
  return routePath;
}

/** What a screen shows beyond its first render: each state is checked after the page as loaded. */
type State = { name: string; open: (page: Page) => Promise<unknown> };
const dialogOpened =
  (name: string | RegExp, role: "button" | "link" = "button") =>
  async (page: Page): Promise<void> => {
    await page.getByRole(role, { name }).first().click();
    await expect(page.getByRole("dialog").or(page.getByRole("alertdialog")).first()).toBeVisible();
  };

/**
 * Until the screen's transitions are over (a dialog and its overlay fading in): axe reads colours
 * as they are drawn, and a half-opaque overlay made it report contrasts no one sees.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

const STATES: Record<string, State[]> = {
  "/admin/categories": [{ name: "add dialog", open: dialogOpened("Ajouter une catégorie") }],
  "/admin/authors": [{ name: "add dialog", open: dialogOpened("Ajouter un auteur") }],
  "/admin/users": [{ name: "add dialog", open: dialogOpened(/^(Ajouter|Créer|Nouvel) (un )?utilisateur/) }],
  "/admin/seo/redirects": [{ name: "add dialog", open: dialogOpened(/^Ajouter une redirection/) }],
  "/admin/blog": [{ name: "delete confirmation", open: dialogOpened(/^Supprimer/) }],
  "/admin/blog/edit/:id": [{ name: "media library", open: dialogOpened(/médiathèque/i) }],
  "/admin/contacts": [{ name: "a request opened", open: dialogOpened(/Accessibilité Témoin/, "link") }],
};

/** Rows for the lists that start empty, once per worker database. */
async function fillLists() {
  await sql(`insert into contacts (name, email, phone, subject, message, service_type, source_page)
    select 'Accessibilité Témoin', 'a11y@exemple.fr', '05 55 00 00 00', 'Tableau électrique', 'Bonjour, un devis svp', 'renovation', '/contact'
    where not exists (select 1 from contacts where email = 'a11y@exemple.fr')`);
  await sql(`insert into redirects (source, target, target_key) values ('/ancienne-page-a11y', '/about', '/about')
    on conflict do nothing`);
  await sql(`insert into not_found_paths (path, hits, last_referrer) values ('/introuvable-a11y', 3, 'https://exemple.fr/')
    on conflict do nothing`);
  for (const [dimension, value] of [
    ["total", ""],
    ["path", "/"],
    ["path", "/contact"],
    ["device", "mobile"],
    ["device", "desktop"],
    ["referrer", "https://www.google.com/"],
  ])
    await sql(
      `insert into analytics_daily (day, dimension, value, views, visitors)
       select (current_date - d)::date, $1, $2, 10 + d, 5 + d from generate_series(1, 6) d
       on conflict do nothing`,
      [dimension, value],
    );
}

function report(where: string, violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]) {
  return violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")}${violation.nodes.length > 3 ? ` … ${violation.nodes.length} nodes` : ""}`,
  );
}

async function axe(page: Page, where: string) {
  // A sandboxed frame runs no script, so axe cannot run in it and waits for it forever: it shows an
  // e-mail's own HTML (e-mail templates, outbox), not the back office.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude("iframe[sandbox]")
    .analyze();
  return report(where, violations);
}

/** Loads the screen at each width, runs axe on it and on each of its states. */
async function check(page: Page, screen: Screen) {
  const address = await addressOf(screen.path);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(address);
    expect(response?.status(), address).toBeLessThan(500);
    // An editor's visual mode loads after the page: it is what a person types in.
    if (/\/(create|edit\/)/.test(address))
      await page.locator("[contenteditable=true]").first().waitFor({ state: "attached" });
    found.push(...(await axe(page, `${address} @${width}`)));
    for (const state of STATES[screen.path] ?? []) {
      await state.open(page);
      await settled(page);
      found.push(...(await axe(page, `${address} @${width} (${state.name})`)));
      await page.goto(address);
    }
  }
  expect(found, `${screen.file}`).toEqual([]);
}

const test = base.extend<object, { adminState: string }>({
  adminState: [
    async ({ browser, workerApp }, provide, workerInfo) => {
      await fillLists();
      await sql("update gtm_settings set is_enabled = true, gtm_id = $1", [GTM_ID]);
      const page = await browser.newPage({ baseURL: workerApp.baseUrl });
      await signIn(page, e2e.admin);
      const file = path.join(workerInfo.project.outputDir, `.a11y-admin-${workerInfo.workerIndex}.json`);
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
});

test.describe.configure({ mode: "parallel", timeout: 120_000 });

test.describe("public pages, consent banner open", () => {
  test.beforeEach(async ({ page, adminState }) => {
    expect(adminState).toBeTruthy(); // the worker's lists and tag manager are set up
    // The tag manager stays unloaded: the banner asks before it loads anything.
    await page.route(/googletagmanager\.com/, (route) => route.abort());
  });
  for (const screen of publicScreens)
    test(`${screen.path} has no axe violation`, async ({ page }) => {
      await check(page, screen);
      if (screen.path === "/")
        await expect(page.getByRole("region", { name: "Vos choix en matière de cookies" })).toBeVisible();
    });
});

test.describe("sign-in pages", () => {
  for (const screen of signInScreens)
    test(`${screen.path} has no axe violation`, async ({ page }) => {
      await check(page, screen);
    });
});

test.describe("back office, signed in as an admin", () => {
  test.use({ storageState: async ({ adminState }, use) => use(adminState) });
  for (const screen of backOfficeScreens)
    test(`${screen.path} has no axe violation`, async ({ page }) => {
      await check(page, screen);
    });
});

test("every screen of the route table is walked", () => {
  expect(allScreens.length).toBeGreaterThan(40);
  for (const routePath of Object.keys(STATES))
    expect(
      allScreens.map((screen) => screen.path),
      routePath,
    ).toContain(routePath);
});
