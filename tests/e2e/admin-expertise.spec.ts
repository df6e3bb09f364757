import sharp from "sharp";
import { sql } from "../support/e2e";
import { expect, screenshot, test, toast, expectCards } from "./admin-support";

/* 'Gestion des Pôles d'Expertise' (back-office.md §2.13, §3, §5, §8), as a `user`-role account. */

const run = `${process.pid}`;
test.describe.configure({ timeout: 120_000 });

test.afterAll(async () => {
  await sql("delete from expertise_blocks where title like $1", [`% ${run}`]);
});

async function icon() {
  const buffer = await sharp({
    create: { width: 64, height: 64, channels: 4, background: "#facc15" },
  })
    .png()
    .toBuffer();
  return { name: "icone.png", mimeType: "image/png", buffer };
}

test("adds a block with a custom icon, refuses a 3 MB icon, reorders and the home page follows", async ({
  page,
}) => {
  const title = `Domotique ${run}`;
  await page.goto("/admin/expertise");
  await expect(page.getByRole("heading", { name: "Gestion des Pôles d'Expertise", level: 1 })).toBeVisible();
  await screenshot(page, "expertise-1280");

  await page.getByRole("button", { name: "Ajouter un bloc" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un bloc d'expertise" });
  await dialog.getByLabel("Titre").fill(title);
  await dialog.getByLabel("Description").fill("Maison connectée : éclairage, volets et chauffage pilotés.");
  await dialog.getByRole("radio", { name: "Grand" }).check({ force: true });
  await dialog.getByLabel("Utiliser une icône personnalisée").click();

  // §9: icons are 2 MB at most, told before anything is sent.
  const zone = dialog.getByTestId("upload-drop-zone").first();
  let chooser = page.waitForEvent("filechooser");
  await zone.getByRole("button", { name: "choisissez un fichier" }).click();
  await (
    await chooser
  ).setFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
  await expect(dialog.getByText("L'image ne doit pas dépasser 2MB")).toBeVisible();

  chooser = page.waitForEvent("filechooser");
  await zone.getByRole("button", { name: "choisissez un fichier" }).click();
  await (await chooser).setFiles(await icon());
  await expect(dialog.getByRole("textbox", { name: "Icône personnalisée" })).toHaveValue(/^\/media\//, {
    timeout: 30_000,
  });
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(toast(page, "Bloc créé")).toBeVisible();

  const blocks = await sql<{
    id: string;
    title: string;
    display_order: number;
    custom_icon_url: string | null;
  }>(
    "select id, title, display_order, custom_icon_url from expertise_blocks order by display_order, created_at",
  );
  const created = blocks.find((block) => block.title === title)!;
  // New blocks go last: display_order = the count before.
  expect(created.display_order).toBe(blocks.length - 1);
  expect(created.custom_icon_url).toMatch(/^\/media\//);

  // Up one place with the button; the home page shows the new order.
  await page.getByRole("button", { name: `Monter ${title}` }).click();
  await expect(toast(page, "Ordre mis à jour")).toBeVisible();
  const [moved] = await sql<{ display_order: number }>(
    "select display_order from expertise_blocks where id = $1",
    [created.id],
  );
  expect(moved!.display_order).toBe(blocks.length - 2);
  await screenshot(page, "expertise-after-1280");

  // And back down with the keyboard: lift, one place down, drop.
  const live = (text: string) => page.locator('[id^="DndLiveRegion"]').filter({ hasText: text });
  await page.getByRole("button", { name: `Déplacer ${title}` }).focus();
  await page.keyboard.press("Space");
  // Lifted: announced as taken, then at once as over its own place.
  await expect(live(title)).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(live(`${title} déplacé en position ${blocks.length} sur ${blocks.length}.`)).toHaveCount(1);
  await page.keyboard.press("Space");
  await expect(live(`${title} déposé en position ${blocks.length} sur ${blocks.length}.`)).toHaveCount(1);
  await expect
    .poll(
      async () =>
        (
          await sql<{ display_order: number }>("select display_order from expertise_blocks where id = $1", [
            created.id,
          ])
        )[0]!.display_order,
    )
    .toBe(blocks.length - 1);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
});

test("the custom-icon switch turns on at the first click after leaving the title empty", async ({ page }) => {
  await page.goto("/admin/expertise");
  await page.getByRole("button", { name: "Ajouter un bloc" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un bloc d'expertise" });
  await dialog.getByLabel("Titre").focus();
  // Leaving the empty, required title must not put a message above the switch mid-click.
  const customIcon = dialog.getByRole("switch", { name: "Utiliser une icône personnalisée" });
  await customIcon.click();
  await expect(customIcon).toBeChecked();
  await expect(dialog.getByText("Veuillez remplir tous les champs obligatoires")).toHaveCount(0);
});

test.describe("at 375px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("cards, with the same actions", async ({ page }) => {
    await page.goto("/admin/expertise");
    await expectCards(page, "Pôles d'expertise");
    await screenshot(page, "expertise-375");
  });
});
