import { ApiError, UNEXPECTED_ERROR_MESSAGE } from "./errors";
import { contract, failureSchema, type CallName, type CallRequest, type CallResponse } from "./contract";

/** What a transport answers: the HTTP status and the parsed JSON body. */
export type TransportResult = { status: number; body: unknown };
export type Transport = (call: CallName, body: unknown) => Promise<TransportResult>;

export type ApiClient = {
  call<C extends CallName>(name: C, body: CallRequest<C>): Promise<CallResponse<C>>;
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
        throw new ApiError(status, failure.success ? failure.data.message : UNEXPECTED_ERROR_MESSAGE);
      }
      const parsed = contract[name].response.safeParse(received);
      if (!parsed.success) {
        throw new ApiError(502, `The service answered ${name} with data that does not match the contract.`);
      }
      return parsed.data as CallResponse<typeof name>;
    },
  };
}
