import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets test runs build and serve side by side without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
