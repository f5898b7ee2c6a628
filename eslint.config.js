// The linter keeps the rules the code already follows (docs/architecture.md#tools). Untyped rules only: typed
// linting would build the TypeScript program of ~1,000 files again, which `npm run typecheck` already does
// once; these rules parse each file alone, so `npm run lint` takes seconds.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/*.d.ts",
      "client/src/graphql/**",
      "server/src/generated/**",
      "test-artifacts/**",
    ],
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs,js,cjs}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // TypeScript reports undefined names itself, with the right globals per workspace
      "no-undef": "off",
      // unused names start with _ (an argument a signature needs, a property left out of a rest: {_drop, ...rest})
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // a type-only import says so: it is erased, and the borders read it as such (docs/architecture.md#borders)
      "@typescript-eslint/consistent-type-imports": ["error", { disallowTypeAnnotations: false }],
      // the string rules strip or refuse control characters on purpose (schema/src/controls.ts)
      "no-control-regex": "off",
      // `let x = null; try { x = parse() } catch { x = fallback }` is how the code reads a body that may fail
      "no-useless-assignment": "off",
      // Prettier puts a computed call on its own line (sharp(...)\n[format]()): the formatter decides lines
      "no-unexpected-multiline": "off",
      // rules the code follows everywhere today
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "object-shorthand": "error",
      "no-else-return": "error",
      "prefer-arrow-callback": "error",
      "no-throw-literal": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-useless-rename": "error",
      "no-useless-concat": "error",
      "dot-notation": "error",
      radix: "error",
      // string unions, not enums: they print as they are and need no import (schema/src holds the lists)
      "no-restricted-syntax": ["error", { selector: "TSEnumDeclaration", message: "Use a union of strings." }],
      "@typescript-eslint/prefer-for-of": "error",
      "@typescript-eslint/consistent-indexed-object-style": "error",
      "@typescript-eslint/consistent-generic-constructors": "error",
      "@typescript-eslint/no-useless-constructor": "error",
      "@typescript-eslint/default-param-last": "error",
    },
  },
  {
    // `any` only where a third party's JSON arrives (adapters, the payment gateway, the job library) and in
    // tests and benches, which build hostile or partial values on purpose
    files: [
      "server/tests/**",
      "server/bench/**",
      "server/src/platforms/**",
      "server/src/networks/**",
      "server/src/payments/**",
      "server/src/jobs/scheduler.ts",
      "server/src/modules/competitors/facebook-discovery.ts",
    ],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.test.{ts,tsx}", "server/tests/**"],
    // hostile-input probes numbers past double precision on purpose
    rules: { "no-loss-of-precision": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["client/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
);
