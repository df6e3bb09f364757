import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "~/components/site/responsive-image";

const SRC = "/media/images/14f6a56f11bc13b11459626a-1600x900.webp";
const STEM = "/media/images/14f6a56f11bc13b11459626a-1600x900";

describe("ResponsiveImage", () => {
  it("offers AVIF first, then one WebP, for an image laid out wide", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src={SRC} alt="" sizes="(min-width: 768px) 50vw, 100vw" />,
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="${STEM}-640.avif 640w, ${STEM}-960.avif 960w, ${STEM}-1280.avif 1280w, ${STEM}.avif 1600w"`,
    );
    expect(html).toContain(`src="${STEM}-960.webp"`);
  });

  it("offers a thumbnail (160 px or less) the WebP widths only, whose smallest fits it", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src={SRC} alt="" sizes="160px" width={160} height={90} />,
    );
    expect(html).not.toContain("avif");
    expect(html).toContain(`srcSet="${STEM}-320.webp 320w, ${STEM}-640.webp 640w, ${STEM}-960.webp 960w`);
    expect(html).toContain('sizes="160px"');
    expect(html).toContain('width="160" height="90"');
    // A wider fixed size keeps the AVIF sources.
    expect(renderToStaticMarkup(<ResponsiveImage src={SRC} alt="" sizes="320px" />)).toContain("image/avif");
  });
});
