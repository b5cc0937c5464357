import { createRepeatedLog } from "../service/log";
import { isInvalidActionMessage } from "./next-internals";

/**
 * Next.js answers a POST that names a server action this build does not have (an old tab after
 * a deployment, or anyone with curl) with `console.warn(error)` (next-internals.ts,
 * isInvalidActionMessage): about 250 bytes per request, outside the site's
 * log policy (lib/service/log.ts). The production server runs Next.js in its own process, so it
 * routes those warnings, and only those, through a repeated-line log: one escaped, bounded line
 * per interval with the count of the others. Every other line Next.js writes is left as it is.
 */
/**
 * The one repeated line for every invalid post to a server action: those Next.js logs (unknown
 * ids, routed here by boundNextActionLogs) and those the production server refuses before
 * Next.js (server-actions.ts: a foreign or missing Origin, a malformed or oversized body).
 */
export type InvalidActionLog = (message: string) => void;
export const createInvalidActionLog = (write: (line: string) => void, { now }: { now?: () => number } = {}): InvalidActionLog => createRepeatedLog("next", { now, write });

/** Installs the routing on `target` (the process's console); returns what undoes it. */
export function boundNextActionLogs(target: Pick<Console, "warn" | "error">, { now, log }: { now?: () => number; log?: InvalidActionLog } = {}): () => void {
  const original = { warn: target.warn, error: target.error };
  const repeated = log ?? createInvalidActionLog((line) => original.warn.call(target, line), { now });
  const route =
    (write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const [first] = args;
      const message = first instanceof Error ? first.message : typeof first === "string" ? first : "";
      if (args.length === 1 && isInvalidActionMessage(message)) return repeated(`invalid server action: ${message.split("\n")[0]}`);
      write.apply(target, args);
    };
  target.warn = route(original.warn);
  target.error = route(original.error);
  return () => {
    target.warn = original.warn;
    target.error = original.error;
  };
}
