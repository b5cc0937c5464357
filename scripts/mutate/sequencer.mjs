// For `npm run mutate` only (jest.mutate.config.mjs): runs only the test files that hold a test
// whose name the mutant's run asks for (record-tests.ts wrote, per file, the names it holds).
// Without a name filter (Stryker's first run), or before anything was recorded, every file runs.
import fs from "node:fs";
import path from "node:path";
import testSequencer from "@jest/test-sequencer";

const Sequencer = testSequencer.default ?? testSequencer;

class MutantTestSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.pattern = options.globalConfig.testNamePattern;
  }

  sort(tests) {
    const sorted = super.sort(tests);
    const dir = process.env.MUTATE_TEST_NAMES_DIR && path.resolve(process.env.MUTATE_TEST_NAMES_DIR);
    if (!this.pattern || !dir || !fs.existsSync(dir)) return sorted;
    const wanted = new RegExp(this.pattern, "i");
    const holding = new Set();
    for (const name of fs.readdirSync(dir)) {
      const { file, names } = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
      if (names.some((test) => wanted.test(test))) holding.add(path.resolve(process.cwd(), file));
    }
    return sorted.filter((test) => holding.has(test.path));
  }
}

export default MutantTestSequencer;
