import { createHash } from "node:crypto";
import sharp from "sharp";
import { MAX_IMAGE_WIDTH, THUMBNAIL_WIDTHS, type StoredImage } from "~/lib/image-variants";
import {
  notAnIconError,
  notAnImageError,
  tooLargeError,
  UPLOAD_LIMITS,
  type UploadKind,
} from "~/lib/admin/media";
import { logger } from "~/server/logger.server";
import { mediaUrl, storage } from "./storage.server";
import {
  ENCODING,
  MAX_INPUT_PIXELS,
  encodeVariant,
  scheduleVariants,
  variantsOf,
  writeVariants,
} from "./stored-variants.server";

/**
 * A rejected upload, with the French toast title and description the screens show, and the HTTP
 * status an upload endpoint answers with (413 for a file over the limit).
 */
export class InvalidUploadError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
    readonly status: 400 | 413 | 415 = 415,
  ) {
    super(`${title} : ${description}`);
    this.name = "InvalidUploadError";
  }
}

const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const ICON_FORMATS = new Set(["jpeg", "png", "gif", "svg"]);

const notAnImage = () => new InvalidUploadError(notAnImageError.title, notAnImageError.description);

export type StoredImageFile = { url: string; width: number; height: number };

/**
 * Validates a raster image and stores it in every size and format the site serves: rotated as
 * its EXIF says, metadata (GPS, camera...) dropped, re-encoded to WebP at the widths of
 * app/lib/image-variants.ts (never upscaled), AVIF at fewer widths, and a JPEG for social cards.
 * Returns the canonical URL, from which every variant is derived.
 *
 * `variants: "later"` (uploads) stores only the canonical WebP and the back office's thumbnails
 * before returning (about a second for a 12 MP phone photo), so the screen that uploaded it shows
 * it at once, and encodes the others in the background from the canonical file; until then the
 * /media route encodes a missing variant on its first request (`renderMissingVariant`).
 * `"now"` (seed, imports) returns once every file is stored. `maxSize` bounds both sides
 * (icons); photos are bounded in width only.
 */
export async function storeImage(
  input: Buffer,
  {
    fileName,
    encoding = "thorough",
    variants = "now",
    maxSize,
  }: {
    fileName?: string;
    encoding?: keyof typeof ENCODING;
    variants?: "now" | "later";
    maxSize?: number;
  } = {},
) {
  const effort = ENCODING[encoding];
  const format = await detectFormat(input);
  if (!format || !RASTER_FORMATS.has(format)) throw notAnImage();
  if (EMBEDDED_CODE.test(input.toString("latin1"))) throw embeddedCode();

  const started = Date.now();
  // Decode, orient and bound once; every variant is encoded from these pixels.
  const { data: pixels, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
    .autoOrient()
    .resize(
      maxSize
        ? { width: maxSize, height: maxSize, fit: "inside", withoutEnlargement: true }
        : { width: MAX_IMAGE_WIDTH, withoutEnlargement: true },
    )
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
  const [canonical, ...others] = variantsOf(image);
  const result: StoredImageFile = { url: mediaUrl(canonical!.key), width: image.width, height: image.height };
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const fromPixels = () => sharp(pixels, raw);
  // Content-addressed: an image uploaded before keeps its files; only missing ones are made.
  const known = await storage().exists(canonical!.key);

  if (variants === "now") {
    await writeVariants(fromPixels, image, others, effort, { onlyMissing: known });
    if (!known) await writeVariants(fromPixels, image, [canonical!], effort, { onlyMissing: false });
  } else {
    const canonicalBody = known ? null : await encodeVariant(fromPixels(), image, canonical!, effort);
    if (canonicalBody) await storage().put(canonical!.key, canonicalBody, "image/webp");
    const thumbnails = others.filter(
      (variant) => variant.kind === "webp" && (THUMBNAIL_WIDTHS as readonly number[]).includes(variant.width),
    );
    await writeVariants(fromPixels, image, thumbnails, effort, { onlyMissing: known });
    scheduleVariants(image, canonicalBody, effort);
  }

  logger.debug({ fileName, url: result.url, variants, ms: Date.now() - started }, "image stored");
  return result;
}

// ---------------------------------------------------------------- SVG icons

/** Longest side of a stored icon: crisp at 4× the 32 px it is shown at, and small. */
export const ICON_SIZE = 256;

/**
 * An SVG icon, rasterized: librsvg (in sharp) draws it without running scripts or loading any
 * external file or URL, and the pipeline stores pixels, so no uploaded markup is ever served.
 * Entity declarations are refused outright (expansion bombs).
 */
export async function storeSvg(input: Buffer) {
  const text = input.toString("utf8");
  if (!/<svg[\s>]/i.test(text) || /<!ENTITY/i.test(text)) throw notAnImage();
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (meta?.format !== "svg" || !meta.width || !meta.height) throw notAnImage();
  // Drawn at the icon size whatever the SVG's own (often 24×24), so it stays sharp.
  const density = Math.min(72 * (ICON_SIZE / Math.max(meta.width, meta.height)), 10_000);
  const png = await sharp(input, { density, limitInputPixels: MAX_INPUT_PIXELS })
    .png()
    .toBuffer()
    .catch(() => {
      throw notAnImage();
    });
  return storeImage(png, { fileName: "icon.svg", maxSize: ICON_SIZE });
}

/** Markup or script inside an image file: a polyglot, meant to run if served as something else. */
const EMBEDDED_CODE = /<\?php|<script|<html|<body|<iframe/i;

const embeddedCode = () =>
  new InvalidUploadError(
    "Type de fichier invalide",
    "Ce fichier contient du code en plus de l'image : il a été refusé.",
  );

/** The refusal of a file over the limit of `kind` (413). */
export function tooLarge(kind: UploadKind) {
  const { title, description } = tooLargeError(kind);
  return new InvalidUploadError(title, description, 413);
}

/**
 * A file from a form: a project image (main or gallery) or a custom expertise icon. Also returns
 * the format the decoder found in the bytes (never the name's or the declared one).
 */
export async function storeUploadedImage(file: File, kind: UploadKind) {
  if (!(file instanceof File) || file.size === 0) throw notAnImage();
  if (file.size > UPLOAD_LIMITS[kind]) throw tooLarge(kind);
  const input = Buffer.from(await file.arrayBuffer());
  const format = await detectFormat(input);
  if (kind === "image") {
    return { ...(await storeImage(input, { fileName: file.name, variants: "later" })), format: format! };
  }
  if (!format || !ICON_FORMATS.has(format)) {
    throw new InvalidUploadError(notAnIconError.title, notAnIconError.description);
  }
  const stored =
    format === "svg"
      ? await storeSvg(input)
      : await storeImage(input, { fileName: file.name, maxSize: ICON_SIZE });
  return { ...stored, format };
}

/**
 * An image brought in by an import (a WordPress attachment): checked and stored like an upload,
 * every variant written before returning. Also returns the format found in the bytes.
 */
export async function storeImportedImage(input: Buffer, fileName: string) {
  const format = await detectFormat(input);
  return { ...(await storeImage(input, { fileName })), format: format ?? "" };
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
