import { test as base } from "@playwright/test";
import { LEFT_OUT } from "./server";
import { RATE_LIMITED } from "./run-report";

export { expect } from "@playwright/test";

/**
 * Playwright's `test` with the run's policy, for every spec: each tag is recorded as an annotation
 * (a JUnit property), and a test whose tag the run leaves out (`LEFT_OUT`) is reported skipped
 * with the reason and how to run it, instead of vanishing from the report. Every answer 429 a
 * page of the test's browser context receives is recorded too, with the site's Retry-After: a run
 * against a deployment with its own limits says which saves it refused and for how long, beside
 * the failure that shows the refusal dialog's words.
 */
export const test = base.extend<{ runPolicy: void }>({
  // Named `provide`, not `use`: the React hooks lint rule would read `use` as React's hook.
  context: async ({ context }, provide, testInfo) => {
    context.on("response", (response) => {
      if (response.status() !== 429) return;
      const { pathname } = new URL(response.url());
      const retryAfter = response.headers()["retry-after"];
      testInfo.annotations.push({ type: RATE_LIMITED, description: `${response.request().method()} ${pathname}: 429 from the site's rate limit, Retry-After ${retryAfter ?? "not given"} s` });
    });
    await provide(context);
  },
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
