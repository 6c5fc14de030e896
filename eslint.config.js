import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const remixContextReader = "app/modules/hydration/remix-context.ts";
const remixContextRule = {
  selector: "Identifier[name='__remixContext'], Literal[value=/__remixContext/], TemplateElement[value.raw=/__remixContext/]",
  message: "window.__remixContext is a Remix internal: use app/modules/hydration/remix-context.ts.",
};

const notFoundHelper = "app/modules/http/responses.ts";
const status404 = "ObjectExpression > Property[key.name='status'][value.value=404]";
const handWrittenNotFoundRules = [
  {
    selector: [
      `NewExpression[callee.name='Response'] > ${status404}`,
      `CallExpression[callee.object.name='Response'][callee.property.name='json'] > ${status404}`,
      `CallExpression[callee.name='data'] > ${status404}`,
      "CallExpression[callee.name='jsonResponse'][arguments.1.value=404]",
    ].join(", "),
    message:
      "A 404 goes through app/modules/http/responses.ts: throw notFound() on a page, return jsonNotFound(message) from the JSON API.",
  },
];

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
  // Remix's undocumented browser global has one reader, the browser half of the adapter on Remix internals; and every
  // 404 goes through app/modules/http/responses.ts. One rule per file holds both, since a later block would replace it.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [remixContextReader, notFoundHelper],
    rules: { "no-restricted-syntax": ["error", remixContextRule, ...handWrittenNotFoundRules] },
  },
  { files: [remixContextReader], rules: { "no-restricted-syntax": ["error", ...handWrittenNotFoundRules] } },
  { files: [notFoundHelper], rules: { "no-restricted-syntax": ["error", remixContextRule] } },
  // Every browser and HTTP test comes from a client address of its own (tests/e2e/support/test.ts).
  {
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from ./support/test." }] },
      ],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  // The service worker runs in the browser, in a worker's global scope.
  { files: ["public/sw.js"], languageOptions: { globals: globals.serviceworker } },
  prettier,
);
