import path from "node:path";
import { defineConfig } from "vitest/config";

// The test SMTP server's CA (tests/support/smtp-sink.ts): read by Node when a test worker starts,
// so it is set here, before the workers are forked.
process.env.NODE_EXTRA_CA_CERTS = path.resolve(import.meta.dirname, "tests/fixtures/tls/ca.pem");

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    env: { NODE_ENV: "test", LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/vitest-global-setup.ts"],
          setupFiles: ["tests/support/vitest-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The production build as processes (npm run test:deploy builds it first): probes, metrics,
        // graceful shutdown, and several instances behind Caddy. One file at a time: each runs servers.
        extends: true,
        test: {
          name: "deploy",
          include: ["tests/deploy/**/*.test.ts"],
          globalSetup: ["tests/support/vitest-global-setup.ts"],
          setupFiles: ["tests/support/vitest-database.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
