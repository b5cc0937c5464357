import jestConfig from "./jest.config.mjs";

/**
 * The Jest set-up of `npm run mutate` (stryker.config.mjs): the project's own configuration,
 * limited to the Node suites of the modules it mutates, so its first run (which maps every test to
 * the mutants it reaches) does not spend minutes on component and page tests that cannot kill them.
 */
const mutateJestConfig = async () => ({
  ...(await jestConfig()),
  testMatch: ["<rootDir>/lib/service/**/*.test.ts", "<rootDir>/lib/server/page-store*.test.ts"],
});

export default mutateJestConfig;
