import type { RequestHandler } from "express";
import { mayReadPublicSite } from "~/server/security/cors.server";
import { isAdminPath } from "~/server/security/csp.server";

const READ_METHODS = "GET, HEAD";

/**
 * Cross-origin reads of the public site for the origins of /admin/cors (types cors and both):
 * pages, their data, media, sitemap. Reads only, without cookies: writes stay same-origin
 * (sameOriginWrites) and the back office is never shared.
 */
export function corsHeaders(): RequestHandler {
  return async (req, res, next) => {
    if (isAdminPath(req.path)) return next();
    // Also without an Origin header: a shared cache must not give that answer to a listed origin.
    res.vary("Origin");
    const origin = req.headers.origin;
    if (!origin) return next();
    try {
      if (!(await mayReadPublicSite(origin))) return next();
      res.setHeader("Access-Control-Allow-Origin", origin);
      if (req.method !== "OPTIONS") return next();
      res
        .status(204)
        .set({
          "Access-Control-Allow-Methods": READ_METHODS,
          "Access-Control-Allow-Headers": "Accept, Content-Type",
          "Access-Control-Max-Age": "600",
        })
        .end();
    } catch (error) {
      next(error);
    }
  };
}
