import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const VENDOR = /node_modules[\\/](react|react-dom|react-router|scheduler|clsx)[\\/]/;
/** The frame of every public page (header, footer, consent, error and pending states, cards of
 * most lists) and the lib modules it imports. */
const SITE_FRAME =
  /app[\\/](components[\\/](site[\\/](article-card|consent-banner|content-pending|desktop-nav|footer|header|icon|json-ld|mobile-menu|project-card|responsive-image|section-heading|section-link|site-logo|tracking)|ui[\\/](button-variants|toaster))\.tsx?$|root\.tsx(\?.*)?$|routes[\\/]site[\\/]layout\.tsx(\?.*)?$|lib[\\/](consent|data-layer|format-date|image-variants|page-trail|seo)\.ts$)/;

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
          output: {
            // Few files rather than one per module: on HTTP/1.1 every extra file waits its turn,
            // and small files compress badly (a dozen apart weigh a third more than together).
            // Every public page loads one shared file, React, React Router and the site's frame;
            // anything else (icons, UI primitives, the contact form, the back office) goes where
            // its importers are, so no page downloads code it does not use
            // (scripts/bundle-budget.js checks the sizes).
            codeSplitting: {
              groups: [{ name: "vendor", test: (id: string) => VENDOR.test(id) || SITE_FRAME.test(id) }],
            },
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
