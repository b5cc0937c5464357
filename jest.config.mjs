import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * Packages that ship only ES modules (better-auth and what it loads): Jest runs CommonJS on
 * Node 20, so these are compiled like the app's own files instead of being left as they are.
 */
const ESM_ONLY = ["better-auth", "@better-auth", "better-call", "@better-fetch", "rou3", "jose", "@noble", "nanostores", "uncrypto", "defu"];

/** @type {import('jest').Config} */
const config = {
  // Service and database suites run in Node; component tests opt into jsdom with a docblock.
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  // Each run's seeded database templates, made once and copied per suite (test-support/database.ts).
  globalSetup: "<rootDir>/test-support/jest-global-setup.ts",
  globalTeardown: "<rootDir>/test-support/jest-global-teardown.ts",
  testMatch: ["<rootDir>/{lib,components,app,test-support}/**/*.test.{ts,tsx}"],
  moduleNameMapper: {
    // The guard only matters to the Next.js bundler; tests import server modules directly.
    "^server-only$": "<rootDir>/test-support/server-only.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testTimeout: 60_000,
};

const jestConfig = async () => {
  const resolved = await createJestConfig(config)();
  // next/jest leaves node_modules untransformed except for its own list: add ours to that list.
  const transformIgnorePatterns = resolved.transformIgnorePatterns.map((pattern) => pattern.replace("(?!(geist|", `(?!(${ESM_ONLY.join("|")}|geist|`));
  if (!transformIgnorePatterns.some((pattern) => pattern.includes("better-auth"))) throw new Error("jest.config.mjs: next/jest's transformIgnorePatterns changed; add the ESM-only packages again");
  return { ...resolved, transformIgnorePatterns };
};

export default jestConfig;
