import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildIconSprite, SPRITE_PATH } from "../../scripts/icon-sprite.js";

describe("icon sprite", () => {
  it("holds exactly the icons of icon-names.ts (run `npm run icons` after changing them)", async () => {
    expect(await readFile(SPRITE_PATH, "utf8")).toBe(await buildIconSprite());
  });

  it("draws each icon as lucide does, stroke style on the symbol", async () => {
    const sprite = await buildIconSprite(["calendar"]);
    expect(sprite).toContain(
      '<symbol id="calendar" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">',
    );
    expect(sprite).toContain('<rect x="3" y="3" width="18" height="18" rx="2"/>');
  });
});
