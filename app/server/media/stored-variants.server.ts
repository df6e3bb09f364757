import sharp, { type Sharp } from "sharp";
import {
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

/*
 * The files of a pipeline image (app/lib/image-variants.ts names them): how each is encoded, the
 * ones made in the background after an upload or on their first request, and their removal.
 * images.server.ts decodes and checks what comes in; this module makes and keeps the files.
 */

// Beyond this a small file may expand to gigabytes of pixels (decompression bomb).
export const MAX_INPUT_PIXELS = 60_000_000;

/**
 * Encoder effort. "thorough" (uploads): smaller files for a second or so of CPU per image; AVIF
 * effort 2 keeps its slow encoder at ~3× WebP's time instead of 10×+. "quick" (generated demo
 * pictures, flat illustrations): about a third of the CPU, for files a little larger.
 */
export const ENCODING = {
  thorough: { webp: 4, avif: 2, mozjpeg: true },
  quick: { webp: 2, avif: 0, mozjpeg: false },
} as const;

export type Effort = (typeof ENCODING)[keyof typeof ENCODING];

/** One stored file of a pipeline image: a WebP or AVIF width, or the social-card JPEG. */
type Variant = { key: string; kind: ImageFormat | "og"; width: number };

/** Every file of `image` (stored under "images/"), the canonical WebP first. */
export function variantsOf(image: StoredImage): Variant[] {
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
export function encodeVariant(source: Sharp, image: StoredImage, variant: Variant, effort: Effort) {
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
export async function writeVariants(
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

// ---------------------------------------------------------------- variants in the background

let backgroundQueue: Promise<void> = Promise.resolve();

/**
 * Queues the encoding of every variant not stored yet, one file at a time so uploads never starve
 * requests of both cores. The source is the canonical WebP (already encoded, or read
 * back from storage), not the decoded pixels: a queue of phone photos stays a few MB. Lost on a
 * restart, which costs nothing: the /media route makes a missing variant when first asked.
 */
export function scheduleVariants(image: StoredImage, canonicalBody: Buffer | null, effort: Effort) {
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
