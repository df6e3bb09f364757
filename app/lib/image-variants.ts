/**
 * The naming scheme of images produced by our pipeline (app/server/media/images.server.ts),
 * shared by the server that writes the files and the components that build `srcset`s.
 *
 * An uploaded image is stored once per size and format under one content hash. Its canonical
 * URL (the one kept in the database) is the largest WebP:
 *
 *   /media/images/<hash>-<W>x<H>.webp        W×H = stored size (original, at most MAX_IMAGE_WIDTH wide)
 *
 * and everything else is derived from that URL alone, with no database lookup:
 *
 *   /media/images/<hash>-<W>x<H>-<w>.webp    a narrower WebP, for every w of IMAGE_WIDTHS below W
 *   /media/images/<hash>-<W>x<H>.avif        AVIF at full size (W ≤ largest AVIF width) ...
 *   /media/images/<hash>-<W>x<H>-<w>.avif    ... and at every w of AVIF_WIDTHS below W
 *   /media/images/<hash>-<W>x<H>-og.jpg      JPEG at most OG_IMAGE_WIDTH wide, for Open Graph cards
 *
 * Files never change once written (the hash is of the uploaded bytes), so they are cached forever.
 * If the set of sizes ever changes, the new pipeline must use a new name shape so that old URLs
 * keep describing exactly the files that exist.
 */

export const MEDIA_URL_PREFIX = "/media/";
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const MAX_IMAGE_WIDTH = 1920;
/** AVIF costs ~3× WebP to encode: fewer steps, still one near each layout size. */
export const AVIF_WIDTHS = [640, 960, 1280, 1920] as const;
export const OG_IMAGE_WIDTH = 1200;
/**
 * The WebP widths the back office shows an image at (grids and lists 320, the image field and the
 * social previews 640): an upload writes them before it answers, so the screen shows it at once.
 */
export const THUMBNAIL_WIDTHS = [320, 640] as const;

export type ImageFormat = "webp" | "avif";

export type StoredImage = {
  /** URL prefix up to the hash, e.g. "/media/images/" or "https://site/media/images/". */
  base: string;
  hash: string;
  width: number;
  height: number;
};

const IMAGE_URL = /^(.*\/media\/images\/)([a-f0-9]{16,64})-(\d{1,5})x(\d{1,5})\.webp$/;

/** The image behind a canonical pipeline URL (relative or absolute), or null for any other URL. */
export function parseImageUrl(src: string | null | undefined): StoredImage | null {
  const match = src ? IMAGE_URL.exec(src) : null;
  if (!match) return null;
  const [, base, hash, width, height] = match;
  return { base: base!, hash: hash!, width: Number(width), height: Number(height) };
}

function stem(image: StoredImage) {
  return `${image.base}${image.hash}-${image.width}x${image.height}`;
}

/** Widths stored for a format: the steps below the full width, then the full width itself. */
export function variantWidths(fullWidth: number, format: ImageFormat): number[] {
  const steps: readonly number[] = format === "avif" ? AVIF_WIDTHS : IMAGE_WIDTHS;
  return [...steps.filter((w) => w < fullWidth), ...(fullWidth <= steps.at(-1)! ? [fullWidth] : [])];
}

/** URL of the variant of `image` at `width` (one of variantWidths) in `format`. */
export function variantUrl(image: StoredImage, width: number, format: ImageFormat) {
  return width === image.width ? `${stem(image)}.${format}` : `${stem(image)}-${width}.${format}`;
}

export function ogVariantUrl(image: StoredImage) {
  return `${stem(image)}-og.jpg`;
}

/** The `srcset` of a format: "<url> <w>w, ...". */
export function imageSrcSet(image: StoredImage, format: ImageFormat) {
  return variantWidths(image.width, format)
    .map((w) => `${variantUrl(image, w, format)} ${w}w`)
    .join(", ");
}

/** Height of `image` scaled to `width`, rounded like sharp's resize. */
export function heightAtWidth(image: Pick<StoredImage, "width" | "height">, width: number) {
  return Math.max(1, Math.round((image.height * width) / image.width));
}

/**
 * The Open Graph / Twitter card image for `src`: the absolute URL of its JPEG variant (at most
 * 1200 px wide) with its size, or the absolute URL of any other image (size unknown).
 */
export function socialImage(src: string, origin: string) {
  const image = parseImageUrl(src);
  const absolute = (url: string) => new URL(url, origin).href;
  if (!image) return { url: absolute(src), width: undefined, height: undefined };
  const width = Math.min(image.width, OG_IMAGE_WIDTH);
  return { url: absolute(ogVariantUrl(image)), width, height: heightAtWidth(image, width) };
}
