import type { RequestHandler, Response } from "express";
import { isEmailAddress, SIGN_IN_INTENT } from "~/lib/schemas/users";
import { refuseKnownThrottled } from "~/server/auth/credentials.server";
import { signInRefusal } from "~/server/auth/sign-in-refusals.server";

/**
 * A sign-in form posted without JavaScript (a document POST to /admin/login, as every scripted
 * flood sends it) while this instance knows the throttle holds the account or the address: refused
 * first, before anything else of the server runs (server.js mounts it ahead of compression, the
 * security headers and React Router), with the message, status (429) and Retry-After the page
 * would give, on a bare page linking back to the form. Nothing is checked, hashed or written
 * (credentials.server.ts counts it). A flood's tries arrive together (200 at once): each costs
 * only the body's read and this answer, so the pages served meanwhile hardly wait. Anything else —
 * JavaScript's `.data` posts, a try the throttle may let through — goes the full way, its body
 * already read (limitRequestBodies keeps it).
 */
export function earlySignInRefusals(): RequestHandler {
  return (req, res, next) => {
    const body = res.locals.requestBody;
    if (!Buffer.isBuffer(body) || !req.is("application/x-www-form-urlencoded")) return next();
    const form = new URLSearchParams(body.toString("utf8"));
    const email = form.get("email");
    // Only the sign-in form's post: any other the action refuses (unknownIntent) as it would anyway.
    if (form.get("intent") !== SIGN_IN_INTENT || !email) return next();
    // No account has such an address (a flood's random 60 KB ones): the form's own message, at
    // the cost of this answer, rather than the sign-in page rendered around what was sent.
    if (!isEmailAddress(email)) return refuse(res, 400, "Email invalide");
    const wait = refuseKnownThrottled({
      email,
      clientIp: req.ip ?? "unknown",
      cookieHeader: req.headers.cookie ?? null,
    });
    if (wait === undefined) return next();
    const refusal = signInRefusal({ status: "throttled", retryAfterSeconds: wait }, "password");
    refuse(res, refusal.status, refusal.message, refusal.headers);
  };
}

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  const page = Buffer.from(refusalPage(message));
  res.writeHead(status, { ...headers, ...REFUSAL_HEADERS, "Content-Length": page.length });
  res.end(page);
}

/** The security headers of a page with nothing to load, nothing to run and nothing to frame. */
const REFUSAL_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-store",
  "Content-Security-Policy":
    "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
};

function refusalPage(message: string) {
  return `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Connexion | Back-office</title></head>
<body>
<main>
<h1>Erreur de connexion</h1>
<p role="alert">${message}</p>
<p><a href="/admin/login">Revenir à la connexion</a></p>
</main>
</body>
</html>
`;
}
