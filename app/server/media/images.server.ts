import { createHash } from "node:crypto";
import sharp from "sharp";
import {
  MAX_IMAGE_WIDTH,
  OG_IMAGE_WIDTH,
  heightAtWidth,
  ogVariantUrl,
  parseImageUrl,
  variantUrl,
  variantWidths,
  type ImageFormat,
  type StoredImage,
} from "~/lib/image-variants";
import { logger } from "~/server/logger.server";
import { contentTypeOf, keyFromMediaUrl, mediaUrl, storage } from "./storage.server";

/** A rejected upload, with the French toast title and description the screens show. */
export class InvalidUploadError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title} : ${description}`);
    this.name = "InvalidUploadError";
  }
}

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Custom expertise icons (back-office.md §9). */
export const MAX_ICON_BYTES = 2_097_152;
// Beyond this a small file may expand to gigabytes of pixels (decompression bomb).
const MAX_INPUT_PIXELS = 60_000_000;

const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const ICON_FORMATS = new Set(["jpeg", "png", "gif", "svg"]);

const notAnImage = () =>
  new InvalidUploadError("Type de fichier invalide", "Veuillez sélectionner une image");

/**
 * Encoder effort. "thorough" (uploads): smaller files for a second or so of CPU per image; AVIF
 * effort 2 keeps its slow encoder at ~3× WebP's time instead of 10×+. "quick" (generated demo
 * pictures, flat illustrations): about a third of the CPU, for files a little larger.
 */
const ENCODING = {
  thorough: { webp: 4, avif: 2, mozjpeg: true },
  quick: { webp: 2, avif: 0, mozjpeg: false },
} as const;

export type StoredImageFile = { url: string; width: number; height: number };

/**
 * Validates a raster image and stores it in every size and format the site serves: rotated as
 * its EXIF says, metadata (GPS, camera...) dropped, re-encoded to WebP at the widths of
 * app/lib/image-variants.ts (never upscaled), AVIF at fewer widths, and a JPEG for social cards.
 * Returns the canonical URL, from which every variant is derived.
 */
export async function storeImage(
  input: Buffer,
  { fileName, encoding = "thorough" }: { fileName?: string; encoding?: keyof typeof ENCODING } = {},
) {
  const effort = ENCODING[encoding];
  const format = await detectFormat(input);
  if (!format || !RASTER_FORMATS.has(format)) throw notAnImage();

  const started = Date.now();
  // Decode, orient and bound once; every variant is encoded from these pixels.
  const { data: pixels, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .autoOrient()
    .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw notAnImage();
    });

  const image: StoredImage = {
    base: "images/",
    hash: contentHash(input),
    width: info.width,
    height: info.height,
  };
  const canonicalKey = variantUrl(image, image.width, "webp");
  const result: StoredImageFile = { url: mediaUrl(canonicalKey), width: image.width, height: image.height };
  // The canonical file is written last, so its presence means the whole set is there.
  if (await storage().exists(canonicalKey)) return result;

  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (width: number, format: ImageFormat) => {
    const resized = sharp(pixels, raw).resize({ width });
    return format === "webp"
      ? resized.webp({ quality: 80, effort: effort.webp }).toBuffer()
      : resized.avif({ quality: 55, effort: effort.avif }).toBuffer();
  };
  const ogWidth = Math.min(image.width, OG_IMAGE_WIDTH);
  const jobs: { key: string; render: () => Promise<Buffer> }[] = [
    ...(["avif", "webp"] as const).flatMap((format) =>
      variantWidths(image.width, format).map((width) => ({
        key: variantUrl(image, width, format),
        render: () => encode(width, format),
      })),
    ),
    {
      key: ogVariantUrl(image),
      render: () =>
        sharp(pixels, raw)
          .resize({ width: ogWidth, height: heightAtWidth(image, ogWidth) })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 82, mozjpeg: effort.mozjpeg })
          .toBuffer(),
    },
  ];
  const files = await Promise.all(jobs.map(async (job) => ({ key: job.key, body: await job.render() })));
  const canonical = files.find((file) => file.key === canonicalKey)!;
  await Promise.all(
    files
      .filter((file) => file !== canonical)
      .map((file) => storage().put(file.key, file.body, contentTypeOf(file.key))),
  );
  await storage().put(canonical.key, canonical.body, "image/webp");

  logger.debug({ fileName, url: result.url, files: jobs.length, ms: Date.now() - started }, "image stored");
  return result;
}

/**
 * An SVG kept as drawn (icons must stay sharp at every size), after checking it is a real SVG
 * with nothing active in it: no scripts, event handlers, external references or entities.
 */
export async function storeSvg(input: Buffer) {
  const text = input.toString("utf8");
  if (!/<svg[\s>]/i.test(text) || UNSAFE_SVG.some((pattern) => pattern.test(text))) throw notAnImage();
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (meta?.format !== "svg") throw notAnImage();
  const key = `images/${contentHash(input)}.svg`;
  if (!(await storage().exists(key))) await storage().put(key, input, "image/svg+xml");
  return { url: mediaUrl(key), width: meta.width, height: meta.height } satisfies StoredImageFile;
}

const UNSAFE_SVG = [
  /<script/i,
  /<foreignObject/i,
  /<!ENTITY/i,
  /<!DOCTYPE/i,
  /<(iframe|embed|object|audio|video)/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /@import/i,
  // Only same-document (#id) and inline raster references.
  /href\s*=\s*["']\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i,
  /url\(\s*["']?\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i,
];

/** A file from a form: a project image (main or gallery) or a custom expertise icon. */
export async function storeUploadedImage(file: File, kind: "image" | "icon") {
  if (!(file instanceof File) || file.size === 0) throw notAnImage();
  const limit = kind === "icon" ? MAX_ICON_BYTES : MAX_IMAGE_BYTES;
  if (file.size > limit) {
    throw new InvalidUploadError(
      "Image trop volumineuse",
      `L'image ne doit pas dépasser ${limit / 1024 / 1024}MB`,
    );
  }
  const input = Buffer.from(await file.arrayBuffer());
  const format = await detectFormat(input);
  if (kind === "icon" && (!format || !ICON_FORMATS.has(format))) {
    throw new InvalidUploadError(
      "Format non valide",
      "Veuillez sélectionner une image (PNG, JPG, SVG, etc.)",
    );
  }
  return format === "svg" && kind === "icon" ? storeSvg(input) : storeImage(input, { fileName: file.name });
}

/** Every stored key behind one of our media URLs (all variants of a pipeline image). */
export function mediaKeysOf(url: string): string[] {
  const key = keyFromMediaUrl(url);
  if (!key) return [];
  const image = parseImageUrl(mediaUrl(key));
  if (!image) return [key];
  const local: StoredImage = { ...image, base: "images/" };
  return [
    ...(["avif", "webp"] as const).flatMap((format) =>
      variantWidths(local.width, format).map((width) => variantUrl(local, width, format)),
    ),
    ogVariantUrl(local),
  ];
}

/** Removes a stored file and its variants; URLs that are not ours are ignored. */
export async function deleteMedia(url: string) {
  await Promise.all(mediaKeysOf(url).map((key) => storage().delete(key)));
}

/** The decoder's verdict on the bytes (never the file name or the declared type), or null. */
async function detectFormat(input: Buffer) {
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return meta.format ?? null;
  } catch {
    return null; // empty input, unknown or corrupt format
  }
}

function contentHash(input: Buffer) {
  return createHash("sha256").update(input).digest("hex").slice(0, 24);
}
