import { inArray } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { db } from "~/server/db/client.server";
import { corsDomains } from "~/server/db/schema";
import { logger } from "~/server/logger.server";

/**
 * The Content-Security-Policy, built from the domains of cors_domains whose type is csp or both
 * (the essential ones — tag manager, analytics, reCAPTCHA — plus those staff add in /admin/cors).
 * Each such domain may serve scripts, be called, be framed and serve images: that is what the
 * tag manager, Analytics and reCAPTCHA need. Scripts also need the request's nonce.
 */
export const NONCE_PLACEHOLDER = "{nonce}";

/** A CSP host source: scheme optional, a leading "*." wildcard allowed, optional port and path. */
const HOST_SOURCE = /^(https?:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[\w\-./~%]*)?$/i;

/** The csp/both domains as CSP sources. */
export const cspSources = cachedUntilContentChanges(readSources, {
  fallback: [],
  failure: "CSP domains read failed; policy without third-party sources",
});

async function readSources() {
  const rows = await db()
    .select({ domain: corsDomains.domain })
    .from(corsDomains)
    .where(inArray(corsDomains.type, ["csp", "both"]));
  const sources: string[] = [];
  for (const { domain } of rows) {
    const source = domain.trim();
    // Anything else could smuggle a directive (";") or a keyword into the header.
    if (HOST_SOURCE.test(source)) sources.push(source);
    else logger.warn({ domain }, "CSP: ignored a domain that is not a valid host source");
  }
  return [...new Set(sources)].sort();
}

/**
 * The header for a request; with `nonce` left out, the policy shows NONCE_PLACEHOLDER
 * (what the back office displays and stores in csp_config).
 */
export function buildContentSecurityPolicy(
  sources: string[],
  options: { nonce?: string; dev?: boolean } = {},
): string {
  const nonce = `'nonce-${options.nonce ?? NONCE_PLACEHOLDER}'`;
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", nonce, ...sources]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...sources]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...sources, ...(options.dev ? ["ws:"] : [])]],
    ["frame-src", ["'self'", ...sources]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
    ["script-src-attr", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
