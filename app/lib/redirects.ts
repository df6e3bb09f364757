import { safeLocalPath } from "~/lib/safe-redirect";

/**
 * The address rules of 'Redirections' (issue 21), shared by the dialog and the server.
 *
 * A source is kept in one form, the one a request is looked up in: the path decoded, without its
 * trailing slash, and the query as typed when there is one ("/ancien-site/contact?ref=flyer").
 * A target is a path of this site, or one of its own absolute addresses (kept as the path).
 */
const PROBE_ORIGIN = "http://site.invalid";

/** The source form of an address of this site ("/a/b/?x=1" → "/a/b?x=1"), or null when it is not one. */
export function redirectSource(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//")) return null;
  if (!URL.canParse(trimmed, PROBE_ORIGIN)) return null;
  const url = new URL(trimmed, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  pathname = pathname.replace(/\/+$/, "") || "/";
  return url.search ? `${pathname}${url.search}` : pathname;
}

/** The two forms a request may be redirected from: with its query first, then its path alone. */
export function requestSources(url: URL): string[] {
  const withQuery = redirectSource(url.pathname + url.search);
  const pathOnly = redirectSource(url.pathname);
  return [...new Set([withQuery, pathOnly].filter((source) => source !== null))];
}

/**
 * The local path a target leads to, or null: a path of this site (the safe-redirect rule: no
 * "//host", no "/\host") or an absolute address whose origin is `siteUrl`'s.
 */
export function redirectTarget(value: string, siteUrl: string): string | null {
  const trimmed = value.trim();
  if (trimmed.startsWith("/")) return safeLocalPath(trimmed, { fallback: "" }) || null;
  if (!URL.canParse(trimmed) || !URL.canParse(siteUrl)) return null;
  const url = new URL(trimmed);
  if (url.origin !== new URL(siteUrl).origin) return null;
  return safeLocalPath(url.pathname + url.search + url.hash, { fallback: "" }) || null;
}

/** Paths the public site never answers with its 404 page: the back office, APIs, files. */
const NOT_PUBLIC = /^\/(admin|api|assets|media)(\/|$)/;

export function isPublicSitePath(source: string) {
  return !NOT_PUBLIC.test(source);
}
