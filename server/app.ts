import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { openDatabase, closeDatabase } from "~/server/db/database.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { loadDemoContentOnFirstStart } from "~/server/db/seed/demo.server";
import { config } from "~/server/config.server";
import { logger } from "~/server/logger.server";
import { securityHeaders } from "./security";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (Express's req.ip; honours TRUST_PROXY behind a reverse proxy). */
    clientIp: string;
  }
}

/** Opens the database, prepares it, and returns the request handler with its shutdown. */
export async function start() {
  await openDatabase();
  await migrateDatabase();
  await loadDemoContentOnFirstStart();

  const handler = express.Router();
  handler.use(securityHeaders());
  handler.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? "unknown",
      }),
    }),
  );

  return {
    handler,
    logger,
    announce() {
      logger.info(`Site ready on ${config.publicUrl}`);
    },
    async stop() {
      await closeDatabase();
    },
  };
}
