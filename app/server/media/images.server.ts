import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import {
  MAX_IMAGE_WIDTH,
  OG_IMAGE_WIDTH,
  THUMBNAIL_WIDTHS,
  heightAtWidth,
  ogVariantUrl,
  parseImageUrl,
  variantUrl,
  variantWidths,
  type ImageFormat,
  type StoredImage,
} from "~/lib/image-variants";
import {
  notAnIconError,
  notAnImageError,
  tooLargeError,
  UPLOAD_LIMITS,
  type UploadKind,
} from "~/lib/admin/media";
import { logger } from "~/server/logger.server";
import { contentTypeOf, keyFromMediaUrl, mediaUrl, storage } from "./storage.server";

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

// Beyond this a small file may expand to gigabytes of pixels (decompression bomb).
const MAX_INPUT_PIXELS = 60_000_000;

const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const ICON_FORMATS = new Set(["jpeg", "png", "gif", "svg"]);

const notAnImage = () => new InvalidUploadError(notAnImageError.title, notAnImageError.description);

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

type Effort = (typeof ENCODING)[keyof typeof ENCODING];

/** One stored file of a pipeline image: a WebP or AVIF width, or the social-card JPEG. */
type Variant = { key: string; kind: ImageFormat | "og"; width: number };

/** Every file of `image` (stored under "images/"), the canonical WebP first. */
function variantsOf(image: StoredImage): Variant[] {
  const local: StoredImage = { ...image, base: "images/" };
  const sized = (["webp", "avif"] as const).flatMap((kind) =>
    variantWidths(local.width, kind).map((width) => ({ key: variantUrl(local, width, kind), kind, width })),
  );
  const canonical = sized.find((variant) => variant.kind === "webp" && variant.width === local.width)!;
  return [
    canonical,
    ...sized.filter((variant) => variant !== canonical),
    { key: ogVariantUrl(local), kind: "og", width: Math.min(local.width, OG_IMAGE_WIDTH) },
  ];
}

/** Encodes one variant from `source`, a fresh sharp pipeline over the full-size pixels. */
function encodeVariant(source: Sharp, image: StoredImage, variant: Variant, effort: Effort) {
  switch (variant.kind) {
    case "webp":
      return source.resize({ width: variant.width }).webp({ quality: 80, effort: effort.webp }).toBuffer();
    case "avif":
      return source.resize({ width: variant.width }).avif({ quality: 55, effort: effort.avif }).toBuffer();
    case "og":
      return source
        .resize({ width: variant.width, height: heightAtWidth(image, variant.width) })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: effort.mozjpeg })
        .toBuffer();
  }
}

/** Encodes and stores the given variants (those not stored yet when `onlyMissing`). */
async function writeVariants(
  source: () => Sharp,
  image: StoredImage,
  variants: Variant[],
  effort: Effort,
  { onlyMissing }: { onlyMissing: boolean },
) {
  await Promise.all(
    variants.map(async (variant) => {
      if (onlyMissing && (await storage().exists(variant.key))) return;
      const body = await encodeVariant(source(), image, variant, effort);
      await storage().put(variant.key, body, contentTypeOf(variant.key));
    }),
  );
}

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

// ---------------------------------------------------------------- variants in the background

let backgroundQueue: Promise<void> = Promise.resolve();

/**
 * Queues the encoding of every variant not stored yet, one file at a time so uploads never starve
 * requests of both cores. The source is the canonical WebP (already encoded, or read
 * back from storage), not the decoded pixels: a queue of phone photos stays a few MB. Lost on a
 * restart, which costs nothing: the /media route makes a missing variant when first asked.
 */
function scheduleVariants(image: StoredImage, canonicalBody: Buffer | null, effort: Effort) {
  backgroundQueue = backgroundQueue.then(async () => {
    const started = Date.now();
    try {
      const [canonical, ...others] = variantsOf(image);
      const source = canonicalBody ?? (await readStored(canonical!.key));
      if (!source) return;
      // One file at a time: all at once would hold every encoder thread, and a page asking for a
      // variant meanwhile (rendered on request) would wait for them all.
      for (const variant of others)
        await writeVariants(() => sharp(source), image, [variant], effort, { onlyMissing: true });
      logger.debug({ hash: image.hash, ms: Date.now() - started }, "image variants stored");
    } catch (error) {
      logger.error({ err: error, hash: image.hash }, "image variants failed; they are made on request");
    }
  });
}

/** Resolves once every variant queued so far is stored (tests, benchmarks, shutdown). */
export function variantsSettled() {
  return backgroundQueue;
}

const rendering = new Map<string, Promise<boolean>>();

/**
 * For the /media route: when `key` names a variant of a stored pipeline image that is not (yet)
 * there, encodes and stores it from the canonical WebP. Returns whether the file now exists;
 * false for any key that is not such a variant.
 */
export function renderMissingVariant(key: string): Promise<boolean> {
  const target = imageOfKey(key);
  if (!target) return Promise.resolve(false);
  const variant = variantsOf(target).find((candidate) => candidate.key === key)!;
  let render = rendering.get(key);
  if (!render) {
    render = (async () => {
      const source = await readStored(variantsOf(target)[0]!.key);
      if (!source) return false;
      await writeVariants(() => sharp(source), target, [variant], ENCODING.thorough, { onlyMissing: true });
      return true;
    })().finally(() => rendering.delete(key));
    rendering.set(key, render);
  }
  return render;
}

/** The pipeline image a stored key is one of the files of (canonical or variant), or null. */
function imageOfKey(key: string): StoredImage | null {
  const image = parseImageUrl(mediaUrl(key.replace(VARIANT_SUFFIX, ".webp")));
  return image && variantsOf(image).some((variant) => variant.key === key) ? image : null;
}

/** "-640.webp", ".avif", "-og.jpg"... after the "<hash>-<W>x<H>" stem. */
const VARIANT_SUFFIX = /(-(\d{1,5}|og))?\.(webp|avif|jpg)$/;

async function readStored(key: string) {
  const object = await storage().get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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

/** Every stored key behind one of our media URLs (all files of a pipeline image, from any of them). */
export function mediaKeysOf(url: string): string[] {
  const key = keyFromMediaUrl(url);
  if (!key) return [];
  const image = imageOfKey(key);
  return image ? variantsOf(image).map((variant) => variant.key) : [key];
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
