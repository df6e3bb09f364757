import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { config } from "~/server/config.server";
import { metricsText, registry } from "./registry.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /metrics for Prometheus: from this machine directly (a loopback connection that no proxy
 * relayed: a reverse proxy on the same machine connects from loopback too, but adds
 * X-Forwarded-For), or from anywhere with `Authorization: Bearer $METRICS_TOKEN`.
 */
export function metricsEndpoint(): RequestHandler {
  return async (req, res, next) => {
    if (!mayRead(req)) {
      res.status(403).set("Cache-Control", "no-store").type("text/plain").send("Forbidden\n");
      return;
    }
    try {
      const text = await metricsText();
      res.status(200).set("Cache-Control", "no-store").type(registry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}

export function mayRead(req: IncomingMessage) {
  const token = config.metricsToken;
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (token && given) {
    const expected = Buffer.from(token);
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
  const relayed = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.has(req.socket.remoteAddress ?? "");
}
