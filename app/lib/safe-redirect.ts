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
