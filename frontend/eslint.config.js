// ESLint for the front end (`make lint-frontend`, run by `make test-frontend`): JavaScript and
// typescript-eslint's recommended rules, the rules of hooks, and the feature boundaries below.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const here = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(path.join(here, "src", "features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FEATURE_INTERNALS =
  "A feature imports another feature from its index only (@/features/<name>): its other files are internals that may move.";
const SIBLING_BY_PATH = "Import another feature from its index (@/features/<name>), not through a relative path.";
const SHARED_CODE = "Shared code (components, hooks, lib, api, config) must not depend on a feature.";

/**
 * Features never import each other's internals (bulletproof-react's unidirectional architecture).
 * For each feature: no `@/features/<other>/...` deep import, and no relative path into a sibling
 * feature (one block per folder depth, since the `../` that reaches src/features depends on where a
 * file sits; climbing further, to the repository's static files, is allowed). The app shell
 * (src/app) is not restricted: its router imports each screen's module directly so that every
 * screen stays a lazy chunk of its own.
 */
const featureBoundaries = features.flatMap((feature) =>
  [0, 1, 2, 3, 4].map((depth) => ({
    name: `feature-boundaries/${feature}/${depth}`,
    files: [`src/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: `^@/features/(?!${escape(feature)}(?:/|$))[^/]+/`, message: FEATURE_INTERNALS },
            { regex: `^(?:\\.\\./){${depth + 1}}(?!\\.\\./)`, message: SIBLING_BY_PATH },
            { regex: "^(?:\\.\\./)+(?:src/)?features/", message: SIBLING_BY_PATH },
          ],
        },
      ],
    },
  })),
);

export default defineConfig([
  globalIgnores(["build/", "prerendered/", "node_modules/", ".bench/", "coverage/", "media-src/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: "react-hooks",
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    // The two classic rules. The plugin's "recommended-latest" adds the React Compiler's rules
    // (refs read in render, setState in effects...): the app does not use the compiler, and the
    // dozen places they flag (the guest guard's verdict ref, the WhatsApp panel's SDK state) are
    // deliberate; rewriting them is not this refactor's business.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    name: "browser",
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
  },
  {
    name: "node",
    files: ["*.{js,mjs,cjs,mts}", "scripts/**/*.{js,mjs,tsx}"],
    languageOptions: { globals: globals.node },
  },
  {
    name: "typescript",
    files: ["**/*.{ts,tsx,mts}"],
    rules: {
      // An unused argument named with a leading underscore is there for a signature.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...featureBoundaries,
  {
    name: "shared-code-boundaries",
    files: ["src/{api,components,config,hooks,lib,types,styles}/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^@/features(?:/|$)", message: SHARED_CODE }, { regex: "^\\.\\.?/.*features/", message: SHARED_CODE }] },
      ],
    },
  },
]);
