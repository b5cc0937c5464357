import { escapeForLog, logError, MAX_LINE } from "./log";

/** Nothing a request carries can write a line of its own into the server log. */
describe("server log", () => {
  it("escapes line breaks and other control characters", () => {
    expect(escapeForLog("GET /x\n[service] forged\r\u0000\u001b[31m")).toBe("GET /x\\n[service] forged\\r\\u0000\\u001b[31m");
    expect(escapeForLog("plain text")).toBe("plain text");
  });

  it("writes one line for the error whatever its message holds, then only stack frames", () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((text: string) => lines.push(...text.split("\n")));
    try {
      logError("call lead/save failed", new Error("bad input\n[service] call forged: owned\nmore"));
    } finally {
      spy.mockRestore();
    }
    expect(lines[0]).toBe("[service] call lead/save failed: Error: bad input\\n[service] call forged: owned\\nmore");
    expect(lines.slice(1).every((line) => line.startsWith("    at "))).toBe(true);
    expect(lines.filter((line) => line.includes("forged"))).toHaveLength(1);
  });

  it("never writes a private page's token, and no line over 1 KB however long the request was", () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((text: string) => lines.push(...text.split("\n")));
    try {
      logError("request GET /requests/3f9a7c2b1e8d4a6f0b5c9e7d2a1f4b8c failed", new Error(`upstream closed for /newsletter/confirm/abcdef0123456789abcdef ${"x".repeat(8192)}`));
    } finally {
      spy.mockRestore();
    }
    expect(lines.join("\n")).not.toMatch(/3f9a7c2b1e8d4a6f0b5c9e7d2a1f4b8c|abcdef0123456789abcdef/);
    expect(lines[0]).toContain("/requests/[token]");
    expect(lines[0]).toContain("/newsletter/confirm/[token]");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(MAX_LINE);
  });
});
