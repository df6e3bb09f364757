import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Imports run one way: the server never depends on components or route modules; what both
    // need lives in app/lib.
    files: ["app/server/**/*.ts", "server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/components/*", "~/routes/*", "**/components/*", "**/routes/*"],
              message:
                "Server code must not import components or routes: move the shared value or type to app/lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures hand their value to `use()`, which is not React's hook.
    files: ["tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Each worker's app, database and stubs come with tests/support/e2e.ts's `test`.
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import `test` from tests/support/e2e.ts: it starts this worker's app.",
            },
          ],
        },
      ],
    },
  },
);
