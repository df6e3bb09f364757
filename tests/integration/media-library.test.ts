import { useTemporaryMediaStorage, type TemporaryMediaStorage } from "../support/media-storage";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ListPage } from "~/lib/list-query";
import type { MediaAsset, UploadAnswer } from "~/lib/admin/media";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/api/media";
import { db } from "~/server/db/client.server";
import { auditLog, blogArticles, mediaAssets } from "~/server/db/schema";
import { keyFromMediaUrl } from "~/server/media/storage.server";
import { signedInAs } from "../support/signed-in";

let media: TemporaryMediaStorage;
let editor: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  media = await useTemporaryMediaStorage("library-test");
  // Content staff hold the `user` role: everything here must work for them.
  editor = await signedInAs("user");
});

afterAll(async () => {
  await media.release();
});

beforeEach(async () => {
  await db().execute(sql`truncate media_assets, blog_articles, audit_log cascade`);
});

const context = { clientIp: "203.0.113.9" } as never;

/** A photo as a phone writes it, with the GPS position of a house in Limoges. */
async function photoWithGps() {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: "#c83c28" } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "X1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "45/1 49/1 3012/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "1/1 15/1 4200/100",
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function uploadRequest(file: Blob, name: string, { kind, alt }: { kind?: string; alt?: string } = {}) {
  const body = new FormData();
  body.set("intent", "upload");
  if (alt) body.set("alt", alt);
  body.set("file", file, name);
  return editor.request(`/admin/api/media${kind ? `?kind=${kind}` : ""}`, { method: "POST", body });
}

async function upload(request: Request) {
  const response = (await mediaAction({ request, context, params: {} } as never)) as {
    data: UploadAnswer;
    init: ResponseInit | null;
  };
  return { status: response.init?.status ?? 200, answer: response.data };
}

