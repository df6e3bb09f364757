import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the Express app, which mounts React Router's handler.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            // Few files rather than one per module: on HTTP/1.1 every extra file waits its turn.
            // Public pages share a vendor file and a file of site components; admin code stays apart.
            codeSplitting: {
              groups: [
                {
                  name: "vendor",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|lucide-react|clsx|tailwind-merge|class-variance-authority)[\\/]/,
                  priority: 2,
                },
                // The contact form (and Zod/Conform behind it) stays with the two pages that show it;
                // back-office modules of lib/ (admin/, schemas/, list-query) stay with the back office.
                {
                  name: "site",
                  test: /app[\\/](components[\\/]site|lib)[\\/](?!contact-form|contact-schema|recaptcha|zod|admin[\\/]|schemas[\\/]|list-query)/,
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
