// ESLint flat config: the rules of Remix's template (eslint recommended, typescript-eslint,
// react, react-hooks, jsx-a11y, imports) over TypeScript with type information. Why each
// choice: docs/decisions/046-eslint-and-prettier.md. Formatting is Prettier's alone
// (eslint-config-prettier turns off every rule that would disagree with it).
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: ["build/", "data/", "public/build/", "app/styles/generated/", "test-results/", "playwright-report/", ".cache/", "platform/db/migrations/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Each control character in a pattern here is deliberate: input sanitisers that strip or
      // refuse NUL and C0 characters (React 18 streams NUL bytes, STACK-NOTES pitfall 15).
      "no-control-regex": "off",
      // Playwright reads a fixture's first parameter as a pattern and needs `{}` when it uses none.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      // Type information for the rules that need it (no-unnecessary-type-assertion).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // "No `as` casts where a type can be proven": a cast the checker already knows is an error.
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // `_name` marks a parameter or binding kept on purpose (a handler's unused argument, a rest sibling).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: { ...globals.browser },
    },
    settings: {
      react: { version: "18.3" },
      formComponents: ["Form"],
      linkComponents: [
        { name: "Link", linkAttribute: "to" },
        { name: "NavLink", linkAttribute: "to" },
      ],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // Props are typed by TypeScript.
      "react/prop-types": "off",
      // Every new-tab link here carries rel="noopener" and points at our own origin, whose
      // Referer is ours to keep; noopener is what stops the opened page reaching back.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    // The two classic rules (Remix's template); the React Compiler rules of v7 are for React 19.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    plugins: { "import-x": importX },
    rules: {
      "import-x/first": "error",
      "import-x/no-duplicates": ["error", { "prefer-inline": true }],
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [
            { pattern: "#contract/**", group: "internal" },
            { pattern: "#platform/**", group: "internal" },
            { pattern: "~/**", group: "internal" },
          ],
          pathGroupsExcludedImportTypes: ["builtin"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  prettier,
);
