const PROBE_ORIGIN = "http://site.invalid";

/**
 * A path of this site to send someone to, or `fallback`. The value is judged after the URL
 * parser has normalised it, as a browser would: tabs and newlines dropped, backslashes read as
 * slashes, dot segments resolved. So '/\t/evil.com' (read as '//evil.com') and
 * '/admin/..//evil.com' (resolved to '//evil.com') are refused, not sent as a Location that a
 * browser takes for another host. With `within`, the path must also be under that prefix.
 */
export function safeLocalPath(
  value: unknown,
  { fallback = "/", within }: { fallback?: string; within?: string } = {},
): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A normalised path starting with two slashes (or a slash and a backslash) is a host.
  if (/^\/[/\\]/.test(path)) return fallback;
  if (within && url.pathname !== within && !url.pathname.startsWith(`${within}/`)) return fallback;
  return path;
}

/**
 * A path of this site without its query and fragment, as safeLocalPath normalises it, or null
 * for anything a browser would read as another host ('/\\evil.com', '/\t/evil.com', '//evil.com').
 * For paths that are stored and shown as links (a contact's source page, a page view).
 */
export function localPagePath(value: unknown): string | null {
  const path = safeLocalPath(value, { fallback: "" }).split(/[?#]/, 1)[0]!;
  return path === "" ? null : path;
}
