import http from "node:http";

/**
 * A small HTTP client on node:http for the reliability suites. Unlike fetch, its Agent bounds
 * the sockets in flight (the rest of a burst waits in the agent's queue as pending promises) and
 * it sends exactly the bytes and headers a test asks for, malformed ones included.
 */
export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string };

export type HttpRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: http.Agent;
  timeoutMs?: number;
};

export function createAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

export function httpRequest(url: string, { method = "GET", headers = {}, body, agent, timeoutMs = 60_000 }: HttpRequest = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
    const request = http.request(
      url,
      {
        method,
        agent: agent ?? false,
        headers: payload ? { ...headers, "content-length": String(payload.length) } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(payload);
  });
}

/** The parsed JSON body, or undefined when the body is not JSON. */
export function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

export type CallOptions = {
  /** Sent as `Authorization: Bearer …`: a server-to-server call. */
  token?: string;
  /** Sent as the Origin header: a browser on that site. */
  origin?: string;
  agent?: http.Agent;
  timeoutMs?: number;
};

/** POST /api/<call> with a JSON body, answered with the status and the parsed body. */
export async function callApi(
  baseUrl: string,
  call: string,
  body: unknown,
  { token, origin, agent, timeoutMs }: CallOptions = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (origin) headers.origin = origin;
  const answer = await httpRequest(`${baseUrl}/api/${call}`, { method: "POST", headers, body: JSON.stringify(body), agent, timeoutMs });
  const parsed = jsonOf(answer);
  const record = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { raw: answer.text };
  return { status: answer.status, body: record, headers: answer.headers };
}
