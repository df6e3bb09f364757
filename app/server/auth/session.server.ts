import { and, eq, gt, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { UserRole } from "~/lib/enums";
import { hasRole } from "~/lib/admin/roles";
import { safeLocalPath } from "~/lib/safe-redirect";
import { db } from "~/server/db/client.server";
import { cachedUntilContentChanges } from "~/server/cache/cached-until-content-changes.server";
import { sessions, siteSettings, users } from "~/server/db/schema";
import { redirectWithToast } from "~/server/toast.server";
import { withSetCookies } from "~/server/http/headers.server";
import { logger } from "~/server/logger.server";
import { clientIpOf } from "~/server/security/client-ip.server";
import type { MutationContext } from "~/server/audit/mutation.server";
import { auth, type AuthUser, SESSION_MAX_AGE_SECONDS } from "./auth.server";

export type SessionUser = AuthUser;

/** Admin pages carry personal data and change often: never stored by a browser or a proxy. */
export const noStoreHeaders = { "Cache-Control": "private, no-store" } as const;

type SessionRead = { user: SessionUser | null; headers: Headers };

// The layout's loader and the page's loader run for the same request: read the session once.
const reads = new WeakMap<Request, Promise<SessionRead>>();

function readSession(request: Request): Promise<SessionRead> {
  let read = reads.get(request);
  if (!read) {
    read = auth()
      .api.getSession({ headers: request.headers, returnHeaders: true })
      .then(async ({ headers, response }) => {
        if (!response) return { user: null, headers };
        // Better Auth ends idle sessions itself (SESSION_IDLE_SECONDS); the absolute limit is ours,
        // and so is a suspension: suspending ends the account's sessions, but a session opened
        // before the flag was set some other way (a restore, SQL) ends here, on its next request.
        const { session, user } = response;
        const now = Date.now();
        const ended =
          now - new Date(session.createdAt).getTime() > SESSION_MAX_AGE_SECONDS * 1000 ||
          new Date(session.expiresAt).getTime() <= now ||
          isSuspended(user, now);
        if (!ended) return { user, headers };
        await db().delete(sessions).where(eq(sessions.id, session.id));
        return { user: null, headers };
      });
    reads.set(request, read);
  }
  return read;
}

/** Better Auth's session cookie (advanced.cookiePrefix "betic"; `__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?betic\.session_token=([^;]+)/;

/**
 * Whether a Cookie header carries a session that is still open, for an unsuspended account: the
 * body guard asks before reading a large back-office body (security/http-guards.server.ts). One
 * indexed read, nothing refreshed (the route's own session read does that, with its cookies).
 */
export async function hasLiveSession(cookieHeader: string | undefined): Promise<boolean> {
  const value = cookieHeader && SESSION_COOKIE.exec(cookieHeader)?.[1];
  if (!value) return false;
  let token: string;
  try {
    // The cookie is `token.signature`; the token alone is the secret the table holds.
    token = decodeURIComponent(value).split(".")[0] ?? "";
  } catch {
    return false;
  }
  if (!token) return false;
  const [row] = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.token, token), gt(sessions.expiresAt, new Date()), sql`${users.banned} is not true`),
    )
    .limit(1);
  return row !== undefined;
}

/** Better Auth's ban: `banned`, until `banExpires` when it has one. */
function isSuspended(user: { banned?: boolean | null; banExpires?: Date | null }, now: number) {
  return Boolean(user.banned) && (!user.banExpires || new Date(user.banExpires).getTime() > now);
}

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return (await readSession(request)).user;
}

/**
 * Set-Cookie headers Better Auth produced while reading the session (a session past its update
 * age is extended, a dead one cleared). The admin layout forwards them so sliding expiry works.
 */
export async function sessionCookieHeaders(request: Request, init?: HeadersInit): Promise<Headers> {
  return withSetCookies((await readSession(request)).headers, init);
}

/** Site setting 'Exiger la double authentification pour les administrateurs' (fails closed). */
const adminTwoFactorRequired = cachedUntilContentChanges(
  async () => {
    const [row] = await db()
      .select({ required: siteSettings.requireAdminTwoFactor })
      .from(siteSettings)
      .limit(1);
    return row?.required ?? false;
  },
  { fallback: true, failure: "the two-factor requirement could not be read", tables: ["site_settings"] },
);

/**
 * Where an account may go while it must change its password (the generated first admin's) or, for
 * an admin, enrol a second factor the site requires.
 */
const ENROLMENT_PATHS = new Set(["/admin/profile", "/admin/logout"]);

/**
 * The signed-in user, or a redirect to the sign-in page (which brings them back here after). An
 * account that must change its password, and an admin without a second factor when the site
 * requires one, are sent to the profile first: every loader and action comes here, so nothing
 * else is reachable meanwhile.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  const url = new URL(request.url);
  if (user) {
    const reachable = ENROLMENT_PATHS.has(url.pathname.replace(/\.data$/, "").replace(/\/$/, ""));
    if (user.mustChangePassword && !reachable) {
      throw await redirectWithToast(
        "/admin/profile",
        {
          type: "error",
          title: "Changement de mot de passe requis",
          description: "Remplacez le mot de passe généré à l'installation pour accéder au back-office.",
        },
        { headers: noStoreHeaders },
      );
    }
    if (user.role === "admin" && !user.twoFactorEnabled && !reachable && (await adminTwoFactorRequired())) {
      throw await redirectWithToast(
        "/admin/profile",
        {
          type: "error",
          title: "Double authentification requise",
          description: "Activez la double authentification pour accéder au back-office.",
        },
        { headers: noStoreHeaders },
      );
    }
    return user;
  }
  const here = url.pathname + url.search;
  const search =
    here === "/admin" || here === "/admin/" ? "" : `?${new URLSearchParams({ redirectTo: here })}`;
  throw redirect(`/admin/login${search}`, { headers: noStoreHeaders });
}

/**
 * The signed-in user holding `role` (admin holds every role); a signed-in user without it gets 403,
 * logged (who, what, from where): someone probing screens beyond their role shows in the logs.
 */
export async function requireRole(request: Request, role: UserRole): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasRole(user, role)) {
    const url = new URL(request.url);
    logger.warn(
      {
        userId: user.id,
        role: user.role,
        required: role,
        method: request.method,
        path: url.pathname + url.search,
        ip: clientIpOf(request),
      },
      "access refused (403)",
    );
    throw data("Vous n'avez pas les droits nécessaires pour accéder à cette page.", {
      status: 403,
      headers: noStoreHeaders,
    });
  }
  return user;
}

/** Where to go after signing in: a path of the back office only, never another site. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined): string {
  const path = safeLocalPath(value, { fallback: "/admin", within: "/admin" });
  return path.startsWith("/admin/login") ? "/admin" : path;
}

/**
 * For an action that writes: the signed-in user holding `role` (as `requireRole`), and `who`,
 * what `mutate()` and the audit trail record of them (the account and the client's address).
 *
 *   const { who } = await requireActor(request, context, "user");
 *   await mutate(who, (m) => m.remove(blogAuthors, id));
 */
export async function requireActor(
  request: Request,
  context: { clientIp: string },
  role: UserRole,
): Promise<{ user: SessionUser; who: MutationContext }> {
  const user = await requireRole(request, role);
  return { user, who: { actor: user, ip: context.clientIp } };
}
