"use client";

import type { ApiClient, Transport } from "./client";
import type { AnyCallResponse } from "../contract";
import { bearerHeader, TOKEN_STORAGE_KEY } from "../contract/bearer";
import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";

/**
 * The browser's typed client: always the site's own POST /api/<call> (which forwards to an
 * external service when one is configured), with the stored bearer token when there is one.
 *
 * It checks `success` and `message` only. The answers come from this site's handlers, typed by
 * the contract; checking them again with zod would put zod in every page's first-load
 * JavaScript (34 kB gzipped) and its compiled validators would need eval, which the
 * Content-Security-Policy forbids. The server-side client keeps the full check.
 */
/** The bearer token of spec section 6, when the browser holds one (storage may be disabled). */
export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

type HttpTransportOptions = {
  /** Base address without the trailing slash, e.g. "/api" or "https://agents.example.com/api". */
  baseUrl: string;
  /** Read on every call so that a token stored after start-up is used. */
  token?: () => string | null | undefined;
  fetch?: typeof fetch;
};

/** `POST {baseUrl}/{call}` with a JSON body: the site's own /api here, any base in tests. */
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

const transport = createHttpTransport({ baseUrl: "/api", token: readToken });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export const browserApi: ApiClient = {
  async call(name, body) {
    const { status, body: received } = await transport(name, body);
    if (status === 200 && isRecord(received) && received.success === true) return received as AnyCallResponse<typeof name>;
    const message = isRecord(received) && typeof received.message === "string" ? received.message : FAILURE.unexpected;
    const field = isRecord(received) && typeof received.field === "string" ? received.field : undefined;
    throw new ApiError(status === 200 ? 502 : status, message, field);
  },
};
