import path from "node:path";
import type { Page } from "@playwright/test";
import { e2e, expect, sql, test as base } from "../support/e2e";
import { signIn } from "./admin-support";

/**
 * The keyboard and the reading (issue 35, DESIGN.md Accessibility), as a person without a mouse or
 * with their own display settings meets them: the skip link, a visible focus on each of the first
 * 40 Tab stops of five screens (never under the fixed header), the phone menu, a dialog, the
 * rich-text toolbar, the gallery's reordering, refused forms with and without JavaScript, toasts in
 * a live region, paste and autocomplete, reflow at 320 px with text spacing, reduced motion and the
 * charts' table. Axe's rules are tests/e2e/accessibility.spec.ts.
 */
const test = base.extend<object, { adminState: string }>({
  adminState: [
    async ({ browser, workerApp }, provide, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerApp.baseUrl });
      await signIn(page, e2e.admin);
      const file = path.join(workerInfo.project.outputDir, `.keyboard-admin-${workerInfo.workerIndex}.json`);
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
});

test.describe.configure({ mode: "parallel", timeout: 90_000 });

type FocusStop = { name: string; indicator: boolean; covered: string | null; inMain: boolean };

/**
 * Where the focus is, and whether a sighted person sees it: an outline or a ring (box-shadow) on the
 * element or on the box that shows it (a card whose link covers it), that is not there without the
 * focus; and nothing else on top of its centre (the fixed header, a toast).
 */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(async () => {
    const element = document.activeElement as HTMLElement;
    const boxes = [element];
    for (let node = element.parentElement; node && boxes.length < 6; node = node.parentElement)
      boxes.push(node);
    const look = () =>
      boxes.map((box) => {
        const style = getComputedStyle(box);
        const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        return `${outline ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : ""}|${style.boxShadow}|${style.backgroundColor}|${style.textDecorationLine}`;
      });
    // Rings and outlines fade in (transitions): read them once they have.
    const settled = async () => {
      look();
      const transitions = boxes
        .flatMap((box) => box.getAnimations())
        .filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
      return look();
    };
    const focused = await settled();
    element.blur();
    const unfocused = await settled();
    element.focus({ preventScroll: true });
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const covered =
      top && top !== element && !element.contains(top) && !top.contains(element)
        ? top.outerHTML.slice(0, 80)
        : null;
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
    return {
      name,
      indicator: focused.some((value, index) => value !== unfocused[index]),
      covered,
      inMain: !!element.closest("main"),
    };
  });
}

async function tabThrough(page: Page, stops: number) {
  const problems: string[] = [];
  for (let stop = 1; stop <= stops; stop++) {
    await page.keyboard.press("Tab");
    const focus = await focusStop(page);
    if (focus.name.startsWith("body")) break; // past the last control
    if (!focus.indicator) problems.push(`${stop}. ${focus.name}: no visible focus indicator`);
    if (focus.covered) problems.push(`${stop}. ${focus.name}: under ${focus.covered}`);
  }
  return problems;
}

