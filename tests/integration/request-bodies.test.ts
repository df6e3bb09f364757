import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  limitRequestBodies,
  PUBLIC_BODY_LIMIT_BYTES,
  TOO_LARGE_MESSAGE,
} from "~/server/security/http-guards.server";
import { signedInAs } from "../support/signed-in";

// The guard in front of React Router (server/app.ts): what each request may send.
let base = "";
let received: { path: string; bytes: number }[] = [];
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies());
  app.use(async (req, res) => {
    const body = res.locals.requestBody;
    let bytes = 0;
    if (Buffer.isBuffer(body)) bytes = body.length;
    else if (body) for await (const chunk of body) bytes += (chunk as Buffer).length;
    received.push({ path: req.path, bytes });
    res.status(200).end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function multipart(bytes: number, cookie?: string): RequestInit {
  const form = new FormData();
  form.set("email", "x@betic.test");
  form.set("file", new Blob([Buffer.alloc(bytes, "a")]), "grand.bin");
  return { method: "POST", body: form, headers: cookie ? { Cookie: cookie } : undefined };
}

describe("request bodies under /admin", () => {
  it("gives every signed-out path the public limit, multipart included", async () => {
    received = [];
    const size = PUBLIC_BODY_LIMIT_BYTES * 3;
    for (const path of [
      "/admin/login/forgot",
      "/admin/login/reset",
      "/admin/login/code",
      "/admin/login/again",
      "/admin/login",
      "/admin/media",
      "/admin/login/forgot.data",
    ]) {
      const answer = await fetch(`${base}${path}`, multipart(size));
      expect(answer.status, path).toBe(413);
      expect(await answer.text()).toBe(TOO_LARGE_MESSAGE);
    }
    // A session cookie that names no session is no session.
    const forged = await fetch(`${base}/admin/media`, multipart(size, "betic.session_token=forged.value"));
    expect(forged.status).toBe(413);
    expect(received).toEqual([]);
  });

  it("lets a signed-in request upload, and post a long form", async () => {
    received = [];
    const { cookie } = await signedInAs("user");
    const size = 2 * 1024 * 1024;
    const upload = await fetch(`${base}/admin/media`, multipart(size, cookie));
    expect(upload.status).toBe(200);
    const form = await fetch(`${base}/admin/articles/new`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: `content=${"b".repeat(PUBLIC_BODY_LIMIT_BYTES * 4)}`,
    });
    expect(form.status).toBe(200);
    expect(received.map((row) => row.path)).toEqual(["/admin/media", "/admin/articles/new"]);
    expect(received[0]!.bytes).toBeGreaterThan(size);
  });
});
