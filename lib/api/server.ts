import "server-only";
import { env } from "../env";
import { getService } from "../service/default";
import { createApiClient, type ApiClient, type Transport } from "./client";
import { createHttpTransport } from "./http-transport";

/**
 * The in-process transport: the same service and validation as over HTTP, without the hop.
 * The body goes through a JSON round trip so it is exactly what an HTTP caller could send.
 */
export function createInProcessTransport(service = getService()): Transport {
  return (call, body) => service.handle(call, JSON.parse(JSON.stringify(body ?? {})));
}

let client: ApiClient | undefined;

/** The server's typed client: in-process by default, HTTP when API_BASE_URL is set. */
export function serverApi(): ApiClient {
  if (!client) {
    const { API_BASE_URL, API_TOKEN } = env();
    client = createApiClient(
      API_BASE_URL ? createHttpTransport({ baseUrl: API_BASE_URL, token: () => API_TOKEN }) : createInProcessTransport(),
    );
  }
  return client;
}
