import { useTemporaryMediaStorage, type TemporaryMediaStorage } from "../support/media-storage";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getImageSize, imageUrlForWidth } from "~/components/site/responsive-image";
import { parseImageUrl, socialImage, variantWidths } from "~/lib/image-variants";
import {
  InvalidUploadError,
  ICON_SIZE,
  storeImage,
  storeSvg,
  storeUploadedImage,
} from "~/server/media/images.server";
import {
  deleteMedia,
  mediaKeysOf,
  renderMissingVariant,
  variantsSettled,
} from "~/server/media/stored-variants.server";
import { keyFromMediaUrl, storage } from "~/server/media/storage.server";
import { loader as mediaLoader } from "~/routes/resources/media";
import { db } from "~/server/db/client.server";
import { blogArticles, projectImages, projects } from "~/server/db/schema";
import { deleteMediaIfUnused } from "~/server/media/cleanup.server";
import { eq } from "drizzle-orm";

let media: TemporaryMediaStorage;

beforeAll(async () => {
  media = await useTemporaryMediaStorage("media-test");
});

afterAll(async () => {
  await media.release();
});

/** A photo as a phone writes it: landscape pixels, EXIF "rotate 90°", GPS position, ICC profile. */
async function phonePhoto(width = 2400, height = 1600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .composite([
      { input: { create: { width: width / 2, height: height / 2, channels: 3, background: "#1e3a8a" } } },
    ])
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "X1" },
      // A house in Limoges: 45°49'30.12" N, 1°15'42" E.
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "45/1 49/1 3012/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "1/1 15/1 4200/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function read(key: string) {
  const object = await media.driver.get(key);
  if (!object) throw new Error(`missing ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("storeImage", () => {
  it("orients, strips metadata and stores every WebP/AVIF width plus a social JPEG", async () => {
    const input = await phonePhoto();
    const original = await sharp(input).metadata();
    expect(original).toMatchObject({ orientation: 6, width: 2400, height: 1600 });
    expect(original.exif?.toString("latin1")).toContain("PhoneMaker");

    const stored = await storeImage(input, { fileName: "chantier.jpg" });
    // EXIF orientation 6: the 2400×1600 pixels are shown 1600 wide, 2400 high.
    expect(stored).toMatchObject({ width: 1600, height: 2400 });
    expect(stored.url).toMatch(/^\/media\/images\/[a-f0-9]{24}-1600x2400\.webp$/);

    const keys = mediaKeysOf(stored.url);
    expect(keys).toHaveLength(variantWidths(1600, "webp").length + variantWidths(1600, "avif").length + 1);
    for (const key of keys) {
      const file = await read(key);
      const meta = await sharp(file).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.icc, key).toBeUndefined();
      expect(meta.orientation ?? 1, key).toBe(1);
      expect(meta.format, key).toBe(key.endsWith(".avif") ? "heif" : key.endsWith(".jpg") ? "jpeg" : "webp");
      const width = Number(/-(\d+)\.(webp|avif)$/.exec(key)?.[1] ?? (key.endsWith("-og.jpg") ? 1200 : 1600));
      expect(meta.width, key).toBe(width);
      expect(meta.height, key).toBe(Math.round((2400 * width) / 1600));
    }
  });

  it("bounds the stored size to 1920 wide and never upscales", async () => {
    const big = await storeImage(
      await sharp({ create: { width: 4000, height: 1000, channels: 3, background: "#333" } })
        .png()
        .toBuffer(),
    );
    expect(big).toMatchObject({ width: 1920, height: 480 });

    const small = await storeImage(
      await sharp({ create: { width: 500, height: 250, channels: 4, background: "#0f08" } })
        .png()
        .toBuffer(),
    );
    expect(small).toMatchObject({ width: 500, height: 250 });
    expect(mediaKeysOf(small.url).map((key) => key.replace(/^images\/[a-f0-9]+-/, ""))).toEqual([
      "500x250.webp",
      "500x250-320.webp",
      "500x250.avif",
      "500x250-og.jpg",
    ]);
    expect((await sharp(await read(keyFromMediaUrl(small.url)!)).metadata()).width).toBe(500);
  });

  it("stores the same upload once (content-addressed)", async () => {
    const input = await phonePhoto(800, 600);
    const first = await storeImage(input);
    const mtime = (await media.driver.get(keyFromMediaUrl(first.url)!))!.etag;
    const second = await storeImage(input);
    expect(second).toEqual(first);
    expect((await media.driver.get(keyFromMediaUrl(first.url)!))!.etag).toBe(mtime);
  });

  it.each([
    ["text", Buffer.from("Bonjour, ceci n'est pas une image")],
    ["empty", Buffer.alloc(0)],
    ["PDF", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")],
    ["truncated PNG", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")],
  ])("rejects a non-image (%s) with the French message", async (_name, input) => {
    const error = await storeImage(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidUploadError);
    expect(error).toMatchObject({
      title: "Type de fichier invalide",
      description: "Veuillez sélectionner une image",
    });
  });

  it("does not rasterise SVG as a photo", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(storeImage(svg)).rejects.toBeInstanceOf(InvalidUploadError);
  });

  it("deletes every variant", async () => {
    const stored = await storeImage(await phonePhoto(1000, 700));
    await deleteMedia(stored.url);
    for (const key of mediaKeysOf(stored.url)) expect(await media.driver.exists(key)).toBe(false);
  });
});

describe("SVG icons and uploads", () => {
  const icon =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M4 14 14 2l-2 8h8L10 22l2-8z" fill="#f59e0b"/></svg>';

  it("rasterizes an SVG icon: pixels at the icon size, no markup stored", async () => {
    const stored = await storeSvg(Buffer.from(icon));
    expect(parseImageUrl(stored.url)).toMatchObject({ width: ICON_SIZE, height: ICON_SIZE });
    for (const key of mediaKeysOf(stored.url)) {
      const file = await read(key);
      expect(file.toString("latin1"), key).not.toMatch(/<svg|<path/);
      expect((await sharp(file).metadata()).format, key).not.toBe("svg");
    }
    // The drawing is there: the bolt's amber pixels at the centre.
    const { data } = await sharp(await read(keyFromMediaUrl(stored.url)!))
      .extract({ left: 128, top: 128, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([245, 158, 11].map((c) => expect.closeTo(c, -1)));
  });

  it.each([
    [
      "script",
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>',
    ],
    ["event handler", '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"/>'],
    [
      "local file",
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><image href="file:///etc/passwd"/></svg>',
    ],
    [
      "foreignObject",
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><foreignObject><p>x</p></foreignObject></svg>',
    ],
  ])("serves an SVG with an active part (%s) as inert pixels", async (_name, svg) => {
    const stored = await storeSvg(Buffer.from(svg));
    for (const key of mediaKeysOf(stored.url)) {
      expect((await read(key)).toString("latin1"), key).not.toMatch(/script|onload|passwd|foreignObject/i);
    }
  });

  it.each([
    ["entity", '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ["no svg element", "<html><body>bonjour</body></html>"],
  ])("refuses an SVG upload that is not a plain drawing (%s)", async (_name, svg) => {
    await expect(storeSvg(Buffer.from(svg))).rejects.toBeInstanceOf(InvalidUploadError);
  });

  it("applies the expertise icon rules: 2 MB, PNG/JPG/GIF/SVG", async () => {
    const svgIcon = await storeUploadedImage(
      new File([icon], "eclair.svg", { type: "image/svg+xml" }),
      "icon",
    );
    expect(svgIcon.url).toMatch(/-256x256\.webp$/);

    const gif = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#f00" } })
      .gif()
      .toBuffer();
    const gifIcon = await storeUploadedImage(
      new File([new Uint8Array(gif)], "icone.gif", { type: "image/gif" }),
      "icon",
    );
    expect(parseImageUrl(gifIcon.url)).toMatchObject({ width: 64, height: 64 });

    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    await expect(
      storeUploadedImage(new File([new Uint8Array(webp)], "icone.webp"), "icon"),
    ).rejects.toMatchObject({
      title: "Format non valide",
      description: "Veuillez sélectionner une image (PNG, JPG, SVG, etc.)",
    });

    const tooBig = new File([new Uint8Array(2_097_153)], "gros.png", { type: "image/png" });
    await expect(storeUploadedImage(tooBig, "icon")).rejects.toMatchObject({
      title: "Image trop volumineuse",
      description: "L'image ne doit pas dépasser 2MB",
    });
  });

  it("rejects a gallery upload that is not an image", async () => {
    const file = new File(["PK\u0003\u0004 not an image"], "photo.jpg", { type: "image/jpeg" });
    await expect(storeUploadedImage(file, "image")).rejects.toMatchObject({
      title: "Type de fichier invalide",
    });
  });

  it("refuses a PHP script renamed .jpg, whatever type the browser claims", async () => {
    const php = new File(["<?php system($_GET['c']); ?>"], "photo.jpg", { type: "image/jpeg" });
    await expect(storeUploadedImage(php, "image")).rejects.toMatchObject({
      title: "Type de fichier invalide",
      description: "Veuillez sélectionner une image",
    });
    await expect(storeUploadedImage(php, "icon")).rejects.toMatchObject({ title: "Format non valide" });
  });

  it("refuses a polyglot: a real JPEG carrying PHP", async () => {
    const jpeg = await phonePhoto(400, 300);
    const polyglot = Buffer.concat([jpeg, Buffer.from("<?php echo shell_exec($_GET['c']); ?>")]);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg");
    await expect(
      storeUploadedImage(new File([new Uint8Array(polyglot)], "photo.jpg"), "image"),
    ).rejects.toMatchObject({
      title: "Type de fichier invalide",
      description: "Ce fichier contient du code en plus de l'image : il a été refusé.",
    });
  });

  it("stores an upload's canonical file and thumbnails at once, its other variants in the background", async () => {
    const upload = new File([new Uint8Array(await phonePhoto(2000, 1500))], "chantier.jpg");
    const stored = await storeUploadedImage(upload, "image");
    const key = keyFromMediaUrl(stored.url)!;
    // What the back office shows right after the upload (gallery grid, image field).
    for (const shown of [key, key.replace(".webp", "-320.webp"), key.replace(".webp", "-640.webp")])
      expect(await media.driver.exists(shown), shown).toBe(true);
    await variantsSettled();
    for (const key of mediaKeysOf(stored.url)) expect(await media.driver.exists(key), key).toBe(true);
  });
});

describe("local storage media.driver", () => {
  it("puts, reads, checks and deletes", async () => {
    await media.driver.put("docs/a.png", Buffer.from("abc"), "image/png");
    expect(await media.driver.exists("docs/a.png")).toBe(true);
    expect((await read("docs/a.png")).toString()).toBe("abc");
    expect((await media.driver.get("docs/a.png"))!.contentType).toBe("image/png");
    await media.driver.delete("docs/a.png");
    expect(await media.driver.exists("docs/a.png")).toBe(false);
    expect(await media.driver.get("docs/a.png")).toBeNull();
    await media.driver.delete("docs/a.png"); // deleting twice is fine
  });

  it.each(["../etc/passwd", "images/../../x", "/abs", "images//x", "a\\b", "images/./x", "UPPER.png", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(media.driver.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/Invalid media key/);
      await expect(media.driver.get(key)).rejects.toThrow(/Invalid media key/);
    },
  );

  it("maps our URLs back to keys and ignores others", () => {
    expect(keyFromMediaUrl("/media/images/abc.webp")).toBe("images/abc.webp");
    expect(keyFromMediaUrl("https://www.example.fr/media/images/abc.webp")).toBe("images/abc.webp");
    expect(keyFromMediaUrl("/media/../secret")).toBeNull();
    expect(keyFromMediaUrl("https://cdn.example.com/photo.jpg")).toBeNull();
    expect(mediaKeysOf("https://cdn.example.com/photo.jpg")).toEqual([]);
  });
});

describe("the /media route", () => {
  const get = (key: string, headers: Record<string, string> = {}, method = "GET") =>
    mediaLoader({
      params: { "*": key },
      request: new Request(`http://localhost/media/${key}`, { method, headers }),
    } as unknown as Parameters<typeof mediaLoader>[0]);

  it("streams a file with its type, a year of immutable cache and an ETag; 304 when unchanged", async () => {
    const stored = await storeImage(await phonePhoto(900, 600));
    const key = keyFromMediaUrl(stored.url)!;
    const response = await get(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("ETag");
    expect(etag).toMatch(/^".+"$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    expect((await sharp(body).metadata()).width).toBe(600);

    const again = await get(key, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    expect((await get(key, {}, "HEAD")).status).toBe(200);
  });

  it("serves an uploaded phone photo without its GPS position or any EXIF", async () => {
    const input = await phonePhoto(1600, 1200);
    expect((await sharp(input).metadata()).exif?.toString("latin1")).toMatch(/N\0.*E\0/s);
    const stored = await storeUploadedImage(new File([new Uint8Array(input)], "maison.jpg"), "image");
    for (const key of mediaKeysOf(stored.url)) {
      const response = await get(key);
      expect(response.status, key).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
    }
  });

  it("sandboxes SVG files (stored before icons were rasterized)", async () => {
    await media.driver.put(
      "images/legacy.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
      "image/svg+xml",
    );
    const response = await get("images/legacy.svg");
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
  });

  it("serves a variant still queued by encoding it from the canonical file, once", async () => {
    const stored = await storeImage(await phonePhoto(1000, 800), { variants: "later" });
    await variantsSettled();
    const variant = keyFromMediaUrl(stored.url)!.replace(".webp", "-320.webp");
    await media.driver.delete(variant);
    const [first, second] = await Promise.all([get(variant), get(variant)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(320);
    expect(await media.driver.exists(variant)).toBe(true);
    // Only the derived names of a stored image are made; anything else stays a 404.
    expect(await renderMissingVariant(variant.replace("-320.webp", "-333.webp"))).toBe(false);
    expect(await renderMissingVariant("images/0123456789abcdef01234567-10x10-320.webp")).toBe(false);
  });

  it.each(["images/missing.webp", "../../etc/passwd", "images/%2e%2e/x", ".env"])(
    "answers 404 for %j",
    async (key) => {
      const response = await get(key);
      expect(response.status).toBe(404);
    },
  );
});

describe("URLs for pages", () => {
  it("derives size, widths and the social card from the stored URL", async () => {
    const stored = await storeImage(
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#123" } })
        .png()
        .toBuffer(),
    );
    expect(getImageSize(stored.url)).toEqual({ width: 1600, height: 900 });
    expect(imageUrlForWidth(stored.url, 600)).toBe(stored.url.replace(".webp", "-640.webp"));
    expect(imageUrlForWidth(stored.url, 5000)).toBe(stored.url);
    const card = socialImage(stored.url, "https://www.example.fr");
    expect(card).toEqual({
      url: `https://www.example.fr${stored.url.replace(".webp", "-og.jpg")}`,
      width: 1200,
      height: 675,
    });
    expect(await storage().exists(keyFromMediaUrl(card.url)!)).toBe(true);
    expect(socialImage("https://cdn.example.com/a.png", "https://www.example.fr").url).toBe(
      "https://cdn.example.com/a.png",
    );
  });
});

describe("deleteMediaIfUnused", () => {
  it("keeps a file another row still uses, deletes it once nothing refers to it", async () => {
    const stored = await storeImage(await phonePhoto(1200, 800));
    const [project] = await db()
      .insert(projects)
      .values({ title: "Chantier", slug: "chantier-media-test", mainImage: stored.url })
      .returning();
    const [image] = await db()
      .insert(projectImages)
      .values({ projectId: project!.id, imageUrl: stored.url })
      .returning();
    // An article quoting a variant in its HTML counts as a use too.
    const [article] = await db()
      .insert(blogArticles)
      .values({
        title: "Article",
        slug: "article-media-test",
        content: `<p><img src="${stored.url.replace(".webp", "-640.webp")}" alt=""></p>`,
      })
      .returning();

    await db().delete(projectImages).where(eq(projectImages.id, image!.id));
    expect(await deleteMediaIfUnused(stored.url)).toBe(false);
    await db().update(projects).set({ mainImage: null }).where(eq(projects.id, project!.id));
    expect(await deleteMediaIfUnused(stored.url)).toBe(false);
    expect(await media.driver.exists(keyFromMediaUrl(stored.url)!)).toBe(true);

    await db().delete(blogArticles).where(eq(blogArticles.id, article!.id));
    expect(await deleteMediaIfUnused(stored.url)).toBe(true);
    for (const key of mediaKeysOf(stored.url)) expect(await media.driver.exists(key)).toBe(false);
  });

  it("ignores URLs that are not ours", async () => {
    expect(await deleteMediaIfUnused("https://cdn.example.com/a.jpg")).toBe(false);
    expect(await deleteMediaIfUnused(null)).toBe(false);
  });
});
