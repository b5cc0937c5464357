import { workspaceReturnPath } from "./staff";

describe("the workspace page a sign-in link comes back to", () => {
  it("keeps a workspace page's path and query", () => {
    for (const path of ["/workspace", "/workspace/templates/city", "/workspace/pages/agents/TX/austin", "/workspace/messages?status=new&page=2", "/workspace/pages/agents/TX/san%20antonio"]) {
      expect(workspaceReturnPath(path)).toBe(path);
    }
  });

  it("keeps nothing else: another site, the sign-in pages, odd spellings, long or non-text values", () => {
    for (const value of [
      "https://evil.example/workspace",
      "//evil.example/workspace",
      "/workspace//evil.example",
      "/workspace\\evil",
      "/workspacex",
      "/agents/TX/austin",
      "/workspace/sign-in",
      "/workspace/sign-in/abc123",
      "/workspace/sign-in?x=1",
      "/workspace/a b",
      "/workspace/#x",
      `/workspace/${"a".repeat(500)}`,
      "",
      undefined,
      42,
    ]) {
      expect({ value, kept: workspaceReturnPath(value) }).toEqual({ value, kept: null });
    }
  });
});
