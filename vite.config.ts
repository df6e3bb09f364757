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
            // One file for the icons instead of one per icon: fewer requests on every page.
            codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react/ }] },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
