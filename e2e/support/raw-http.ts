import http from "node:http";
import https from "node:https";
import { E2E_BASE_URL } from "./server";

/**
 * A request sent exactly as written (no URL normalisation, unlike a browser or Playwright's
 * request context), answered with the status, the raw header lines (repeats kept) and the body.
 */
export type RawAnswer = { status: number; rawHeaders: Array<[string, string]>; headers: http.IncomingHttpHeaders; body: Buffer };

export function rawRequest(path: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  const base = new URL(E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    // A site started elsewhere may be on HTTPS (E2E_BASE_URL).
    const client = base.protocol === "https:" ? https : http;
    const request = client.request({ host: base.hostname, port: base.port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const pairs: Array<[string, string]> = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) pairs.push([response.rawHeaders[index].toLowerCase(), response.rawHeaders[index + 1]]);
        resolve({ status: response.statusCode ?? 0, rawHeaders: pairs, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/** How many times a header appears in an answer. */
export const countHeader = (answer: RawAnswer, name: string) => answer.rawHeaders.filter(([header]) => header === name).length;
