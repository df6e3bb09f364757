import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { buildContentSecurityPolicy, cspSources } from "~/server/security/csp.server";

/**
 * Security headers. The Content-Security-Policy comes from the database's CSP domains
 * (app/server/security/csp.server.ts) with a per-request nonce for the inline scripts React
 * Router renders and for the tag manager (res.locals.cspNonce / loadContext.cspNonce).
 */
export function securityHeaders(): RequestHandler[] {
  const dev = process.argv.includes("--dev");
  return [
    async (_req, res, next) => {
      try {
        const nonce = randomBytes(16).toString("base64");
        res.locals.cspNonce = nonce;
        res.setHeader(
          "Content-Security-Policy",
          buildContentSecurityPolicy(await cspSources(), { nonce, dev }),
        );
        next();
      } catch (error) {
        next(error);
      }
    },
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Helmet's default, no-referrer, makes browsers send `Origin: null` on same-site form posts,
      // which React Router refuses as cross-site: every form without JavaScript would fail.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  ];
}