test.describe("the public site", () => {
  test("the skip link comes first and leads into the content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect((await focusStop(page)).inMain).toBe(true);
  });

  for (const address of ["/", "/blog", "/contact"])
    test(`the first 40 Tab stops of ${address} show where the focus is`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(address);
      expect(await tabThrough(page, 40)).toEqual([]);
    });

  test("the phone menu opens with Enter or Space, leads to its links and gives the focus back on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/about");
    const toggle = page.getByLabel("Ouvrir le menu");
    for (
      let stop = 0;
      stop < 5 && !(await toggle.evaluate((node) => node === document.activeElement));
      stop++
    )
      await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toBeVisible();
    expect(await page.evaluate(() => !!document.activeElement?.closest("details[open]"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Ouvrir le menu")).toBeFocused();
    await expect(menu).toBeHidden();
    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
  });

  test("a dropdown of the header opens from the keyboard and gives the focus back on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    const projects = page.getByRole("button", { name: "Projets" });
    await projects.focus();
    await page.keyboard.press("Enter");
    await expect(projects).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Tous les projets" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(projects).toBeFocused();
    await expect(projects).toHaveAttribute("aria-expanded", "false");
  });

  test("a refused quote request puts the cursor on the first wrong field, told and tied to it", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.locator("form#contact-form");
    await form.getByLabel("Nom complet").fill("Jeanne Martin");
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    const email = form.getByLabel("Email");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const described = (await email.getAttribute("aria-describedby"))!.split(" ");
    await expect(page.locator(`[id="${described[0]}"]`)).toHaveText(/.+/);
  });

  test("without JavaScript, the server's answer to a refused request puts the cursor there too", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    const form = page.locator("form#contact-form");
    await form.getByLabel("Nom complet").fill("Jeanne Martin");
    await form.getByLabel("Email").fill("pas-une-adresse");
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    const email = form.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("autofocus", "");
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("pas-une-adresse");
    await context.close();
  });

  test("personal fields say what they hold, for the browser to fill them", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form#contact-form");
    await expect(form.getByLabel("Nom complet")).toHaveAttribute("autocomplete", "name");
    await expect(form.getByLabel("Email")).toHaveAttribute("autocomplete", "email");
    await expect(form.getByLabel("Téléphone")).toHaveAttribute("autocomplete", "tel");
  });

  for (const address of ["/", "/about", "/blog", "/projects", "/contact", "/accessibilite"])
    test(`${address} reflows at 320 px, text spacing overridden (WCAG 1.4.10, 1.4.12)`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(address);
      // The bookmarklet of WCAG 1.4.12's understanding document, as a stylesheet.
      await page.addStyleTag({
        content:
          "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
      });
      // Text that runs off the screen (decorative shapes clipped by their section do not count).
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const cut: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const parent = text.parentElement;
          if (!text.textContent?.trim() || !parent?.checkVisibility() || parent.closest("[aria-hidden=true]"))
            continue;
          if (getComputedStyle(parent).position === "fixed") continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0 && (rect.right > width + 1 || rect.left < -1))
            cut.push(text.textContent.trim().slice(0, 40));
        }
        return { scroll: document.documentElement.scrollWidth - width, cut: cut.slice(0, 5) };
      });
      expect(overflow).toEqual({ scroll: 0, cut: [] });
    });

  test("with reduced motion asked for, nothing moves by itself", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const running = () =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity).length,
      );
    expect(await running()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await context.close();
    // Without the preference the hero's arrow bounces: the check above can see an animation.
    const moving = await browser.newPage({ baseURL });
    await moving.goto("/");
    expect(
      await moving.evaluate(
        () =>
          document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations === Infinity)
            .length,
      ),
    ).toBeGreaterThan(0);
    await moving.close();
  });
});

