import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { config } from "~/server/config.server";
import {
  contentSecurityPolicy,
  cspDomains,
  isAdminPath,
  isAdminPreviewPath,
  PERMISSIONS_POLICY,
  type ScriptTrust,
  STATIC_FILE_POLICY,
} from "~/server/security/csp.server";

/**
 * Helmet's headers but those no browser of today reads (every answer carries them, a cached page
 * thousands of times a second: docs/decisions/005-security-hardening.md): X-Frame-Options, which
 * every policy's frame-ancestors replaces; X-XSS-Protection: 0, against an auditor no browser has
 * kept; X-Download-Options (Internet Explorer 8); X-Permitted-Cross-Domain-Policies (Flash; the
 * site serves no crossdomain.xml); X-DNS-Prefetch-Control (browsers prefetch no link of an https
 * page by default). HSTS only when the site is https: browsers ignore it over http.
 */
function baseHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Helmet's default, no-referrer, makes browsers send `Origin: null` on same-site form posts,
      // which React Router refuses as cross-site: every form without JavaScript would fail.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: config.secureCookies,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
  ];
}

/**
 * Headers for the files served before the app (build assets, favicon, robots of the build): the
 * same as pages, with a policy under which nothing runs (an SVG opened on its own included).
 */
export function staticFileHeaders(): RequestHandler[] {
  return [
    ...baseHeaders(),
    (_req, res, next) => {
      res.setHeader("Content-Security-Policy", STATIC_FILE_POLICY);
      next();
    },
  ];
}

/**
 * Headers for everything the app answers. The Content-Security-Policy has a per-request nonce
 * for the inline scripts React Router renders (res.locals.cspNonce / loadContext.cspNonce): the
 * back office's policy under /admin, the public one elsewhere, where pages leave with the hashes
 * of those scripts instead (res.locals.cspWithHashes).
 */
export function securityHeaders(): RequestHandler[] {
  const dev = process.argv.includes("--dev");
  return [
    ...baseHeaders(),
    async (req, res, next) => {
      try {
        const nonce = randomBytes(16).toString("base64");
        res.locals.cspNonce = nonce;
        const options = { dev, https: config.secureCookies };
        if (isAdminPath(req.path)) {
          res.setHeader(
            "Content-Security-Policy",
            contentSecurityPolicy({
              area: "admin",
              framedBySelf: isAdminPreviewPath(req.path),
              scripts: { nonce },
              ...options,
            }),
          );
          return next();
        }
        const domains = await cspDomains();
        const policy = (scripts: ScriptTrust) =>
          contentSecurityPolicy({ area: "public", domains, scripts, ...options });
        res.setHeader("Content-Security-Policy", policy({ nonce }));
        // A public page trades the nonce for its inline scripts' hashes before it leaves, so that
        // its body is the same for every visitor (cache/html-cache.server.ts).
        res.locals.cspWithHashes = (hashes: string[]) => policy({ hashes });
        next();
      } catch (error) {
        next(error);
      }
    },
  ];
}
