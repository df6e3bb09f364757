import { expect, test } from "../support/e2e";

test("the server answers its health check and renders French HTML", async ({ request, page }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
});
