import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where each progressive-enhancement module of the public pages (app/enhance/*.ts, decision 022)
 * is served: its hashed file in the production build, read once from the client build's Vite
 * manifest; the source file itself under the development server.
 */
export type EnhancementUrls = Record<string, string>;

let urls: EnhancementUrls | undefined;

export function enhancementUrls(): EnhancementUrls {
  if (urls) return urls;
  if (import.meta.env.DEV) {
    urls = new Proxy({} as EnhancementUrls, { get: (_target, name) => `/app/enhance/${String(name)}.ts` });
    return urls;
  }
  // The build server.js serves (BUILD_DIR: read there too, as it says where this build is).
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  urls = {};
  for (const [source, chunk] of Object.entries(manifest)) {
    const name = /^app\/enhance\/([a-z-]+)\.ts$/.exec(source)?.[1];
    if (name && chunk.isEntry) urls[name] = `/${chunk.file}`;
  }
  return urls;
}
