import { ApiError } from "../contract/errors";
import { FAILURE } from "../contract/messages";
import { failureSchema, schemasOf, type AnyCallName, type AnyCallRequest, type AnyCallResponse, type CallResult } from "../contract";

/** Moves one call and answers its HTTP status and parsed JSON body. */
export type Transport = (call: AnyCallName, body: unknown) => Promise<CallResult>;

export type ApiClient = {
  call<C extends AnyCallName>(name: C, body: AnyCallRequest<C>): Promise<AnyCallResponse<C>>;
};

/**
 * The typed POST client. The transport moves bytes; this checks what comes back against the
 * contract, so a page never renders a response the contract does not promise.
 */
export function createApiClient(transport: Transport): ApiClient {
  return {
    async call(name, body) {
      const { status, body: received } = await transport(name, body);
      if (status !== 200) {
        const failure = failureSchema.safeParse(received);
        throw failure.success ? new ApiError(status, failure.data.message, failure.data.field) : new ApiError(status, FAILURE.unexpected);
      }
      const parsed = schemasOf(name).response.safeParse(received);
      if (!parsed.success) throw new ApiError(502, FAILURE.upstreamInvalid);
      return parsed.data as AnyCallResponse<typeof name>;
    },
  };
}
