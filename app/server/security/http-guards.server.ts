import { Transform, type Readable } from "node:stream";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { hasLiveSession } from "~/server/auth/session.server";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";

/**
 * Guards every request passes before React Router sees it (server/app.ts): a cap on request
 * bodies and a same-origin rule for every request that changes something.
 */

/** Forms and beacons of the public site, and every request under /admin without a session. */
export const PUBLIC_BODY_LIMIT_BYTES = 64 * 1024;
/** Signed-in back-office forms: an article's HTML can be long; still read whole, so still bounded. */
export const ADMIN_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Back-office file uploads (multipart) are not read here: the route streams them through its
 * parser with a per-file limit, after its guard. This caps the whole request all the same.
 */
export const UPLOAD_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

export const TOO_LARGE_MESSAGE = "La requête est trop volumineuse.";
export const CROSS_ORIGIN_MESSAGE = "Requête refusée : elle ne provient pas de ce site.";

/** How long the rest of a refused body is read and dropped before the connection closes. */
const LINGER_MS = 1000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "express-serve-static-core" {
  interface Locals {
    /** The request body for React Router: read whole (within its limit) or a capped stream. */
    requestBody?: Buffer | Readable;
  }
}

/**
 * Sends a back-office path spelled otherwise — `/ADMIN/users`, `/%61dmin/users` — to its canonical
 * spelling before anything answers: React Router matches routes decoded and regardless of case, so
 * such a path reaches the back office, while every rule keyed on the path (its CSP, no CORS, body
 * limits, never in the page cache) reads `/admin`. 301 for reads, 308 (same method) for the rest.
 */
export function canonicalAdminPaths(): RequestHandler {
  return (req, res, next) => {
    const [, first = "", rest = ""] = /^\/([^/]*)(.*)$/s.exec(req.path) ?? [];
    if (first === "admin" || first === "admin.data") return next();
    let canonical: string;
    try {
      // Once, as React Router decodes: '%2561dmin' stays a public path for it too.
      canonical = decodeURIComponent(first).toLowerCase();
    } catch {
      return next();
    }
    if (canonical !== "admin" && canonical !== "admin.data") return next();
    const query = req.originalUrl.indexOf("?");
    const search = query === -1 ? "" : req.originalUrl.slice(query);
    res.redirect(SAFE_METHODS.has(req.method) ? 301 : 308, `/${canonical}${rest}${search}`);
  };
}

/**
 * Reads each request body within its limit before anything else does, whatever Content-Length
 * says (chunked bodies included). Past the limit: 413, and the connection closes shortly after,
 * so the rest is never kept. The back office's larger limits are for a request carrying a live
 * session, looked up before a byte of the body is read: a signed-out page of /admin (sign-in,
 * forgotten password, code...) gets the public limit like the rest of the site, so that strangers
 * cannot make the server hold megabytes per request.
 */
export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    // Read already, by the sign-in flood's guard in front of everything (server.js).
    if (SAFE_METHODS.has(req.method) || res.locals.requestBody !== undefined) return next();
    const admin = req.path === "/admin" || req.path.startsWith("/admin/");
    if (!admin) return readWhole(req, res, next, PUBLIC_BODY_LIMIT_BYTES);
    hasLiveSession(req.headers.cookie).then((signedIn) => {
      if (!signedIn) return readWhole(req, res, next, PUBLIC_BODY_LIMIT_BYTES);
      // Multipart (uploads) is not read here: the route streams it through its parser with a
      // per-file limit, after its guard. This caps the whole request all the same.
      if (req.is("multipart/form-data") === "multipart/form-data") {
        res.locals.requestBody = capStream(req, res, UPLOAD_BODY_LIMIT_BYTES);
        return next();
      }
      readWhole(req, res, next, ADMIN_BODY_LIMIT_BYTES);
    }, next);
  };
}

function readWhole(req: Request, res: Response, next: NextFunction, limit: number) {
  if (Number(req.headers["content-length"] ?? 0) > limit) return refuseTooLarge(req, res);
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      stop();
      refuseTooLarge(req, res);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    stop();
    res.locals.requestBody = Buffer.concat(chunks, size);
    next();
  };
  const onError = (error: Error) => {
    stop();
    next(error);
  };
  const stop = () => {
    req.off("data", onData).off("end", onEnd).off("error", onError);
    req.pause();
  };
  req.on("data", onData).on("end", onEnd).on("error", onError);
}

/** A stream of the body that fails, and answers 413, once `limit` bytes have passed. */
function capStream(req: Request, res: Response, limit: number): Readable {
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size <= limit) return callback(null, chunk);
      req.unpipe(capped);
      req.pause();
      refuseTooLarge(req, res);
      callback(new Error(TOO_LARGE_MESSAGE));
    },
  });
  return req.pipe(capped);
}

function refuseTooLarge(req: Request, res: Response) {
  logger.warn({ path: req.path, clientIp: req.ip }, "request body over its limit; refused");
  if (res.headersSent) return;
  // A connection closed at once, with the client still sending, is reset, and the client may
  // never read this answer. So: answer, drop what still arrives for a moment (read and thrown
  // away, never kept), then close unless the body ended meanwhile.
  res.once("finish", () => {
    req.resume();
    setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, LINGER_MS).unref();
  });
  res
    .status(413)
    .set({ "Cache-Control": "no-store" })
    .type("text/plain; charset=utf-8")
    .send(TOO_LARGE_MESSAGE);
}

/**
 * Cross-site request forgery: a request that changes something (any method but GET, HEAD and
 * OPTIONS, resource routes included) must come from this site's own pages. Browsers say where
 * a request comes from in Sec-Fetch-Site and Origin; a request saying neither, or another site,
 * is refused with 403.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req)) return next();
    logger.warn(
      { path: req.path, origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"] },
      "cross-origin write refused",
    );
    res
      .status(403)
      .set({ "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send(CROSS_ORIGIN_MESSAGE);
  };
}

function isSameOrigin(req: Request): boolean {
  const fetchSite = req.headers["sec-fetch-site"];
  // "none": the person asked for it themselves (address bar, bookmark), no page was involved.
  if (fetchSite === "same-origin" || fetchSite === "none") return true;
  if (fetchSite) return false;
  const origin = req.headers.origin;
  if (!origin || origin === "null") return false;
  return origin === `${req.protocol}://${req.get("host")}` || origin === new URL(config.publicUrl).origin;
}
