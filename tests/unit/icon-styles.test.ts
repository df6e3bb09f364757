import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildIconStyles, ICON_STYLESHEETS } from "../../scripts/icon-styles.js";

describe("icon styles", () => {
  it.each(ICON_STYLESHEETS)(
    "$path holds exactly the icons of $from (run `npm run icons` after changing them)",
    async ({ path, names, from, selector }) => {
      expect(await readFile(path, "utf8")).toBe(await buildIconStyles(names, from, selector));
    },
  );

  it("put the site's icons first in the back office's strip, in the site's order", () => {
    const [site, admin] = ICON_STYLESHEETS;
    expect(admin!.names.slice(0, site!.names.length)).toEqual([...site!.names]);
    expect(new Set(admin!.names).size).toBe(admin!.names.length);
  });

  it("draw the icons as lucide does, side by side in one data: URL, each class showing its own", async () => {
    const styles = await buildIconStyles(["check", "calendar", "mail"], "a list");
    const url = styles.match(
      /^\.icon\{mask-image:url\("data:image\/svg\+xml,([^"\n]+)"\);mask-size:400% 100%\}$/m,
    )?.[1];
    const strip = decodeURIComponent(url ?? "");
    expect(strip).toContain(
      "viewBox='0 0 96 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'",
    );
    expect(strip).toContain("<g transform='translate(0 0)'><path d='M20 6 9 17l-5-5'/></g>");
    expect(strip).toContain("<g transform='translate(32 0)'><path d='M8 2v3'/>");
    expect(strip).toContain("<rect x='3' y='3' width='18' height='18' rx='2'/>");
    // The strip is 4 icons wide; a cell starts every 32/24 icon widths: position = start ÷ (4 − 1).
    expect(styles).toContain(".i-check{--icon-x:0%}");
    expect(styles).toContain(".i-calendar{--icon-x:44.4444%}");
    expect(styles).toContain(".i-mail{--icon-x:88.8889%}");
  });
});
