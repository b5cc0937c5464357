import "server-only";
import { getService } from "../service/default";
import { INTERNAL_CALLER } from "../service/guard";
import { createApiClient, type ApiClient, type Transport } from "./client";

/**
 * The in-process transport of the pages: the service's one door, as the site's own (internal,
 * trusted) caller. The body goes through a JSON round trip so it is exactly what an HTTP caller
 * could send. In forwarding mode the service itself sends the call on to API_BASE_URL.
 */
export function createInProcessTransport(service = getService()): Transport {
  return (call, body) => service.handle({ call, body: JSON.parse(JSON.stringify(body ?? {})), caller: INTERNAL_CALLER });
}

let client: ApiClient | undefined;

export function serverApi(): ApiClient {
  client ??= createApiClient(createInProcessTransport());
  return client;
}
