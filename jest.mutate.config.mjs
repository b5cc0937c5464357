import jestConfig from "./jest.config.mjs";

/**
 * The Jest set-up of `npm run mutate` (stryker.config.mjs): the project's own configuration,
 * limited to the Node suites of the modules it mutates, so its first run (which maps every test to
 * the mutants it reaches) does not spend minutes on component and page tests that cannot kill them.
 * Each mutant's run then loads only the test files holding the tests that reached it
 * (scripts/mutate: names recorded in the first run, files chosen by the sequencer).
 */
const mutateJestConfig = async () => {
  const base = await jestConfig();
  return {
    ...base,
    // MUTATE_TEST_FILES=a.test.ts,b.test.ts: only those files, for a quick score of a module its own
    // tests reach (a lower bound: the whole set can only kill more).
    testMatch: process.env.MUTATE_TEST_FILES
      ? process.env.MUTATE_TEST_FILES.split(",").map((file) => `<rootDir>/${file.trim()}`)
      : ["<rootDir>/lib/service/**/*.test.ts", "<rootDir>/lib/server/page-store*.test.ts"],
    setupFilesAfterEnv: [...(base.setupFilesAfterEnv ?? []), "<rootDir>/scripts/mutate/record-tests.ts"],
    testSequencer: "<rootDir>/scripts/mutate/sequencer.mjs",
  };
};

export default mutateJestConfig;
