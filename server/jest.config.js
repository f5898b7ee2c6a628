/** Server tests: jest in native ESM mode (Agenda 6 is ESM-only), one embedded Postgres per run. */
export default {
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/**/*.test.ts", "<rootDir>/src/**/*.test.ts"],
  extensionsToTreatAsEsm: [".ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript" }, target: "es2023" }, module: { type: "es6" } },
    ],
  },
  // @sufra/schema from its TypeScript source, as tsx and the type check take it (Node alone takes its dist/)
  // argon2 with light parameters for the code under test (see tests/support/argon2-light.ts)
  moduleNameMapper: {
    "^@sufra/schema$": "<rootDir>/../schema/src/index.ts",
    "^@node-rs/argon2$": "<rootDir>/tests/support/argon2-light.ts",
  },
  globalSetup: "<rootDir>/tests/support/global-setup.ts",
  globalTeardown: "<rootDir>/tests/support/global-teardown.ts",
  testTimeout: 30000,
  maxWorkers: 2,
  // a worker that has grown past 1.5 GB (ESM test files' modules are not freed between files) is started afresh
  // before its next file: past ~5 GB late in a run, its garbage collection stalled timing-sensitive files
  workerIdleMemoryLimit: "1536MB",
};
