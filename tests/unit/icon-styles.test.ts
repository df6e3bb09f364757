import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildIconStyles, ICONS_CSS_PATH } from "../../scripts/icon-styles.js";

describe("icon styles", () => {
  it("hold exactly the icons of icon-names.ts (run `npm run icons` after changing them)", async () => {
    expect(await readFile(ICONS_CSS_PATH, "utf8")).toBe(await buildIconStyles());
  });

  it("draw each icon as lucide does, in a data: URL a CSS string can hold", async () => {
    const styles = await buildIconStyles(["calendar"]);
    const url = styles.match(/^\.i-calendar\{--icon:url\("data:image\/svg\+xml,([^"\n]+)"\)\}$/m)?.[1];
    const drawing = decodeURIComponent(url ?? "");
    expect(drawing).toContain(
      "viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'",
    );
    expect(drawing).toContain("<rect x='3' y='3' width='18' height='18' rx='2'/>");
  });
});
