import { escapeForLog, logError } from "./log";

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
});
