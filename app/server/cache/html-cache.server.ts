import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { RequestHandler, Response } from "express";
import { consentValue, parseConsent } from "~/lib/consent";
import { startScriptsAfterFirstPaint } from "~/server/http/page-scripts.server";
import { logger } from "~/server/logger.server";
import { getPublicSettings } from "~/server/settings.server";
import {
  type CachedPage,
  type ContentCoding,
  getCachedPage,
  pageCacheGeneration,
  storeCachedPage,
} from "./page-cache.server";
import { type EndRender, renderInProgress, type SharedRender, startRender } from "./shared-renders.server";

/**
 * HTTP caching of the pages React Router renders (documents and their `.data` twins).
 *
 * - Public pages: `Cache-Control: public, max-age=0, must-revalidate` and a weak ETag (hash of
 *   the body), 304 on If-None-Match. Admin, auth, form posts, pages setting a cookie and visitors
 *   with a session: `private, no-store`.
 * - A public page's body is the same for every visitor: React Router and React mark their inline
 *   scripts with the render's nonce, and before the page leaves the server those scripts are
 *   hashed into its Content-Security-Policy and the nonce removed (`hashInlineScripts`). Only
 *   scripts of that render can carry that nonce, so an injected inline script stays blocked.
 * - With settings.enable_cache on, anonymous GETs answered 200 or 404 are kept in the page cache
 *   (page-cache.server.ts) as final bytes, brotli, gzip and identity, each with its headers,
 *   keyed by host, path+query and the visitor's consent choice (the only visitor-dependent part
 *   of an anonymous page: the banner). `serveCachedPage` answers a hit before Express runs: no
 *   rendering, no stamping, no compressing.
 * - HEAD is answered like GET (rendered as GET, sent without its body): the same headers.
 */
const PUBLIC_PAGE = "public, max-age=0, must-revalidate";
const PRIVATE = "private, no-store";
/** Never cached here: back office, APIs, media files, health checks. */
const NOT_A_PUBLIC_PAGE = /^\/(admin|api|media|healthz|readyz)(\/|\.data$|$)/;
/** Answers that must never be stored by anyone. */
const ALWAYS_PRIVATE = /^\/(admin|api\/auth)(\/|\.data$|$)/;
/** Cookies that change nothing in an anonymous page (consent is part of the key). */
const NEUTRAL_COOKIE = /^(consent|_ga\w*|_gid|_gat\w*|_gcl\w*)$/;
/** Headers that are set per answer, never kept from a render. */
const PER_ANSWER = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "date",
  "vary",
  "x-page-cache",
]);
/** Fast for a page's first visitor (the store's bytes are sent thousands of times after). */
const BROTLI_QUALITY = 5;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Chunk = string | Uint8Array;

/**
 * A page request whose answer is the same for every anonymous visitor with this consent choice:
 * GET or HEAD, outside the back office and the APIs, with no cookie of its own (a session, a
 * toast). Returns the key such an answer is kept under, or undefined.
 */
function publicPageKey(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const url = req.url ?? "/";
  if (NOT_A_PUBLIC_PAGE.test(url.split("?", 1)[0]!) || hasPersonalCookie(req)) return;
  const consent = parseConsent(req.headers.cookie);
  return `${consent ? consentValue(consent) : "undecided"}|${req.headers.host ?? ""}|${url}`;
}

function hasPersonalCookie(req: IncomingMessage) {
  const header = req.headers.cookie;
  if (!header) return false;
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .some((name) => name !== "" && !NEUTRAL_COOKIE.test(name));
}

/**
 * Answers before Express (process entry: server.js) when the page cache holds this request's page,
 * or when the same page is being rendered for another request: then the request waits for that
 * render and gets its page, or goes through the app (`render`) if it ends without one. False when
 * neither applies: the request goes through the app at once. A hit costs a lookup and a write.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
  const key = publicPageKey(req);
  if (key === undefined) return false;
  const page = getCachedPage(key);
  if (page) {
    send(req, res, page, "HIT");
    return true;
  }
  const inProgress = renderInProgress(key);
  if (!inProgress) return false;
  answerFromRender(req, res, inProgress).then(
    (answered) => answered || render(),
    (error: unknown) => {
      logger.error({ err: error }, "could not send a shared page");
      render();
    },
  );
  return true;
}

/** Requests that waited for another's render once: they never wait again (no chain of failures). */
const waited = new WeakSet<IncomingMessage>();

