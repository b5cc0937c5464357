import { clientAddress } from "./http-entry";

const address = (forwardedFor: string | undefined, trustProxy: boolean) => clientAddress({ socketAddress: "10.0.0.5", forwardedFor, trustProxy });

/** The address the save limits count: chosen by the server, never by the client. */
describe("client address", () => {
  it("is the peer's unless a proxy is trusted, whatever the client sends", () => {
    expect(address("1.2.3.4", false)).toBe("10.0.0.5");
  });

  it("behind a trusted proxy, is the entry the proxy appended (the last)", () => {
    expect(address("6.6.6.6, 203.0.113.9", true)).toBe("203.0.113.9");
  });

  it("falls back to the peer when the forwarded list is empty or blank", () => {
    for (const forwarded of ["", "  ", " , ,", undefined]) expect(address(forwarded, true)).toBe("10.0.0.5");
  });

  it("keeps at most 64 characters", () => {
    expect(address("a".repeat(500), true)).toHaveLength(64);
  });
});
