import path from "node:path";

/** Process-wide settings read from the environment, with the README's defaults. */
export const config = {
  get port() {
    return Number(process.env.PORT ?? 3000);
  },
  get host() {
    return process.env.HOST ?? "0.0.0.0";
  },
  get publicUrl() {
    return (process.env.PUBLIC_URL ?? `http://localhost:${this.port}`).replace(/\/+$/, "");
  },
  get dataDir() {
    return path.resolve(process.env.DATA_DIR ?? "data");
  },
  get seedDemo() {
    return process.env.SEED_DEMO !== "0";
  },
  get isProduction() {
    return process.env.NODE_ENV === "production";
  },
};
