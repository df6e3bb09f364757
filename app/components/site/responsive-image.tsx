import { heightAtWidth, imageSrcSet, parseImageUrl, variantUrl, variantWidths } from "~/lib/image-variants";

/*
 * Images from our pipeline are stored as `/media/images/<hash>-<W>x<H>.webp` (W×H = intrinsic
 * size) plus narrower WebP/AVIF variants and a JPEG for social cards, all named from that URL:
 * see app/lib/image-variants.ts for the scheme. So the URL kept in the database is enough to
 * build the srcset and the width/height attributes, without a lookup.
 */

const FALLBACK_WIDTH = 960;
/**
 * Laid out at most this wide (CSS px), an image takes WebP only: 320 px covers it on a 2× screen,
 * while the smallest AVIF kept is 640 px (AVIF_WIDTHS), twice the bytes and four times the pixels
 * to decode, for each thumbnail of a gallery.
 */
const THUMBNAIL_MAX_WIDTH = 160;

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is laid out, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
  /** The page's main (LCP) image: fetched early and eagerly. */
  priority?: boolean;
  className?: string;
  /** Rendered size hints; for pipeline images they default to the intrinsic size. */
  width?: number;
  height?: number;
};

export function ResponsiveImage({
  src,
  alt,
  sizes,
  priority = false,
  className,
  width,
  height,
}: ResponsiveImageProps) {
  const loading = priority
    ? ({ loading: "eager", fetchPriority: "high" } as const)
    : ({ loading: "lazy", decoding: "async" } as const);

  const image = parseImageUrl(src);
  if (!image) {
    return <img src={src} alt={alt} width={width} height={height} className={className} {...loading} />;
  }

  const size = sizeFor(image, width, height);
  const fixedWidth = /^(\d+)px$/.exec(sizes.trim());
  if (fixedWidth && Number(fixedWidth[1]) <= THUMBNAIL_MAX_WIDTH) {
    return (
      <img
        src={imageUrlForWidth(src, FALLBACK_WIDTH)}
        srcSet={imageSrcSet(image, "webp")}
        sizes={sizes}
        alt={alt}
        width={size.width}
        height={size.height}
        className={className}
        {...loading}
      />
    );
  }
  // Every browser we serve reads AVIF; the rare one that does not gets one WebP of middling width
  // rather than a second list of sources repeated in every page's HTML.
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(image, "avif")} sizes={sizes} />
      <img
        src={imageUrlForWidth(src, FALLBACK_WIDTH)}
        alt={alt}
        width={size.width}
        height={size.height}
        className={className}
        {...loading}
      />
    </picture>
  );
}

/** Keeps the intrinsic aspect ratio when only one dimension is given. */
function sizeFor(image: { width: number; height: number }, width?: number, height?: number) {
  if (width && height) return { width, height };
  if (width) return { width, height: heightAtWidth(image, width) };
  if (height) return { width: Math.round((image.width * height) / image.height), height };
  return { width: image.width, height: image.height };
}

/** Intrinsic size of a pipeline image, or null for any other URL (external, SVG...). */
export function getImageSize(src: string | null | undefined) {
  const image = parseImageUrl(src);
  return image ? { width: image.width, height: image.height } : null;
}

/**
 * URL of the stored WebP closest to `width` without being narrower (or the largest one);
 * any other URL is returned unchanged.
 */
export function imageUrlForWidth(src: string, width: number) {
  const image = parseImageUrl(src);
  if (!image) return src;
  const widths = variantWidths(image.width, "webp");
  return variantUrl(image, widths.find((w) => w >= width) ?? image.width, "webp");
}