/** Waits for a render in progress and sends its page; false when it ended without one. */
async function answerFromRender(
  req: IncomingMessage,
  res: ServerResponse,
  inProgress: Promise<SharedRender | undefined>,
): Promise<boolean> {
  waited.add(req);
  const shared = await inProgress;
  if (!shared) return false;
  send(req, res, await shared(preferredCoding(req.headers["accept-encoding"])), "SHARED");
  return true;
}

/**
 * The Express side: marks misses, renders HEAD as GET, sends public pages through `finish`, and
 * announces the render of a shareable page (shared-renders.server.ts) for identical requests to
 * wait for; one that arrived before it was announced waits here.
 */
export function htmlCaching(options: { serverCache: boolean }): RequestHandler {
  return async (req, res, next) => {
    let endShared: EndRender | undefined;
    try {
      const key = publicPageKey(req);
      // Rendered whole either way; Node leaves the body out of a HEAD answer.
      if (key !== undefined) req.method = "GET";
      const inProgress = key === undefined || waited.has(req) ? undefined : renderInProgress(key);
      if (inProgress && (await answerFromRender(req, res, inProgress))) return;
      // Announced before the settings read below, so that a request arriving meanwhile waits too.
      // A request whose wait ended without a page renders on its own, unannounced. A connection
      // already closed may never see its render end (React Router drops the answer).
      if (key !== undefined && !inProgress && !res.closed) {
        const end = (endShared = startRender(key));
        res.once("close", () => end(undefined));
        // A page whose data is all in memory renders without waiting for anything: it would end
        // before Node reads the identical requests already received, and each would render in
        // turn. One turn of the event loop lets them in first, to wait for this render.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const storeAs =
        key !== undefined && options.serverCache && (await getPublicSettings()).enableCache ? key : undefined;
      if (storeAs !== undefined) res.setHeader("X-Page-Cache", "MISS");
      captureResponse(req.path, res, key !== undefined, storeAs, endShared);
      next();
    } catch (error) {
      endShared?.(undefined);
      next(error);
    }
  };
}

/**
 * Holds back the body React Router writes when it is a shareable public page, to finish it (hashes,
 * ETag, compression), maybe store it, and hand it to the identical requests that waited for it
 * (`endShared`); other answers pass straight through (only their Cache-Control may be set).
 */
function captureResponse(
  path: string,
  res: Response,
  publicPage: boolean,
  storeAs: string | undefined,
  endShared: EndRender | undefined,
) {
  const generationAtStart = pageCacheGeneration();
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let chunks: Buffer[] | undefined;
  let decided = false;

  const decide = () => {
    decided = true;
    const method = res.req.method;
    if ((method !== "GET" && method !== "HEAD") || ALWAYS_PRIVATE.test(path)) {
      return void res.setHeader("Cache-Control", PRIVATE);
    }
    const type = String(res.getHeader("Content-Type") ?? "");
    if (!/^text\/(html|x-script)/.test(type) || NOT_A_PUBLIC_PAGE.test(path)) return;
    const shareable =
      publicPage && (res.statusCode === 200 || res.statusCode === 404) && !res.getHeader("Set-Cookie");
    if (!shareable) return void res.setHeader("Cache-Control", PRIVATE);
    if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", PUBLIC_PAGE);
    chunks = [];
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
    if (!chunks) {
      endShared?.(undefined);
      return end(...args);
    }
    const [chunk, encoding] = args;
    if (chunk !== undefined && typeof chunk !== "function") chunks.push(toBuffer(chunk as Chunk, encoding));
    // The same for every visitor unless the route said otherwise: then neither kept nor shared.
    const forEveryone = !/private|no-store/.test(String(res.getHeader("Cache-Control")));
    const store = storeAs !== undefined && forEveryone;
    const failed = (error: unknown) => {
      logger.error({ err: error }, "could not finish a page");
      res.statusCode = 500;
      end();
    };
    let page: SharedRender;
    try {
      page = encodings(finish(res, Buffer.concat(chunks)));
    } catch (error) {
      endShared?.(undefined);
      failed(error);
      return res;
    }
    endShared?.(forEveryone ? page : undefined);
    page(store ? "all" : preferredCoding(res.req.headers["accept-encoding"])).then((finished) => {
      if (store) storeCachedPage(storeAs, finished, generationAtStart);
      res.end = end as Response["end"];
      send(res.req, res, finished, storeAs === undefined ? undefined : "MISS");
    }, failed);
    return res;
  }) as Response["end"];
}

/** A rendered page as it leaves the server, before compression. */
type FinishedPage = { status: number; etag: string; headers: OutgoingHttpHeaders; body: Buffer };

