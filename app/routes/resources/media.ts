import { Readable } from "node:stream";
import type { Route } from "./+types/media";
import { renderMissingVariant } from "~/server/media/stored-variants.server";
import { isValidKey, storage } from "~/server/media/storage.server";

// Keys are content-hashed: a URL always names the same bytes, so caches may keep them for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Streams a stored media file (local directory or S3 bucket) by its key. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isValidKey(key)) return notFound();

  // A variant of a fresh upload may still be queued: it is made now, once, from its canonical file.
  const object =
    (await storage().get(key)) ?? ((await renderMissingVariant(key)) ? await storage().get(key) : null);
  if (!object) return notFound();

  const headers = new Headers({
    "Content-Type": object.contentType,
    "Cache-Control": IMMUTABLE,
    ETag: object.etag,
  });
  // An uploaded SVG opened directly must not run anything on our origin.
  if (object.contentType === "image/svg+xml") {
    headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }

  if (request.headers.get("If-None-Match") === object.etag) {
    object.body.destroy();
    return new Response(null, { status: 304, headers });
  }
  if (object.size !== undefined) headers.set("Content-Length", String(object.size));
  if (request.method === "HEAD") {
    object.body.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { headers });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
