import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import type { Transport } from "./client";
import { bearerHeader } from "../contract/bearer";

type HttpTransportOptions = {
  /** Base address without the trailing slash, e.g. "/api" or "https://agents.example.com/api". */
  baseUrl: string;
  /** Read on every call so that a token stored after start-up is used. */
  token?: () => string | null | undefined;
  fetch?: typeof fetch;
};

/** `POST {baseUrl}/{call}` with a JSON body; used by the browser and for an external service. */
export function createHttpTransport({ baseUrl, token, fetch: customFetch }: HttpTransportOptions): Transport {
  // The global is looked up per call, so a page that patches fetch (or a test) is honoured.
  const fetchImpl: typeof fetch = customFetch ?? ((input, init) => fetch(input, init));
  const base = baseUrl.replace(/\/+$/, "");
  return async (call, body) => {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    const bearer = token?.();
    if (bearer) headers.authorization = bearerHeader(bearer);

    let response: Response;
    try {
      response = await fetchImpl(`${base}/${call}`, { method: "POST", headers, body: JSON.stringify(body) });
    } catch {
      throw new ApiError(0, FAILURE.network);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  };
}
