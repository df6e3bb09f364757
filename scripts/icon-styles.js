// Writes app/components/site/icons.css, the public site's icons, from the names in
// app/components/site/icon-names.ts: lucide's drawings, and the brand icons lucide 1.x dropped
// (drawn in its style). `npm run icons` after changing that list; tests/unit/icon-styles.test.ts
// fails while the file is out of date.
//
// Each icon is a class holding its drawing as a data: URL, which the .icon rule of app.css uses as
// a mask over the text colour. A page then carries `<svg aria-hidden="true" class="icon i-check">`
// and nothing inside it: about half the bytes of a <use> of a sprite file, repeated 80 times on the
// home page, and no shadow tree per icon for the browser to style.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "../app/components/site/icon-names.ts";

export const ICONS_CSS_PATH = "app/components/site/icons.css";

const BRANDS = {
  facebook: [["path", { d: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" }]],
  instagram: [
    ["rect", { width: "20", height: "20", x: "2", y: "2", rx: "5", ry: "5" }],
    ["path", { d: "M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" }],
    ["line", { x1: "17.5", x2: "17.51", y1: "6.5", y2: "6.5" }],
  ],
  linkedin: [
    ["path", { d: "M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" }],
    ["rect", { width: "4", height: "12", x: "2", y: "9" }],
    ["circle", { cx: "4", cy: "4", r: "2" }],
  ],
};

/**
 * The stylesheet's text: one `.i-{name}` class per icon, setting `--icon` to lucide's drawing with
 * its stroke style (black: a mask reads only where the drawing is).
 * @param {readonly string[]} names
 */
export async function buildIconStyles(names = ICON_NAMES) {
  const rules = [];
  for (const name of names) {
    const node = BRANDS[name] ?? (await import(`lucide-react/icons/${name}`)).__iconData.node;
    const shapes = node
      .map(([tag, attributes]) => {
        const pairs = Object.entries(attributes).filter(([attribute]) => attribute !== "key");
        return `<${tag}${pairs.map(([attribute, value]) => ` ${attribute}='${value}'`).join("")}/>`;
      })
      .join("");
    const drawing =
      "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' " +
      `stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`;
    rules.push(`.i-${name}{--icon:url("data:image/svg+xml,${dataUrlText(drawing)}")}`);
  }
  return `/* Written by \`npm run icons\` (scripts/icon-styles.js) from icon-names.ts: do not edit. */\n${rules.join("\n")}\n`;
}

/** SVG text as a data: URL's text: only the characters a URL or CSS string cannot hold escaped. */
function dataUrlText(svg) {
  return svg.replace(/[<>#%"\n]/g, (char) => encodeURIComponent(char));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(ICONS_CSS_PATH, await buildIconStyles());
  console.log(`${ICONS_CSS_PATH}: ${ICON_NAMES.length} icons`);
}
