/** Client tests: jsdom + @testing-library/react, TypeScript through @swc/jest. */
module.exports = {
  // jsdom with Node's fetch classes (Request, Response, AbortSignal): react-router's data router needs them
  testEnvironment: "jest-fixed-jsdom",
  roots: ["<rootDir>/src"],
  setupFiles: ["<rootDir>/test/polyfills.ts"],
  setupFilesAfterEnv: ["<rootDir>/test/setupTests.ts"],
  transform: {
    "^.+\\.(t|j)sx?$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript", tsx: true }, transform: { react: { runtime: "automatic" } } } },
    ],
  },
  moduleNameMapper: {
    "\\.css$": "<rootDir>/test/style-stub.cjs",
    // @sufra/schema from its TypeScript source, as Vite and the type check take it
    "^@sufra/schema$": "<rootDir>/../schema/src/index.ts",
    // @ant-design/icons reaches an ES-only colour module; its CommonJS twin is the same code
    "^@ant-design/colors/es/generate$": "<rootDir>/../node_modules/@ant-design/colors/lib/generate",
    // antd's and the icons' indexes load every component and every icon in each test file: these load
    // on first use (test/antd-lazy.cjs, test/icons-lazy.cjs); antd's style sheets are not generated,
    // as no test reads them (test/cssinjs-lite.cjs)
    "^antd$": "<rootDir>/test/antd-lazy.cjs",
    "^@ant-design/icons$": "<rootDir>/test/icons-lazy.cjs",
    "^@ant-design/cssinjs$": "<rootDir>/test/cssinjs-lite.cjs",
  },
  testMatch: ["**/*.test.ts?(x)"],
  testTimeout: 20000,
  // jest's default on a 2-core machine is one worker; the files are independent, so use both cores
  maxWorkers: 2,
};
