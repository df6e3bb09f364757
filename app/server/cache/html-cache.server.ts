import { createHash } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { consentValue, parseConsent } from "~/lib/consent";
import { getPublicSettings } from "~/server/settings.server";
import { type CachedPage, getCachedPage, pageCacheGeneration, storeCachedPage } from "./page-cache.server";

/**
 * HTTP caching of the pages React Router renders (documents and their `.data` twins), as an
 * Express middleware in front of the React Router handler, so a hit skips loaders and render.
 *
 * - Public pages: `Cache-Control: public, max-age=0, must-revalidate` and a weak ETag (hash of
 *   the body), 304 on If-None-Match. Admin, auth, form posts, pages setting a cookie and visitors
 *   with a session: `private, no-store`.
 * - With settings.enable_cache on, anonymous GETs answered 200 or 404 are kept in the page cache
 *   (page-cache.server.ts), keyed by host, path+query and the visitor's consent choice (the only
 *   visitor-dependent part of an anonymous page: the banner).
 *
 * CSP nonce: a stored page holds the nonce of the render that produced it. It is stored split on
 * that nonce and re-joined with the current request's nonce on every hit, so each visitor's
 * page matches its own CSP header. The ETag hashes the body without the nonce, so it stays the
 * same across visitors; a 304 carries no CSP header, so the browser keeps the CSP stored with
 * the body it reuses (whose nonce matches that body).
 */
const PUBLIC_PAGE = "public, max-age=0, must-revalidate";
const PRIVATE = "private, no-store";
/** Never cached here: back office, APIs, media files, health checks. */
const NOT_A_PUBLIC_PAGE = /^\/(admin|api|media|healthz)(\/|\.data$|$)/;
/** Answers that must never be stored by anyone. */
const ALWAYS_PRIVATE = /^\/(admin|api\/auth)(\/|\.data$|$)/;
/** Cookies that change nothing in an anonymous page (consent is part of the key). */
const NEUTRAL_COOKIE = /^(consent|_ga\w*|_gid|_gat\w*|_gcl\w*)$/;
/** Headers never replayed from a stored page: per-request, per-visitor or recomputed. */
const NOT_STORED = new Set(["set-cookie", "content-length", "etag", "date", "x-page-cache"]);

type Chunk = string | Uint8Array;

export function htmlCaching(options: { serverCache: boolean }): RequestHandler {
  return async (req, res, next) => {
    try {
      const key = options.serverCache ? await pageCacheKey(req) : undefined;
      if (key) {
        const hit = getCachedPage(key);
        if (hit) {
          sendCached(req, res, hit);
          return;
        }
        res.setHeader("X-Page-Cache", "MISS");
      }
      captureResponse(req, res, key);
      next();
    } catch (error) {
      next(error);
    }
  };
}

async function pageCacheKey(req: Request) {
  if (req.method !== "GET" || NOT_A_PUBLIC_PAGE.test(req.path) || hasPersonalCookie(req)) return;
  if (!(await getPublicSettings()).enableCache) return;
  const consent = parseConsent(req.headers.cookie);
  return `${consent ? consentValue(consent) : "undecided"}|${req.hostname}|${req.originalUrl}`;
}

function hasPersonalCookie(req: Request) {
  const header = req.headers.cookie;
  if (!header) return false;
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .some((name) => name !== "" && !NEUTRAL_COOKIE.test(name));
}

/**
 * Holds back the body React Router writes, to hash it, answer 304, or store it; answers that
 * are not pages pass straight through (only their Cache-Control may be set).
 */
function captureResponse(req: Request, res: Response, key: string | undefined) {
  const generationAtStart = pageCacheGeneration();
  const headersBefore = new Set(res.getHeaderNames());
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let chunks: Buffer[] | undefined;
  let decided = false;

  const decide = () => {
    decided = true;
    if (req.method !== "GET" && req.method !== "HEAD") return void res.setHeader("Cache-Control", PRIVATE);
    if (ALWAYS_PRIVATE.test(req.path)) return void res.setHeader("Cache-Control", PRIVATE);
    const type = String(res.getHeader("Content-Type") ?? "");
    if (!/^text\/(html|x-script)/.test(type) || NOT_A_PUBLIC_PAGE.test(req.path)) return;
    const shareable =
      (res.statusCode === 200 || res.statusCode === 404) &&
      !res.getHeader("Set-Cookie") &&
      !hasPersonalCookie(req);
    if (!shareable) return void res.setHeader("Cache-Control", PRIVATE);
    if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", PUBLIC_PAGE);
    if (req.method === "GET") chunks = [];
  };

  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    if (!decided) decide();
    if (!chunks) return write(chunk, ...rest);
    chunks.push(toBuffer(chunk, rest[0]));
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    callback?.();
    return true;
  }) as Response["write"];

  res.end = ((...args: unknown[]) => {
    if (!decided) decide();
    if (!chunks) return end(...args);
    const [chunk, encoding] = args;
    if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk as Chunk, encoding));
    const nonce = res.locals.cspNonce as string | undefined;
    const body = Buffer.concat(chunks).toString("utf8");
    const parts = nonce ? body.split(nonce) : [body];
    const etag = entityTag(parts);

    const cacheControl = String(res.getHeader("Cache-Control"));
    if (key && !/private|no-store/.test(cacheControl)) {
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !headersBefore.has(name) && !NOT_STORED.has(name))
        .map(
          ([name, value]) =>
            [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string],
        );
      storeCachedPage(key, { status: res.statusCode, headers, parts, etag }, generationAtStart);
    }
    return reply(req, res, end, parts, etag);
  }) as Response["end"];
}

function sendCached(req: Request, res: Response, page: CachedPage) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", "HIT");
  reply(req, res, res.end.bind(res) as (...args: unknown[]) => Response, page.parts, page.etag);
}

/** Sends the body with this request's nonce, or a bodiless 304 when the visitor's copy is current. */
function reply(
  req: Request,
  res: Response,
  end: (...args: unknown[]) => Response,
  parts: string[],
  etag: string,
) {
  res.setHeader("ETag", etag);
  if (res.statusCode === 200 && matchesEntityTag(req.headers["if-none-match"], etag)) {
    res.status(304);
    for (const name of ["Content-Type", "Content-Length", "Content-Security-Policy"]) res.removeHeader(name);
    return end();
  }
  return end(parts.join((res.locals.cspNonce as string | undefined) ?? ""));
}

/**
 * If-None-Match's weak comparison (RFC 9110 §13.1.2). Not Express's req.fresh: it ignores the
 * validator whenever the request also says Cache-Control: no-cache, which fetch() adds to every
 * request given an explicit If-None-Match; the origin may still answer such a request with 304.
 */
function matchesEntityTag(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

function entityTag(parts: string[]) {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest("base64url")}"`;
}

function toBuffer(chunk: Chunk, encoding: unknown) {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk);
}
