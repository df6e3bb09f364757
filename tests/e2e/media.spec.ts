import { expect, sql, test } from "../support/e2e";

/* Media files as the browser gets them: the demo's pictures, served by /media/*. */

test("demo pictures are served with long-lived cache headers and revalidate with an ETag", async ({
  request,
}) => {
  const [project] = await sql<{ main_image: string }>(
    "select main_image from projects where status = 'published' order by published_at desc limit 1",
  );
  const url = project!.main_image;
  expect(url).toMatch(/^\/media\/images\/[a-f0-9]+-1600x900\.webp$/);

  for (const variant of [
    url,
    url.replace(".webp", "-640.webp"),
    url.replace(".webp", "-640.avif"),
    url.replace(".webp", "-og.jpg"),
  ]) {
    const response = await request.get(variant);
    expect(response.status(), variant).toBe(200);
    expect(response.headers()["content-type"]).toBe(
      variant.endsWith(".avif") ? "image/avif" : variant.endsWith(".jpg") ? "image/jpeg" : "image/webp",
    );
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await response.body()).length).toBeGreaterThan(500);
  }

  const first = await request.get(url);
  const etag = first.headers()["etag"]!;
  expect(etag).toBeTruthy();
  const again = await request.get(url, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
});

test("unknown media and path tricks answer 404", async ({ request }) => {
  for (const path of [
    "/media/images/0000000000000000-10x10.webp",
    "/media/%2e%2e/%2e%2e/etc/passwd",
    "/media/..%2fpackage.json",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
  }
});

test("project pictures render as <picture> with AVIF sources and a sized WebP <img>", async ({ page }) => {
  await page.goto("/projects");
  // The first card is the list's largest image: loaded first; the others wait until needed.
  const first = page.locator("main picture").first().locator("img");
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  const picture = page.locator("main picture").nth(1);
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /-640\.avif 640w/);
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("src", /\.webp$/);
  await expect(img).toHaveAttribute("width", /\d+/);
  await expect(img).toHaveAttribute("height", /\d+/);
  await expect(img).toHaveAttribute("loading", "lazy");
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
});

test("a project's gallery thumbnails load the 320 px WebP, not the 640 px AVIF", async ({ page }) => {
  await page.goto("/projects");
  await page.locator("main article a").first().click();
  const thumbnail = page.getByRole("button", { name: /^Afficher l'image 2 sur \d+$/ }).locator("img");
  await expect(thumbnail).toHaveAttribute("sizes", "160px");
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  expect(await thumbnail.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/-320\.webp$/);
  expect(await page.locator("main picture").count()).toBeGreaterThan(0);
});
