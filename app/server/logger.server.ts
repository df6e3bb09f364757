import pino from "pino";
import { config } from "~/server/config.server";

export const logger = pino({
  level: config.logLevel,
  base: undefined,
});
