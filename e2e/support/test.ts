import { test as base } from "@playwright/test";
import { LEFT_OUT } from "./server";

export { expect } from "@playwright/test";

/**
 * Playwright's `test` with the run's policy, for every spec: each tag is recorded as an annotation
 * (a JUnit property), and a test whose tag the run leaves out (`LEFT_OUT`) is reported skipped
 * with the reason and how to run it, instead of vanishing from the report.
 */
export const test = base.extend<{ runPolicy: void }>({
  runPolicy: [
    async ({}, use, testInfo) => {
      for (const tag of testInfo.tags) testInfo.annotations.push({ type: "tag", description: tag });
      const leftOut = LEFT_OUT.find(({ tag }) => testInfo.tags.includes(tag));
      testInfo.skip(Boolean(leftOut), leftOut?.reason);
      await use();
    },
    { auto: true },
  ],
});
