import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Lint for correctness (TypeScript, hooks, accessibility); Prettier owns the layout. */
export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".tmp/**", "test-results/**", "playwright-report/**", "data/**", "content/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  // React rules for the app only: Playwright fixtures call a `use` that is not React's.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  // Remix's undocumented browser global has one reader, the browser half of the adapter on Remix internals.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/modules/hydration/remix-context.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Identifier[name='__remixContext'], Literal[value=/__remixContext/], TemplateElement[value.raw=/__remixContext/]",
          message: "window.__remixContext is a Remix internal: use app/modules/hydration/remix-context.ts.",
        },
      ],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  // The service worker runs in the browser, in a worker's global scope.
  { files: ["public/sw.js"], languageOptions: { globals: globals.serviceworker } },
  prettier,
);
