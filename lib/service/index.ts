import "server-only";
import { contract, isCallName, type CallName } from "../api/contract";
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from "../api/errors";
import type { TransportResult } from "../api/client";
import { handlers, type ServiceContext } from "./handlers";
import { logError } from "./log";

export type Service = {
  /** Runs one call on an already-parsed JSON body and answers the HTTP status and JSON body. */
  handle(call: string, body: unknown): Promise<TransportResult>;
};

const failure = (status: number, message: string): TransportResult => ({ status, body: { success: false, message } });

/**
 * The embedded service: validation against the contract, then the call's handler. Expected
 * failures are ApiErrors with their status; anything else is logged and answered with a
 * generic 500 that reveals nothing.
 */
export function createService(context: () => Promise<ServiceContext>): Service {
  return {
    async handle(call, body) {
      if (!isCallName(call)) return failure(404, `There is no call named "${call}".`);
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return failure(400, "The request body must be a JSON object.");
      }
      const parsed = contract[call].request.safeParse(body);
      if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? "The request is not valid.");
      try {
        const handler = handlers[call] as (input: unknown, ctx: ServiceContext) => Promise<unknown>;
        return { status: 200, body: await handler(parsed.data, await context()) };
      } catch (error) {
        if (error instanceof ApiError) return failure(error.status, error.message);
        logError(`call ${call as CallName} failed`, error);
        return failure(500, UNEXPECTED_ERROR_MESSAGE);
      }
    },
  };
}
