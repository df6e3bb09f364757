import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { readdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const VENDOR = /node_modules[\\/](react|react-dom|react-router|scheduler|clsx)[\\/]/;
/** The public pages' progressive-enhancement modules (decision 022): entries of their own, which
 * the server names in a page's inline module script (app/server/http/enhancements.server.ts). */
const ENHANCEMENTS = readdirSync("app/enhance")
  .filter((file) => /^[a-z-]+\.ts$/.test(file))
  .map((file) => `app/enhance/${file}`);

const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve("react-router/package.json"));
const reactRouterBuild = (file: string) => path.join(reactRouterDir, "dist/production", file);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build's entry is the Express app, which mounts React Router's handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // Kept for scripts/bundle-budget.js (never served: static files skip dot-directories).
        manifest: true,
        rolldownOptions: {
          // Beside React Router's entry and route modules.
          input: ENHANCEMENTS,
          output: {
            // React and React Router in one file, loaded by the back office only: public pages
            // load their enhancement modules (scripts/bundle-budget.js checks they never need it).
            codeSplitting: { groups: [{ name: "vendor", test: (id: string) => VENDOR.test(id) }] },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    // React Router's package exports only its development build (warnings included); the browser
    // build gets the production one it ships alongside. The server keeps the package's own entry.
    alias:
      command !== "build" || isSsrBuild
        ? []
        : [
            { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
          ],
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
}));

/**
 * Writes each browser asset's brotli (quality 11) and gzip (level 9) twin next to it, which
 * server.js sends as they are: the smallest bytes, at no cost per request (on-the-fly compression
 * is brotli quality 4, some 15% bigger).
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const compressible = Object.values(bundle).filter((file) => /\.(js|css|svg)$/.test(file.fileName));
      await Promise.all(
        compressible.map(async (file) => {
          const bytes = Buffer.from(file.type === "chunk" ? file.code : file.source);
          const target = path.join(options.dir!, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}
