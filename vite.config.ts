import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the Express app, which mounts React Router's handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // Kept for scripts/bundle-budget.js (never served: static files skip dot-directories).
        manifest: true,
        rolldownOptions: {
          output: {
            // Few files rather than one per module: on HTTP/1.1 every extra file waits its turn.
            // Public pages share a vendor file (React and React Router only) and a file of site
            // components with the few lib/ modules they import; anything else (icons, UI
            // primitives, the contact form, the article page the back-office preview also renders,
            // the back office) goes where its importers are, so no page downloads code it does not
            // use (scripts/bundle-budget.js checks the sizes).
            codeSplitting: {
              groups: [
                {
                  name: "vendor",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                {
                  name: "site",
                  test: /app[\\/](components[\\/]site[\\/](?!contact-form|recaptcha|article-view)|lib[\\/](cn|consent|data-layer|enums|format-date|image-variants|page-trail|seo|site-defaults)\.ts$)/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
