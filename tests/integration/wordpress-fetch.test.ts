import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentBytes } from "~/server/wordpress/uploads.server";

// Issue 36, point 4: an export names the files to fetch; it must not reach this machine's network.
let base = "";
let hits = 0;
const server = createServer((_req, res) => {
  hits += 1;
  res.writeHead(200, { "Content-Type": "image/jpeg" }).end(Buffer.alloc(1024, 1));
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("WordPress attachments fetched from the old site", () => {
  it("are never fetched from a loopback, private, link-local or metadata address", async () => {
    const port = base.split(":")[1];
    for (const url of [
      `http://${base}/wp-content/uploads/2024/01/photo.jpg`,
      `http://localhost:${port}/photo.jpg`,
      `http://[::1]:${port}/photo.jpg`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.7/photo.jpg",
      "http://192.168.1.10/photo.jpg",
    ]) {
      expect(await attachmentBytes(url, null, null, true), url).toBeNull();
    }
    expect(hits).toBe(0);
  });
});
