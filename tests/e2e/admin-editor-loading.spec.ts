import type { Page, Route } from "@playwright/test";
import { sql } from "../support/e2e";
import { expect, test, toast } from "./admin-support";

/*
 * The rich text field is a textarea until the visual editor's code has arrived, then the editor
 * (issue 33): whatever is typed meanwhile, before or after the page's JavaScript runs, reaches the
 * editor and the saved article, as on a slow phone or a busy machine.
 */

const run = `${process.pid}`;
const SAVED = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

test.afterAll(async () => {
  await sql("delete from blog_articles where slug like $1", [`chargement-${run}-%`]);
});

let seeded = 0;
async function seedArticle() {
  const [row] = await sql<{ id: string }>(
    `insert into blog_articles (title, slug, excerpt, content, main_image, status, published_at)
     values ($1, $2, 'Un extrait assez long pour passer.', '<p>Le texte d''avant, assez long pour passer la règle des cinquante caractères.</p>', '/og-image.png', 'draft', now())
     returning id`,
    [`Chargement ${run} ${++seeded}`, `chargement-${run}-${seeded}`],
  );
  await sql(
    "insert into blog_article_categories (article_id, category_id) select $1, id from blog_categories where name = 'Conseils'",
    [row!.id],
  );
  return row!.id;
}

async function savedContent(id: string) {
  const [row] = await sql<{ content: string }>("select content from blog_articles where id = $1", [id]);
  return row!.content;
}

/** Holds back the requests matching `pattern` until `release` is called. */
async function holdRequests(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const EDITOR_CHUNK = /\/assets\/tiptap-editor-[^/]*\.js$/;
const contentField = (page: Page) => page.getByRole("textbox", { name: "Contenu", exact: true });
const visualEditor = (page: Page) => page.locator('[contenteditable="true"][role="textbox"]');

async function save(page: Page) {
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(toast(page, "Article mis à jour")).toBeVisible(SAVED);
}

test("typing as the editor arrives: every key reaches it, in order", async ({ page }) => {
  const id = await seedArticle();
  const chunk = await holdRequests(page, EDITOR_CHUNK);
  await page.goto(`/admin/blog/edit/${id}`);
  await expect.poll(chunk.held).toBe(1);
  const textarea = page.locator("textarea[name=content]");
  await textarea.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");

  const text =
    "abcdefghijklmnopqrstuvwxyz le tableau est remis aux normes avec un disjoncteur differentiel neuf et une terre verifiee";
  // A person typing at 25 ms a key; the editor's code lands while they type.
  const typing = page.keyboard.type(text, { delay: 25 });
  await expect(textarea).toHaveValue(/^abcdefgh/);
  await chunk.release();
  await typing;

  await expect(visualEditor(page)).toHaveText(text);
  await save(page);
  expect(await savedContent(id)).toBe(`<p>${text}</p>`);
});

// The code lands, then the text is filled into the textarea still on screen, 0 to 100 ms later, on a
// machine six times slower (the time the browser takes to run the code is the window).
for (const delay of [0, 25, 50, 75, 100]) {
  test(`filled ${delay} ms after the editor's code lands: the form posts it`, async ({ page }) => {
    const id = await seedArticle();
    const chunk = await holdRequests(page, EDITOR_CHUNK);
    await page.goto(`/admin/blog/edit/${id}`);
    await expect.poll(chunk.held).toBe(1);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    const landed = page.waitForEvent("requestfinished", (request) => EDITOR_CHUNK.test(request.url()));
    await chunk.release();
    await landed;
    if (delay) await page.waitForTimeout(delay);
    const text = `Rempli ${delay} ms après le chargement du code, un texte assez long pour être accepté.`;
    await contentField(page).fill(text);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

    await expect(visualEditor(page)).toHaveText(text);
    await save(page);
    expect(await savedContent(id)).toBe(`<p>${text}</p>`);
  });
}

test("typed before the page's JavaScript has run: the text survives the editor's arrival and is saved", async ({
  page,
}) => {
  const id = await seedArticle();
  // Every script of the page (entry, routes, the editor) waits: the server's HTML alone, as on a slow phone.
  const scripts = await holdRequests(page, /\/assets\/[^/]*\.js$/);
  // Not page.goto, which waits for the page to be hydrated.
  await page.mainFrame().goto(`/admin/blog/edit/${id}`, { waitUntil: "commit" });
  const textarea = contentField(page);
  await expect(textarea).toBeVisible();
  await expect.poll(scripts.held).toBeGreaterThan(0);
  await textarea.click();
  await page.keyboard.press("ControlOrMeta+a");
  const text = "Tapé avant que la page ne lance son JavaScript, un texte assez long pour être accepté.";
  await page.keyboard.type(text);
  await expect(textarea).toHaveValue(text);

  await scripts.release();
  await expect(visualEditor(page)).toHaveText(text);
  await save(page);
  expect(await savedContent(id)).toBe(`<p>${text}</p>`);
});
