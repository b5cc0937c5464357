import { getActionNotFoundError, getInvalidServerReferenceIdError } from "next/dist/server/app-render/manifests-singleton";
import { boundNextActionLogs } from "./next-log";
import { MAX_LINE, REPEATED_LOG_INTERVAL_MS } from "../service/log";

/**
 * Next.js answers a POST naming an unknown server action with `console.warn(error)`
 * (action-handler.js, handleUnrecognizedAction), ~250 bytes per anonymous request. In the
 * production server those lines follow the site's log policy: one bounded line per interval.
 */
describe("Next.js's log of invalid server actions", () => {
  const captured = () => {
    const lines: string[] = [];
    const target = { warn: (...args: unknown[]) => void lines.push(args.map(String).join(" ")), error: (...args: unknown[]) => void lines.push(args.map(String).join(" ")) };
    return { lines, target };
  };

  it("writes at most one line per interval for any number of invalid actions, then how many were left out", () => {
    const { lines, target } = captured();
    let now = 1_000_000;
    const restore = boundNextActionLogs(target, { now: () => now });
    // What Next.js does for each of 1,000 anonymous POSTs with made-up action ids.
    for (let index = 0; index < 500; index++) target.warn(getActionNotFoundError(`${index}`.padStart(42, "f")));
    for (let index = 0; index < 500; index++) target.warn(getInvalidServerReferenceIdError(`x\n[next] forged ${"y".repeat(5000)}`));
    expect(lines).toHaveLength(1);
    now += REPEATED_LOG_INTERVAL_MS;
    target.warn(getActionNotFoundError("ab".repeat(21)));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/999 more/);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(MAX_LINE);
      expect(line).not.toMatch(/\n/);
    }
    restore();
  });

  it("leaves every other warning and error as it is", () => {
    const { lines, target } = captured();
    const restore = boundNextActionLogs(target, { now: () => 0 });
    target.warn("a warning of the site's own");
    target.error(new Error("a real failure"));
    target.warn(new Error("another"));
    expect(lines).toEqual(["a warning of the site's own", "Error: a real failure", "Error: another"]);
    restore();
  });
});
