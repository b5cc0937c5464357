import type http from "node:http";
import { clientAddress } from "./front";

const request = (headers: http.IncomingHttpHeaders, remoteAddress = "10.0.0.5") => ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;

/** The address the save limits count: chosen by this server, never by the client. */
describe("client address", () => {
  it("is the socket's unless a proxy is trusted, whatever the client sends", () => {
    expect(clientAddress(request({ "x-forwarded-for": "1.2.3.4", "x-real-ip": "5.6.7.8" }), false)).toBe("10.0.0.5");
  });

  it("behind a trusted proxy, is the entry the proxy appended (the last)", () => {
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), true)).toBe("203.0.113.9");
  });

  it("falls back to the socket, never to X-Real-IP, when the forwarded list is empty or blank", () => {
    for (const forwarded of ["", "  ", " , ,", undefined]) {
      expect(clientAddress(request({ "x-forwarded-for": forwarded, "x-real-ip": "9.9.9.9" }), true)).toBe("10.0.0.5");
    }
  });

  it("keeps at most 64 characters", () => {
    expect(clientAddress(request({ "x-forwarded-for": "a".repeat(500) }), true)).toHaveLength(64);
  });
});
