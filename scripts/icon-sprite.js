// Writes app/components/site/icons.svg, the sprite of the public site's icons, from the names in
// app/components/site/icon-names.ts: lucide's drawings, and the brand icons lucide 1.x dropped
// (drawn in its style). `npm run icons` after changing that list; tests/unit/icon-sprite.test.ts
// fails while the file is out of date.
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ICON_NAMES } from "../app/components/site/icon-names.ts";

export const SPRITE_PATH = "app/components/site/icons.svg";

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
 * The sprite's text: one <symbol> per icon, carrying lucide's stroke style (a <use> inherits nothing else).
 * @param {readonly string[]} names
 */
export async function buildIconSprite(names = ICON_NAMES) {
  const symbols = [];
  for (const name of names) {
    const node = BRANDS[name] ?? (await import(`lucide-react/icons/${name}`)).__iconData.node;
    const shapes = node
      .map(([tag, attributes]) => {
        const pairs = Object.entries(attributes).filter(([attribute]) => attribute !== "key");
        return `<${tag}${pairs.map(([attribute, value]) => ` ${attribute}="${value}"`).join("")}/>`;
      })
      .join("");
    symbols.push(
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ` +
        `stroke-linecap="round" stroke-linejoin="round">${shapes}</symbol>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(SPRITE_PATH, await buildIconSprite());
  console.log(`${SPRITE_PATH}: ${ICON_NAMES.length} icons`);
}