test.describe("the back office", () => {
  test.use({ storageState: async ({ adminState }, use) => use(adminState) });

  test("the skip link comes first and leads into the screen", async ({ page }) => {
    await page.goto("/admin");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect((await focusStop(page)).inMain).toBe(true);
  });

  for (const address of ["/admin", "/admin/blog"])
    test(`the first 40 Tab stops of ${address} show where the focus is`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(address);
      expect(await tabThrough(page, 40)).toEqual([]);
    });

  test("a dialog opens from the keyboard, holds the focus and gives it back to its button", async ({
    page,
  }) => {
    await page.goto("/admin/categories");
    const add = page.getByRole("button", { name: "Ajouter une catégorie" });
    await add.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    for (let stop = 0; stop < 12; stop++) {
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
  });

  test("the rich-text toolbar is one Tab stop, its buttons reached with the arrow keys", async ({ page }) => {
    const [article] = await sql<{ id: string }>("select id from blog_articles order by id limit 1");
    await page.goto(`/admin/blog/edit/${article!.id}`);
    const toolbar = page.getByRole("toolbar", { name: "Mise en forme" });
    const buttons = toolbar.getByRole("button");
    await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
    await buttons.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(buttons.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(buttons.last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(buttons.first()).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Tab");
    expect(await toolbar.evaluate((node) => node.contains(document.activeElement))).toBe(false);
    await page.keyboard.press("Shift+Tab");
    await expect(buttons.nth(1)).toBeFocused();
  });

  test("an image inserted in a text asks for its alt text and warns while it is empty", async ({ page }) => {
    await page.goto("/admin/blog/create");
    await page.getByRole("toolbar", { name: "Mise en forme" }).getByRole("button", { name: "Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Insérer une image" });
    await dialog.getByLabel("Adresse de l'image").fill("https://exemple.fr/tableau.jpg");
    const alt = dialog.getByLabel("Texte alternatif");
    await expect(alt).toHaveAccessibleDescription(/un lecteur d'écran ne dira rien de cette image/);
    await alt.fill("Tableau électrique neuf");
    await expect(dialog.getByText("un lecteur d'écran ne dira rien")).toBeHidden();
  });

  test("the gallery reorders from the keyboard and says so", async ({ page }) => {
    const [project] = await sql<{ id: string }>(
      "select project_id as id from project_images group by project_id having count(*) >= 2 order by 1 limit 1",
    );
    await page.goto(`/admin/projects/edit/${project!.id}`);
    await page.getByRole("tab", { name: "Images" }).click();
    const order = async () =>
      (
        await sql<{ id: string }>(
          "select id from project_images where project_id = $1 order by display_order",
          [project!.id],
        )
      ).map((image) => image.id);
    const [first, second, ...rest] = await order();
    const live = page.locator('[id^="DndLiveRegion"]');
    const handles = page.getByRole("button", { name: /^Déplacer / });
    const moved = (await handles.nth(1).getAttribute("aria-label"))!.replace("Déplacer ", "");
    await handles.nth(1).focus();
    await expect(
      page.locator(`[id="${await handles.nth(1).getAttribute("aria-describedby")}"]`),
    ).toContainText("appuyez sur Espace ou Entrée");
    await page.keyboard.press("Space");
    await expect(live).toContainText(moved);
    await page.keyboard.press("ArrowLeft");
    await expect(live).toContainText(`${moved} déplacé en position 1`);
    await page.keyboard.press("Space");
    await expect(live).toContainText(`${moved} déposé en position 1`);
    await expect.poll(order).toEqual([second, first, ...rest]);
  });

  test("Statistiques: each chart's figures are also a table", async ({ page }) => {
    await page.goto("/admin/analytics?range=7d");
    // The visits' chart comes first; 'Demandes de devis' has its own below.
    await page.getByText("Voir les chiffres du graphique").first().click();
    const table = page.getByRole("table", { name: "Visites par jour" });
    await expect(table.getByRole("columnheader")).toHaveText(["Jour", "Visiteurs", "Pages vues"]);
    await expect(table.getByRole("row")).toHaveCount(8); // the header and 7 days
    await expect(
      page
        .getByRole("table", { name: "Pages les plus vues" })
        .or(page.getByText("Aucune page vue sur la période.")),
    ).toBeVisible();
  });
});

test.describe("signing in", () => {
  test("a refused password is announced in a live region, and the password field takes a paste", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    const password = page.getByLabel("Mot de passe");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    const pasted = await password.evaluate((field) => {
      const data = new DataTransfer();
      data.setData("text/plain", "collé");
      const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
      return field.dispatchEvent(event);
    });
    expect(pasted, "no script refuses a paste (WCAG 3.3.8)").toBe(true);
    await page.getByLabel("Email").fill(e2e.admin.email);
    await password.fill("pas le bon mot de passe");
    await page.getByRole("button", { name: "Se connecter" }).click();
    const live = page.locator("[aria-live] [data-sonner-toast]").filter({ hasText: "Erreur de connexion" });
    await expect(live).toBeVisible({ timeout: 20_000 });
    await expect(live.getByRole("button", { name: "Fermer la notification" })).toBeAttached();
    await expect(password).toBeFocused();
    await expect(password).toHaveValue("");
    await sql("delete from rate_limits"); // the refused try counts against the admin's next sign-in
  });
});
