// ReDoS check, run by .ci/run (`npm run lint:regex`): every regular expression in src/ must be free of
// super-linear backtracking, both within one match attempt and across the attempts of a scan
// (eslint-plugin-regexp's no-super-linear-backtracking and no-super-linear-move). Only these rules run.
import tsParser from "@typescript-eslint/parser";
import regexp from "eslint-plugin-regexp";

export default [
  {
    files: ["src/**/*.ts"],
    languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
    plugins: { regexp },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "certain" }],
      "regexp/no-super-linear-move": ["error", { report: "certain", ignoreSticky: false }],
    },
  },
];
