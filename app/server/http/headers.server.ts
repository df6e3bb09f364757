/**
 * `init` plus every Set-Cookie header of `source`. Better Auth answers with its own Headers; a
 * response that forwards them must copy each cookie, since Set-Cookie cannot be merged into one.
 */
export function withSetCookies(source: Headers, init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