async function readStored(url: string) {
  const object = await media.driver.get(keyFromMediaUrl(url)!);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A multipart body that keeps coming: the part headers, then `total` bytes of JPEG-looking data,
 * produced only as the reader pulls. `pulled()` says how much was read.
 */
function endlessUpload(total: number, headers: Record<string, string> = {}) {
  const boundary = "----betic-test-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const chunk = new Uint8Array(64 * 1024).fill(0xff);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= total) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const request = editor.request("/admin/api/media", {
    method: "POST",
    body,
    duplex: "half",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  return { request, pulled: () => sent };
}

describe("POST /admin/api/media (uploads)", () => {
  it("stores a JPEG without its GPS position or camera, and records it in the library", async () => {
    const input = await photoWithGps();
    expect((await sharp(input).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");

    const { status, answer } = await upload(
      uploadRequest(new Blob([new Uint8Array(input)], { type: "image/jpeg" }), "maison.jpg", {
        alt: "Tableau électrique neuf",
      }),
    );
    expect(status).toBe(201);
    if (!("asset" in answer)) throw new Error(JSON.stringify(answer));
    expect(answer.asset).toMatchObject({
      originalName: "maison.jpg",
      mimeType: "image/jpeg",
      sizeBytes: input.length,
      width: 1200,
      height: 800,
      altText: "Tableau électrique neuf",
    });
    expect(answer.asset.url).toMatch(/^\/media\/images\/[a-f0-9]{24}-1200x800\.webp$/);

    const served = await sharp(await readStored(answer.asset.url)).metadata();
    expect(served.format).toBe("webp");
    expect(served.exif).toBeUndefined();
    expect((await readStored(answer.asset.url)).toString("latin1")).not.toContain("PhoneMaker");

    const [row] = await db().select().from(mediaAssets).where(eq(mediaAssets.id, answer.asset.id));
    expect(row!.uploadedBy).toBe(editor.user.id);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, answer.asset.id));
    expect(audit).toMatchObject([{ action: "upload", entityType: "media_assets", actorId: editor.user.id }]);
  });

  it("keeps one library entry when the same picture is sent twice", async () => {
    const input = new Blob([new Uint8Array(await photoWithGps())], { type: "image/jpeg" });
    const first = await upload(uploadRequest(input, "a.jpg"));
    const second = await upload(uploadRequest(input, "b.jpg", { alt: "Texte ajouté" }));
    expect(second.status).toBe(201);
    const ids = [first.answer, second.answer].map((a) => ("asset" in a ? a.asset.id : null));
    expect(ids[0]).toBe(ids[1]);
    expect(await db().$count(mediaAssets)).toBe(1);
    expect("asset" in second.answer && second.answer.asset.altText).toBe("Texte ajouté");
  });

  it("refuses a PHP script renamed .jpg, by its content, in French", async () => {
    const php = new Blob(["<?php system($_GET['c']); ?>"], { type: "image/jpeg" });
    const { status, answer } = await upload(uploadRequest(php, "photo.jpg"));
    expect(status).toBe(415);
    expect(answer).toEqual({
      error: { title: "Type de fichier invalide", description: "Veuillez sélectionner une image" },
    });
    expect(await db().$count(mediaAssets)).toBe(0);
  });

  it("refuses a body over the limit while it streams, without reading it all", async () => {
    const total = 200 * 1024 * 1024;
    const { request, pulled } = endlessUpload(total);
    const { status, answer } = await upload(request);
    expect(status).toBe(413);
    expect(answer).toEqual({
      error: { title: "Image trop volumineuse", description: "L'image ne doit pas dépasser 20MB" },
    });
    // Stopped just past the 20 MB limit: the other 180 MB were never pulled.
    expect(pulled()).toBeGreaterThan(20 * 1024 * 1024);
    expect(pulled()).toBeLessThan(22 * 1024 * 1024);
  });

  it("refuses a body announced over the limit before reading any of it", async () => {
    const { request, pulled } = endlessUpload(30 * 1024 * 1024, {
      "Content-Length": String(30 * 1024 * 1024),
    });
    const { status } = await upload(request);
    expect(status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("holds icons to 2 MB", async () => {
    const { request } = endlessUpload(3 * 1024 * 1024);
    const iconRequest = new Request(request.url + "?kind=icon", {
      method: "POST",
      headers: request.headers,
      body: request.body,
      duplex: "half",
    } as RequestInit);
    const { status, answer } = await upload(iconRequest);
    expect(status).toBe(413);
    expect(answer).toEqual({
      error: { title: "Image trop volumineuse", description: "L'image ne doit pas dépasser 2MB" },
    });
  });

  it("sends an anonymous upload to sign-in without reading its body", async () => {
    const { request, pulled } = endlessUpload(1024 * 1024);
    const anonymous = new Request(request.url, {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type")! },
      body: request.body,
      duplex: "half",
    } as RequestInit);
    const thrown = await mediaAction({ request: anonymous, context, params: {} } as never).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(pulled()).toBe(0);
    expect(await db().$count(mediaAssets)).toBe(0);
  });
});

describe("the library", () => {
  async function uploaded(name: string, color: string, alt?: string) {
    const input = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
      .png()
      .toBuffer();
    const { answer } = await upload(uploadRequest(new Blob([new Uint8Array(input)]), name, { alt }));
    if (!("asset" in answer)) throw new Error(JSON.stringify(answer));
    return answer.asset;
  }

  async function list(search: string) {
    const response = (await mediaLoader({
      request: editor.request(`/admin/api/media${search}`),
      context,
      params: {},
    } as never)) as { data: ListPage<MediaAsset> };
    return response.data;
  }

  async function remove(id: string) {
    const body = new URLSearchParams({ intent: "delete", id });
    return upload(editor.request("/admin/api/media", { method: "POST", body }));
  }

  it("lists newest first and searches file names and alt texts", async () => {
    await uploaded("facade.png", "#111111");
    await uploaded("compteur.png", "#222222", "Compteur Linky posé");
    await uploaded("tableau.png", "#333333");
    expect((await list("")).items.map((a) => a.originalName)).toEqual([
      "tableau.png",
      "compteur.png",
      "facade.png",
    ]);
    expect((await list("?q=linky")).items.map((a) => a.originalName)).toEqual(["compteur.png"]);
    expect((await list("?q=FACADE")).total).toBe(1);
    expect((await list("?q=100%25")).total).toBe(0);
  });

  it("refuses to delete an image an article uses, saying where; deletes it once unused", async () => {
    const asset = await uploaded("chantier.png", "#445566");
    await db()
      .insert(blogArticles)
      .values({
        title: "Rénovation à Limoges",
        slug: "renovation-limoges",
        content: `<p><img src="${asset.url.replace(".webp", "-320.webp")}" alt=""></p>`,
      });

    const refused = await remove(asset.id);
    expect(refused.status).toBe(409);
    expect(refused.answer).toMatchObject({
      error: {
        title: "Impossible de supprimer",
        description: expect.stringContaining("« Rénovation à Limoges »"),
      },
    });
    expect(await media.driver.exists(keyFromMediaUrl(asset.url)!)).toBe(true);

    await db().delete(blogArticles);
    expect((await remove(asset.id)).status).toBe(200);
    expect(await db().$count(mediaAssets)).toBe(0);
    expect(await media.driver.exists(keyFromMediaUrl(asset.url)!)).toBe(false);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, asset.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["delete", "upload"]);
  });
});
