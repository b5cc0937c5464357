import fs from "node:fs";
import path from "node:path";

/**
 * For `npm run mutate` only (jest.mutate.config.mjs). Stryker's Jest runner narrows each
 * mutant's run to the tests that reached it by name, but still loads every test file related to
 * the mutated module (for lib/service/log.ts, all of them: 3-4 minutes here per mutant). During
 * Stryker's first run, with no mutant active, this records which tests each file holds, so
 * sequencer.mjs can leave out the files holding none of a mutant's tests.
 */
const namesDir = process.env.MUTATE_TEST_NAMES_DIR ? path.resolve(process.env.MUTATE_TEST_NAMES_DIR) : undefined;
const active = process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined;
const names: string[] = [];

if (namesDir && !active) {
  beforeEach(() => {
    const { currentTestName } = expect.getState();
    if (currentTestName) names.push(currentTestName);
  });
  afterAll(() => {
    const { testPath } = expect.getState();
    if (!testPath || !names.length) return;
    fs.mkdirSync(namesDir, { recursive: true });
    // Relative to the project: each Stryker process has a copy of it, in a folder of its own.
    const relative = path.relative(process.cwd(), testPath);
    fs.writeFileSync(path.join(namesDir, `${relative.replace(/[\\/]/g, "__")}.json`), JSON.stringify({ file: relative, names }));
  });
}
