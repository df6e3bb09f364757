import { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/server/security/client-ip.server";

/**
 * React Router behind Express. In place of @react-router/express's adapter because the body
 * React Router reads is the one limitRequestBodies() already read (or capped), never the raw
 * socket, and because the client's address must come from Express (req.ip, which honours
 * TRUST_PROXY), never from a header the client wrote.
 */
export function reactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const response = await handleRequest(toFetchRequest(req, res), options.getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, req.ip ?? "");

  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = res.locals.requestBody;
    init.body = createReadableStreamFromReadable(
      body instanceof Readable ? body : Readable.from(body ? [body] : []),
    );
    init.duplex = "half";
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
