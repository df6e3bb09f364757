import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import { consentValue, parseConsent } from "~/lib/consent";
import { logger } from "~/server/logger.server";
import { mayReadPublicSite } from "~/server/security/cors.server";
import { getPublicSettings } from "~/server/settings.server";
import {
  encodings,
  entityTag,
  type FinishedPage,
  preferredCoding,
  sendPage,
} from "./http-negotiation.server";
import {
  type CachedPage,
  getCachedPage,
  pageCacheGeneration,
  pageServedWithoutRender,
  storeCachedPage,
} from "./page-cache.server";
import { keptAddress, keptPageParameters, knownPageParameters } from "./page-query.server";
import { type EndRender, renderInProgress, type SharedRender, startRender } from "./shared-renders.server";

/**
 * HTTP caching of the pages React Router renders (documents and their `.data` twins); the
 * negotiation of a finished page (ETag/304, compression) is in http-negotiation.server.ts.
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
 *   keyed by host, path and the query parameters pages read, and the visitor's consent choice (the only visitor-dependent part
 *   of an anonymous page: the banner). `serveCachedPage` answers a hit before Express runs: no
 *   rendering, no stamping, no compressing. A page rendered while a read fell back (an empty list,
 *   the default settings: `readFellBack`) is sent, not kept.
 * - HEAD is answered like GET (rendered as GET, sent without its body): the same headers.
 */
const PUBLIC_PAGE = "public, max-age=0, must-revalidate";
const PRIVATE = "private, no-store";
/**
 * Never cached here: back office, APIs, media files, health checks, and React Router's route
 * discovery (its `version` and `paths` parameters are the answer's whole key).
 */
const NOT_A_PUBLIC_PAGE = /^\/(admin|api|media|healthz|readyz|__manifest)(\/|\.data$|$)/;
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
  // The filling request's Origin: each answer gets its own (sendWithCors).
  "access-control-allow-origin",
]);

type Chunk = string | Uint8Array;

/**
 * A page request whose answer is the same for every anonymous visitor with this consent choice:
 * GET or HEAD, outside the back office and the APIs, with no cookie of its own (a session, a
 * toast). Returns the key such an answer is kept under, or undefined. Such a request loses the
 * query parameters no page reads (`kept`, page-query.server.ts) from its address, for the key and
 * for the render alike: `/?utm_source=x` and `/?x=2` get the page of `/`, one entry, one render.
 */
function publicPageKey(req: IncomingMessage, kept: (name: string) => boolean): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  if (!isPublicPagePath(query === -1 ? url : url.slice(0, query)) || hasPersonalCookie(req)) return;
  req.url = keptAddress(url, kept);
  const consent = parseConsent(req.headers.cookie);
  return `${consent ? consentValue(consent) : "undecided"}|${req.headers.host ?? ""}|${req.url}`;
}

/** Read as React Router matches routes, decoded once and regardless of case: `/%61dmin` is the back office. */
function isPublicPagePath(path: string) {
  try {
    return !NOT_A_PUBLIC_PAGE.test((path.includes("%") ? decodeURIComponent(path) : path).toLowerCase());
  } catch {
    return false;
  }
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
 * Answers a page-cache hit, first thing for a request (process entry: server.js): returns the
 * status sent (200, 304, 404), or 0 when the page cache does not hold the request's page, or
 * when the request has an Origin (its CORS header is looked up: `serveCachedPage`). A hit costs
 * the key, a lookup and one write of bytes and headers made when the page was stored.
 */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse): number {
  if (req.headers.origin !== undefined) return 0;
  const kept = knownPageParameters();
  if (!kept) return 0;
  const key = publicPageKey(req, kept);
  const page = key === undefined ? undefined : getCachedPage(key);
  if (!page) return 0;
  pageServedWithoutRender(req.url!);
  // Its headers went out once already, with the answer that stored it: they are valid.
  return sendPage(req, res, page, "HIT");
}

/**
 * Answers before Express (process entry: server.js) when the page cache holds this request's page
 * (a request with an Origin: `sendCachedPage` answers the others), or when the same page is being
 * rendered for another request: then the request waits for that render and gets its page, or
 * goes through the app (`render`) if it ends without one. False when neither applies: the request
 * goes through the app at once.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse, render: () => void): boolean {
  // Not read yet (since the start, or a change of the redirects): Express reads it first.
  const kept = knownPageParameters();
  if (!kept) return false;
  const key = publicPageKey(req, kept);
  if (key === undefined) return false;
  const page = getCachedPage(key);
  if (page) {
    pageServedWithoutRender(req.url!);
    sendWithCors(req, res, page, "HIT").catch((error: unknown) => {
      logger.error({ err: error }, "could not send a cached page");
      res.destroy();
    });
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
  pageServedWithoutRender(req.url!);
  await sendWithCors(req, res, await shared(preferredCoding(req.headers["accept-encoding"])), "SHARED");
  return true;
}

/**
 * Sends a page made for another request with this request's CORS header (decision 006): the page
 * keeps none. Synchronous without an Origin header, as most requests come.
 */
async function sendWithCors(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: "HIT" | "SHARED",
) {
  const origin = req.headers.origin;
  if (origin && (await mayReadPublicSite(origin))) res.setHeader("Access-Control-Allow-Origin", origin);
  sendPage(req, res, page, state);
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
      const key = publicPageKey(req, await keptPageParameters());
      if (key !== undefined) {
        // React Router reads the address from originalUrl, which Express took before.
        req.originalUrl = req.url;
        // Rendered whole either way; Node leaves the body out of a HEAD answer.
        req.method = "GET";
      }
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
      sendPage(res.req, res, finished, storeAs === undefined ? undefined : "MISS");
    }, failed);
    return res;
  }) as Response["end"];
}

/** The page as it leaves the server: its inline scripts hashed into the CSP (HTML only), its ETag. */
function finish(res: Response, rendered: Buffer): FinishedPage {
  let body = rendered;
  const nonce = res.locals.cspNonce as string | undefined;
  const policyWithHashes = res.locals.cspWithHashes as ((hashes: string[]) => string) | undefined;
  if (nonce && policyWithHashes && /^text\/html/.test(String(res.getHeader("Content-Type")))) {
    const page = hashInlineScripts(body.toString("utf8"), nonce);
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

function toBuffer(chunk: Chunk, encoding: unknown) {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return Buffer.from(chunk);
}
