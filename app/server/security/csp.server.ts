import { inArray } from "drizzle-orm";
import { cspDirectiveChoices, type CspDirective, cspSourceOf } from "~/lib/csp-domain";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { db } from "~/server/db/client.server";
import { corsDomains } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/**
 * The Content-Security-Policy headers. Public pages: 'self', plus each domain of /admin/cors
 * (types csp and both) in the directives it was given only (cors_domains.csp_directives: the tag
 * manager may serve scripts, Analytics' servers only receive calls and pixels...). Scripts run by
 * nonce or hash with 'strict-dynamic': what a trusted script loads is trusted, nothing else, and
 * host lists in script-src only matter to browsers older than CSP 3. The back office gets its own
 * policy with no third party, but for images over https: its image fields take a pasted URL
 * (back-office.md §3) and show it.
 */

/** How the page's own inline scripts are trusted: this request's nonce, or the hashes of a page
 * that is the same for every visitor (a cached page). */
export type ScriptTrust = { nonce: string } | { hashes: string[] };

export type CspDomain = { source: string; directives: CspDirective[] };

/** Shown instead of a nonce where the policy is displayed rather than sent. */
export const NONCE_PLACEHOLDER = "{nonce}";

/** Browser features no page of the site uses, refused to any script on it. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Files that are not pages (scripts, styles, images): nothing may run or load in them. */
export const STATIC_FILE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The csp/both domains with their directives. */
export const cspDomains = cachedUntilContentChanges(readDomains, {
  fallback: [] as CspDomain[],
  failure: "CSP domains read failed; policy without third-party sources",
  tables: ["cors_domains"],
});

async function readDomains(): Promise<CspDomain[]> {
  const rows = await db()
    .select({ domain: corsDomains.domain, directives: corsDomains.cspDirectives })
    .from(corsDomains)
    .where(inArray(corsDomains.type, ["csp", "both"]));
  const domains: CspDomain[] = [];
  for (const { domain, directives } of rows) {
    // The validator of /admin/cors, again: a row written by SQL must not smuggle a keyword or a
    // directive (";") into the header, nor open it to every site ('*', '*.com', http:).
    const source = cspSourceOf(domain);
    if (!source) {
      logger.warn({ domain }, "CSP: ignored a domain the validator refuses");
      continue;
    }
    domains.push({
      source,
      directives: directives.filter((name): name is CspDirective =>
        (cspDirectiveChoices as readonly string[]).includes(name),
      ),
    });
  }
  return domains.sort((a, b) => a.source.localeCompare(b.source));
}

/** Which policy, and how its page's inline scripts are trusted. */
export type PolicyInput =
  | { area: "public"; domains: CspDomain[]; scripts: ScriptTrust; dev?: boolean; https?: boolean }
  | {
      area: "admin";
      scripts: ScriptTrust;
      dev?: boolean;
      https?: boolean;
      /** A preview page, which the back office's own editors show in a frame (preview-frame.tsx). */
      framedBySelf?: boolean;
    };

/**
 * Directives a browser reads from default-src when they are absent (frame-src through child-src,
 * which no policy sets): left out when they would only repeat its 'self', as they do without a
 * domain of their own. Not worker-src, which falls back to script-src.
 */
const SAID_BY_DEFAULT_SRC = new Set(["connect-src", "frame-src", "manifest-src", "media-src"]);

/** Whether a request path is the back office's (its pages and their `.data` requests). */
export function isAdminPath(path: string) {
  return path === "/admin" || path === "/admin.data" || path.startsWith("/admin/");
}

/** The back office's preview pages (`/admin/blog/preview/{id}`…): framed by its editors. */
export function isAdminPreviewPath(path: string) {
  return /^\/admin\/[a-z-]+\/preview\/[^/]+$/.test(path);
}

/**
 * The Content-Security-Policy of a page: the public policy with each CSP domain only in the
 * directives it was given, or the back office's with no third party (but images over https:) and
 * no framing (but by itself for its previews).
 */
export function contentSecurityPolicy(input: PolicyInput): string {
  const domains = input.area === "public" ? input.domains : [];
  const allowed = (directive: CspDirective) => [
    ...new Set(domains.filter((d) => d.directives.includes(directive)).map((d) => d.source)),
  ];
  const trusted =
    "nonce" in input.scripts
      ? [`'nonce-${input.scripts.nonce}'`]
      : input.scripts.hashes.map((hash) => `'${hash}'`);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // 'self' and hosts only matter to browsers older than CSP 3, which ignore 'strict-dynamic'.
    ["script-src", [...trusted, "'strict-dynamic'", "'self'", ...allowed("script-src")]],
    ["style-src", ["'self'", "'unsafe-inline'", ...allowed("style-src")]],
    [
      "img-src",
      ["'self'", "data:", "blob:", ...allowed("img-src"), ...(input.area === "admin" ? ["https:"] : [])],
    ],
    ["font-src", ["'self'", "data:", ...allowed("font-src")]],
    ["media-src", ["'self'", ...allowed("media-src")]],
    ["connect-src", ["'self'", ...allowed("connect-src"), ...(input.dev ? ["ws:"] : [])]],
    ["frame-src", ["'self'", ...allowed("frame-src")]],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", [input.area === "admin" && !input.framedBySelf ? "'none'" : "'self'"]],
    ["script-src-attr", ["'none'"]],
  ];
  if (input.https) directives.push(["upgrade-insecure-requests", []]);
  return directives
    .filter(
      ([name, values]) => !(SAID_BY_DEFAULT_SRC.has(name) && values.length === 1 && values[0] === "'self'"),
    )
    .map(([name, values]) => (values.length ? `${name} ${values.join(" ")}` : name))
    .join("; ");
}
