import { createRepeatedLog, escapeForLog, logError, logInfo, MAX_LINE, REPEATED_LOG_INTERVAL_MS } from "./log";

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
      // A message line holding " at " is still the message, not a stack frame.
      logError("call lead/save failed", new Error("bad input\n[service] call forged at 12:00: owned\nmore"));
    } finally {
      spy.mockRestore();
    }
    expect(lines[0]).toBe("[service] call lead/save failed: Error: bad input\\n[service] call forged at 12:00: owned\\nmore");
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

describe("server log lines (what the mutation run showed unchecked)", () => {
  const captured = (method: "error" | "log", write: () => void) => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, method).mockImplementation((...text: unknown[]) => {
      lines.push(...String(text[0]).split("\n"));
    });
    try {
      write();
    } finally {
      spy.mockRestore();
    }
    return lines;
  };

  it("escapes tabs, DEL, the C1 controls and the Unicode line separators, and leaves other characters alone", () => {
    expect(escapeForLog("a\tb\u007f\u0085\u009f\u2028\u2029")).toBe("a\\tb\\u007f\\u0085\\u009f\\u2028\\u2029");
    expect(escapeForLog("café ~ \u00a0 \u2027 \u202a")).toBe("café ~ \u00a0 \u2027 \u202a");
  });

  it("keeps a line of exactly MAX_LINE characters whole and cuts a longer one to fit, saying so", () => {
    const fits = "x".repeat(MAX_LINE - "[a] ".length);
    expect(captured("log", () => logInfo("a", fits))).toEqual([`[a] ${fits}`]);
    const [cut] = captured("log", () => logInfo("a", `${fits}x`));
    expect(cut).toBe(`[a] ${"x".repeat(MAX_LINE - 18)} …[truncated]`);
  });

  it("writes a thrown value that is not an Error as its text, on one line", () => {
    expect(captured("error", () => logError("worker tick", "disk full\nforged"))).toEqual(["[service] worker tick: disk full\\nforged"]);
  });

  it("writes at most eight stack frames, trimmed and escaped, and none when the error has no stack", () => {
    const error = new Error("deep");
    error.stack = ["Error: deep", ...Array.from({ length: 12 }, (_, index) => `      at frame${index} (/app/x.ts:${index}:1)\t`)].join("\n");
    const lines = captured("error", () => logError("call", error));
    expect(lines).toEqual(["[service] call: Error: deep", ...Array.from({ length: 8 }, (_, index) => `    at frame${index} (/app/x.ts:${index}:1)`)]);
    const bare = new Error("no stack");
    bare.stack = undefined;
    expect(captured("error", () => logError("call", bare))).toEqual(["[service] call: Error: no stack"]);
  });

  it("logInfo writes one escaped line to the standard output, naming its context", () => {
    expect(captured("log", () => logInfo("worker\n", "sent 3\r\nmessages"))).toEqual(["[worker\\n] sent 3\\r\\nmessages"]);
  });
});

describe("a line anyone can cause at will", () => {
  it("is written at most once a minute, the next one saying how many were left out", () => {
    let time = 1_000_000;
    const written: string[] = [];
    const log = createRepeatedLog("next", { now: () => time, write: (line) => written.push(line) });
    log("unknown action\nforged");
    time += REPEATED_LOG_INTERVAL_MS - 1;
    log("unknown action 2");
    log("unknown action 3");
    expect(written).toEqual(["[next] unknown action\\nforged"]);
    time += 1;
    log("unknown action 4");
    time += REPEATED_LOG_INTERVAL_MS;
    log("unknown action 5");
    expect(written).toEqual(["[next] unknown action\\nforged", "[next] (2 more since the last line) unknown action 4", "[next] unknown action 5"]);
  });

  it("keeps its note when the message is cut to fit a line", () => {
    let time = 0;
    const written: string[] = [];
    const log = createRepeatedLog("next", { now: () => time, write: (line) => written.push(line) });
    log("first");
    log("skipped");
    time = REPEATED_LOG_INTERVAL_MS;
    log("y".repeat(MAX_LINE * 2));
    expect(written[1]).toMatch(/^\[next\] \(1 more since the last line\) y+ …\[truncated\]$/);
    expect(written[1].length).toBeLessThanOrEqual(MAX_LINE);
  });

  it("writes to the error output by default", () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      createRepeatedLog("next")("first");
      expect(spy).toHaveBeenCalledWith("[next] first");
    } finally {
      spy.mockRestore();
    }
  });
});
