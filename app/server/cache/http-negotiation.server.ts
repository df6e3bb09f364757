import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { CachedPage, ContentCoding, HeaderBlock } from "./page-cache.server";
import type { SharedRender } from "./shared-renders.server";

/**
 * HTTP negotiation of a finished page (html-cache.server.ts makes the page): its ETag and the
 * 304 answer to a current copy, the content coding the visitor accepts (brotli, gzip or none),
 * and the compressed bodies, each made once.
 */

/** Fast for a page's first visitor (the store's bytes are sent thousands of times after). */
const BROTLI_QUALITY = 5;

/**
 * What a page's answer depends on besides its URL: the coding, and the CORS header, which the
 * serving path sets for each request's Origin (html-cache.server.ts).
 */
const VARY = "Accept-Encoding, Origin";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page as it leaves the server, before compression. */
export type FinishedPage = { status: number; etag: string; headers: OutgoingHttpHeaders; body: Buffer };

/**
 * A finished page's compressed bodies, made when first asked for and kept for the next asker:
 * all three codings when it is to be stored, else the one needed (a stored page serves any).
 */
export function encodings(page: FinishedPage): SharedRender {
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
  const kept = headerBlock(headers);
  const answer = (coding: ContentCoding, bytes: Buffer) => ({
    headers: [
      ...kept,
      "ETag",
      etag,
      "Vary",
      VARY,
      ...(coding === "identity" ? [] : ["Content-Encoding", coding]),
      "Content-Length",
      String(bytes.length),
      ...HIT,
    ],
    body: bytes,
  });
  // A coding that was not needed answers with the identity body.
  const identity = answer("identity", body);
  const cacheControl = headers["cache-control"];
  return {
    status: page.status,
    etag,
    answers: {
      br: br ? answer("br", br) : identity,
      gzip: gz ? answer("gzip", gz) : identity,
      identity,
    },
    notModified: [
      "ETag",
      etag,
      "Vary",
      VARY,
      ...(cacheControl ? ["Cache-Control", String(cacheControl)] : []),
      ...HIT,
    ],
  };
}

const HIT = ["X-Page-Cache", "HIT"];

/** Headers as a header block; a list is joined (Set-Cookie, which may not be, is never kept). */
function headerBlock(headers: OutgoingHttpHeaders): HeaderBlock {
  const block: HeaderBlock = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) block.push(name, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return block;
}

/**
 * Sends a finished page, or a bodiless 304 when the visitor's copy is current; says which. A
 * hit writes the header block made with the page as it is (nothing is built per request);
 * another answer copies it with its own X-Page-Cache, or none.
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  cacheState?: "HIT" | "MISS" | "SHARED",
): number {
  if (page.status === 200 && matchesEntityTag(req.headers["if-none-match"], page.etag)) {
    // Set by the app on a page it rendered: a 304 has no body to type or to police.
    if (cacheState !== "HIT")
      for (const name of ["Content-Type", "Content-Security-Policy"]) res.removeHeader(name);
    res.writeHead(304, withCacheState(page.notModified, cacheState));
    res.end();
    return 304;
  }
  const answer = page.answers[preferredCoding(req.headers["accept-encoding"])];
  res.writeHead(page.status, withCacheState(answer.headers, cacheState));
  res.end(answer.body);
  return page.status;
}

/** A page's header block, which ends with X-Page-Cache: HIT, for an answer in another state. */
function withCacheState(block: HeaderBlock, cacheState: "HIT" | "MISS" | "SHARED" | undefined) {
  if (cacheState === "HIT") return block;
  const head = block.slice(0, -HIT.length);
  if (cacheState) head.push("X-Page-Cache", cacheState);
  return head;
}

/** Accept-Encoding values seen, with their coding: browsers send a handful of distinct ones. */
const codingByHeader = new Map<string, ContentCoding>();

/**
 * The coding to answer with: brotli, else gzip, else none (q=0 refuses one). Asked for every
 * answer, so each distinct header is parsed once (the memo is emptied past 64 of them).
 */
export function preferredCoding(header: string | string[] | undefined): ContentCoding {
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

export function entityTag(body: Buffer) {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}
