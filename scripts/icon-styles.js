// Writes app/components/site/icons.css, the public site's icons, from the names in
// app/components/site/icon-names.ts: lucide's drawings, and the brand icons lucide 1.x dropped
// (drawn in its style); and app/components/admin/icons.css, the back office's: the site's names
// then those of app/components/admin/icon-names.ts. `npm run icons` after changing either list;
// tests/unit/icon-styles.test.ts fails while a file is out of date.
//
// All the drawings sit side by side in one SVG strip, a data: URL that the .icon rule uses as a
// mask over the text colour; each icon's class moves the strip so that its own drawing shows. A
// page then carries `<svg aria-hidden="true" class="icon i-check">` and nothing inside it: about
// half the bytes of a <use> of a sprite file, repeated 80 times on the home page, and no shadow
// tree per icon. One image for all icons, not one each: the browser builds an SVG document per
// image, and one per icon made the first style pass of a page two to three times longer.
// The back office's strip starts with the site's icons, in the same order: admin.css, linked after
// app.css, replaces the .icon strip and every .i-{name} position, so the site's icons still show
// in the back office (its previews render the public components).
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ADMIN_ICON_NAMES } from "../app/components/admin/icon-names.ts";
import { ICON_NAMES } from "../app/components/site/icon-names.ts";

/** Each stylesheet and the icons it draws. */
export const ICON_STYLESHEETS = [
  { path: "app/components/site/icons.css", names: ICON_NAMES, from: "site/icon-names.ts" },
  {
    path: "app/components/admin/icons.css",
    names: [...ICON_NAMES, ...ADMIN_ICON_NAMES],
    from: "site/icon-names.ts and admin/icon-names.ts",
    // The back office's row actions draw their icon before their text (admin.css): no <svg> in them.
    selector: ".icon,.with-icon::before",
  },
];

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

/** Width of an icon's cell in the strip: its 24-unit drawing and a gap, so no stroke shows beside it. */
const CELL = 32;

/**
 * The stylesheet's text: the .icon rule's mask image (the strip, in lucide's stroke style; black,
 * as a mask reads only where the drawing is) and size (the strip's width in icon widths), and one
 * `.i-{name}` class per icon setting `--icon-x`, the mask position that shows its cell.
 * @param {readonly string[]} names
 * @param {string} from the lists the names come from, for the file's header
 * @param {string} [selector] the elements that show the strip
 */
export async function buildIconStyles(names, from, selector = ".icon") {
  const cells = [];
  for (const [index, name] of names.entries()) {
    const node = BRANDS[name] ?? (await import(`lucide-react/icons/${name}`)).__iconData.node;
    const shapes = node
      .map(([tag, attributes]) => {
        const pairs = Object.entries(attributes).filter(([attribute]) => attribute !== "key");
        return `<${tag}${pairs.map(([attribute, value]) => ` ${attribute}='${value}'`).join("")}/>`;
      })
      .join("");
    cells.push(`<g transform='translate(${index * CELL} 0)'>${shapes}</g>`);
  }
  const strip =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${names.length * CELL} 24' fill='none' stroke='black' ` +
    `stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${cells.join("")}</svg>`;
  // In icon widths: the strip's width, and where each cell starts.
  const stripWidth = (names.length * CELL) / 24;
  const position = (index) => (index === 0 ? 0 : ((index * CELL) / 24 / (stripWidth - 1)) * 100);
  const rules = [
    `${selector}{mask-image:url("data:image/svg+xml,${dataUrlText(strip)}");mask-size:${round(stripWidth * 100)}% 100%}`,
    ...names.map((name, index) => `.i-${name}{--icon-x:${round(position(index))}%}`),
  ];
  return `/* Written by \`npm run icons\` (scripts/icon-styles.js) from ${from}: do not edit. */\n${rules.join("\n")}\n`;
}

function round(value) {
  return Number(value.toFixed(4));
}

/** SVG text as a data: URL's text: only the characters a URL or CSS string cannot hold escaped. */
function dataUrlText(svg) {
  return svg.replace(/[<>#%"\n]/g, (char) => encodeURIComponent(char));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { path, names, from, selector } of ICON_STYLESHEETS) {
    await writeFile(path, await buildIconStyles(names, from, selector));
    console.log(`${path}: ${names.length} icons`);
  }
}
