import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as mediaLoader } from "~/routes/resources/media";
import { storeImage } from "~/server/media/images.server";
import { mediaKeysOf } from "~/server/media/stored-variants.server";
import { s3Driver, setStorageDriver, type StorageDriver } from "~/server/media/storage.server";

/*
 * The S3 driver against a small in-process S3 endpoint (path-style PUT/GET/HEAD/DELETE), which
 * is what MinIO, Garage or a cloud bucket answer to these calls.
 */
type StoredObject = { body: Buffer; contentType: string; cacheControl?: string };
const objects = new Map<string, StoredObject>();
const seen: string[] = [];
let server: Server;
let driver: StorageDriver;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = decodeURIComponent(new URL(req.url!, "http://x").pathname);
    seen.push(
      `${req.method} ${path} ${req.headers.authorization?.startsWith("AWS4-HMAC-SHA256") ? "signed" : "unsigned"}`,
    );
    const object = objects.get(path);
    const missing = () => {
      res.writeHead(404, { "Content-Type": "application/xml" });
      res.end(
        req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>",
      );
    };
    switch (req.method) {
      case "PUT":
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers["content-type"]),
          cacheControl: req.headers["cache-control"],
        });
        res.writeHead(200, { ETag: '"put"' }).end();
        return;
      case "GET":
      case "HEAD":
        if (!object) return missing();
        res.writeHead(200, {
          "Content-Type": object.contentType,
          "Content-Length": object.body.length,
          ETag: `"${object.body.length}"`,
        });
        res.end(req.method === "GET" ? object.body : undefined);
        return;
      case "DELETE":
        objects.delete(path);
        res.writeHead(204).end();
        return;
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  driver = s3Driver({
    bucket: "betic-media",
    region: "fr-par",
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
    forcePathStyle: true,
  });
  setStorageDriver(driver);
});

afterAll(async () => {
  setStorageDriver();
  await new Promise((resolve) => server.close(resolve));
});

async function readAll(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("S3-compatible storage driver", () => {
  it("puts objects with their type and a year of cache, reads them back as streams", async () => {
    await driver.put("images/a.webp", Buffer.from("webp bytes"), "image/webp");
    expect(objects.get("/betic-media/images/a.webp")).toMatchObject({
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(seen.at(-1)).toBe("PUT /betic-media/images/a.webp signed");

    const object = await driver.get("images/a.webp");
    expect(object).toMatchObject({ contentType: "image/webp", size: 10, etag: '"10"' });
    expect((await readAll(object!.body)).toString()).toBe("webp bytes");
    expect(await driver.exists("images/a.webp")).toBe(true);
  });

  it("reports missing objects as absent, not as errors", async () => {
    expect(await driver.get("images/none.webp")).toBeNull();
    expect(await driver.exists("images/none.webp")).toBe(false);
  });

  it("deletes", async () => {
    await driver.put("images/b.webp", Buffer.from("x"), "image/webp");
    await driver.delete("images/b.webp");
    expect(await driver.exists("images/b.webp")).toBe(false);
  });

  it("refuses unsafe keys before any request", async () => {
    const before = seen.length;
    await expect(driver.put("../x", Buffer.from("x"), "image/png")).rejects.toThrow(/Invalid media key/);
    expect(seen.length).toBe(before);
  });

  it("never serves the backups kept in the same bucket at /media", async () => {
    const archive = "backups/betic-2026-11-29t030000.000z.tar.gz.age";
    objects.set(`/betic-media/${archive}`, {
      body: Buffer.from("archive"),
      contentType: "application/octet-stream",
    });
    const before = seen.length;
    for (const key of [archive, "backups/", "backups/x.webp"]) {
      const response = (await mediaLoader({
        params: { "*": key },
        request: new Request(`http://localhost/media/${key}`),
      } as unknown as Parameters<typeof mediaLoader>[0])) as Response;
      expect(response.status, key).toBe(404);
    }
    expect(seen.length).toBe(before);
  });

  it("carries the whole image pipeline", async () => {
    const stored = await storeImage(
      await sharp({ create: { width: 800, height: 450, channels: 3, background: "#b91c1c" } })
        .png()
        .toBuffer(),
    );
    for (const key of mediaKeysOf(stored.url)) expect(objects.has(`/betic-media/${key}`), key).toBe(true);
  });
});
