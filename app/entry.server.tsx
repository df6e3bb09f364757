import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";

export const streamTimeout = 5_000;

/**
 * Every page is rendered whole before it is sent (crawlers and visitors get complete HTML), as one
 * body; React Router's inline scripts carry the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every Suspense boundary in place, never moved in later by an inline script (React does
        // that to big ones by default): the page reads the same without JavaScript, and the
        // deferred contact form (its server HTML stays until its code is wanted) stays visible.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Everything is ready, so React writes the page at once: collected into one buffer, it
          // leaves as one chunk, not as hundreds of small ones each passed through a stream.
          const chunks: Uint8Array[] = [];
          const page = new Writable({
            write(chunk: Uint8Array, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              done();
            },
          });
          page.on("error", reject);
          pipe(page);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          console.error(error);
        },
      },
    );
    // Cleared once the page is written: a pending timer would keep the render's whole context alive.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
