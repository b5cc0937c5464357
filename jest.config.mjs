import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** @type {import('jest').Config} */
const config = {
  // Service and database suites run in Node; component tests opt into jsdom with a docblock.
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  testMatch: ["<rootDir>/{lib,components,app}/**/*.test.{ts,tsx}"],
  moduleNameMapper: {
    // The guard only matters to the Next.js bundler; tests import server modules directly.
    "^server-only$": "<rootDir>/lib/test-support/server-only.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testTimeout: 60_000,
};

export default createJestConfig(config);