/** The page as it leaves the server: its inline scripts hashed into the CSP (HTML only), its ETag. */
function finish(res: Response, rendered: Buffer): FinishedPage {
  let body = rendered;
  const nonce = res.locals.cspNonce as string | undefined;
  const policyWithHashes = res.locals.cspWithHashes as ((hashes: string[]) => string) | undefined;
  if (nonce && policyWithHashes && /^text\/html/.test(String(res.getHeader("Content-Type")))) {
    const page = hashInlineScripts(startScriptsAfterFirstPaint(body.toString("utf8"), nonce), nonce);
    body = Buffer.from(page.html, "utf8");
    res.setHeader("Content-Security-Policy", policyWithHashes(page.hashes));
  }
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!PER_ANSWER.has(name) && value !== undefined) headers[name] = value;
  }
  return { status: res.statusCode, etag: entityTag(body), headers, body };
}

/**
 * A finished page's compressed bodies, made when first asked for and kept for the next asker:
 * all three codings when it is to be stored, else the one needed (a stored page serves any).
 */
function encodings(page: FinishedPage): SharedRender {
  const made = new Map<ContentCoding | "all", Promise<CachedPage>>();
  return (codings) => {
    let encoded = made.get("all") ?? made.get(codings);
    if (!encoded) {
      encoded = compress(page, codings);
      made.set(codings, encoded);
    }
    return encoded;
  };
}

async function compress(page: FinishedPage, codings: ContentCoding | "all"): Promise<CachedPage> {
  const { body, etag, headers } = page;
  const wanted = (coding: ContentCoding) => codings === "all" || codings === coding;
  const [br, gz] = await Promise.all([
    wanted("br")
      ? brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : undefined,
    wanted("gzip") ? gzipAsync(body) : undefined,
  ]);
  const answer = (coding: ContentCoding, bytes: Buffer) => ({
    headers: {
      ...headers,
      ETag: etag,
      Vary: "Accept-Encoding",
      ...(coding === "identity" ? {} : { "Content-Encoding": coding }),
      "Content-Length": String(bytes.length),
    },
    body: bytes,
  });
  // A coding that was not needed answers with the identity body.
  const identity = answer("identity", body);
  return {
    status: page.status,
    etag,
    answers: {
      br: br ? answer("br", br) : identity,
      gzip: gz ? answer("gzip", gz) : identity,
      identity,
    },
    notModified: {
      ETag: etag,
      Vary: "Accept-Encoding",
      ...(headers["cache-control"] ? { "Cache-Control": headers["cache-control"] } : {}),
    },
  };
}

/** Sends a finished page, or a bodiless 304 when the visitor's copy is current. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  cacheState?: "HIT" | "MISS" | "SHARED",
) {
  const state = cacheState ? { "X-Page-Cache": cacheState } : {};
  if (page.status === 200 && matchesEntityTag(req.headers["if-none-match"], page.etag)) {
    for (const name of ["Content-Type", "Content-Security-Policy"]) res.removeHeader(name);
    res.writeHead(304, { ...page.notModified, ...state });
    res.end();
    return;
  }
  const answer = page.answers[preferredCoding(req.headers["accept-encoding"])];
  res.writeHead(page.status, { ...answer.headers, ...state });
  res.end(answer.body);
}

/**
 * Hashes the inline scripts that carry this render's nonce (React Router's and React's: only they
 * can know it) for the CSP, and removes the nonce from the page, which becomes the same for every
 * visitor. An inline script without the nonce (injected through content) gets no hash: blocked.
 */
export function hashInlineScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes, source] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!attributes!.includes(attribute) || /\ssrc=/i.test(attributes!)) continue;
    // Browsers hash the script's text as parsed: line breaks normalised to \n.
    const text = source!.replace(/\r\n?/g, "\n");
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}

/** Accept-Encoding values seen, with their coding: browsers send a handful of distinct ones. */
const codingByHeader = new Map<string, ContentCoding>();

/**
 * The coding to answer with: brotli, else gzip, else none (q=0 refuses one). Asked for every
 * answer, so each distinct header is parsed once (the memo is emptied past 64 of them).
 */
function preferredCoding(header: string | string[] | undefined): ContentCoding {
  if (!header) return "identity";
  const value = String(header);
  let coding = codingByHeader.get(value);
  if (!coding) {
    if (codingByHeader.size >= 64) codingByHeader.clear();
    coding = parseAcceptEncoding(value);
    codingByHeader.set(value, coding);
  }
  return coding;
}

function parseAcceptEncoding(header: string): ContentCoding {
  const accepted = new Set<string>();
  for (const item of header.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
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

function entityTag(body: Buffer) {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function toBuffer(chunk: Chunk, encoding: unknown) {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk);
}
