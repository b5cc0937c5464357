import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/**
 * `npm run test:reliability`: production servers under load, crashes and malformed input
 * (e2e/reliability). Kept out of `npm test`: the files are named *.reliability.ts, which
 * the unit configuration does not match, and they need a production build (see global-setup).
 */
/** @type {import('jest').Config} */
const config = {
  displayName: "reliability",
  testEnvironment: "node",
  testMatch: ["<rootDir>/e2e/reliability/**/*.reliability.ts"],
  globalSetup: "<rootDir>/e2e/reliability/global-setup.ts",
  moduleNameMapper: {
    "^server-only$": "<rootDir>/test-support/server-only.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  // Per test; each file also bounds its own waits, and the whole suite stays under 10 minutes.
  testTimeout: 300_000,
  verbose: true,
};

export default createJestConfig(config);
