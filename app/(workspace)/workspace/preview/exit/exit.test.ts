import { siteUrl } from "@/lib/env";

/**
 * Leaving a preview goes back only to a page of this site: whatever path the Referer carries is
 * a path here, never another host (`//evil.example/x` read as a reference would be one).
 */
jest.mock("next/headers", () => ({
  cookies: async () => ({ delete: () => undefined }),
  draftMode: async () => ({ disable: () => undefined }),
}));

/* eslint-disable @typescript-eslint/no-require-imports -- imported after the mock above */
const { GET } = require("./route") as typeof import("./route");
/* eslint-enable @typescript-eslint/no-require-imports */

const SITE = new URL(siteUrl()).origin;
const exitFrom = async (referer?: string) => {
  const answer = await GET(new Request(`${SITE}/workspace/preview/exit`, { headers: referer === undefined ? {} : { referer } }));
  expect(answer.status).toBe(303);
  return answer.headers.get("location");
};

describe("GET /workspace/preview/exit", () => {
  it("goes back to the public page the preview bar was on, with its query", async () => {
    expect(await exitFrom(`${SITE}/agents/TX/austin?sort=fee`)).toBe(`${SITE}/agents/TX/austin?sort=fee`);
  });

  it.each([`${SITE}//evil.example/x`, `${SITE}//evil.example`, `${SITE}/\\evil.example/x`, `${SITE}/%2F%2Fevil.example/x`])("keeps the Referer %s on this site", async (referer) => {
    const location = await exitFrom(referer);
    expect(new URL(location!).origin).toBe(SITE);
    expect(location).toMatch(new RegExp(`^${SITE}/`));
  });

  it.each([undefined, "https://evil.example/agents/TX/austin", `${SITE}/workspace/pages`, "not a url"])("goes to the workspace from %s", async (referer) => {
    expect(await exitFrom(referer)).toBe(`${SITE}/workspace`);
  });
});
