import { createRepeatedLog } from "../service/log";

/**
 * Next.js answers a POST that names a server action this build does not have (an old tab after
 * a deployment, or anyone with curl) with `console.warn(error)` (next/dist/server/app-render/
 * action-handler.js, handleUnrecognizedAction): about 250 bytes per request, outside the site's
 * log policy (lib/service/log.ts). The production server runs Next.js in its own process, so it
 * routes those warnings, and only those, through a repeated-line log: one escaped, bounded line
 * per interval with the count of the others. Every other line Next.js writes is left as it is.
 */
const INVALID_ACTION = /^(Failed to find Server Action|The Server Reference ID did not match the expected format)/;

/** Installs the routing on `target` (the process's console); returns what undoes it. */
export function boundNextActionLogs(target: Pick<Console, "warn" | "error">, { now }: { now?: () => number } = {}): () => void {
  const original = { warn: target.warn, error: target.error };
  const repeated = createRepeatedLog("next", { now, write: (line) => original.warn.call(target, line) });
  const route =
    (write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const [first] = args;
      const message = first instanceof Error ? first.message : typeof first === "string" ? first : "";
      if (args.length === 1 && INVALID_ACTION.test(message)) return repeated(`invalid server action: ${message.split("\n")[0]}`);
      write.apply(target, args);
    };
  target.warn = route(original.warn);
  target.error = route(original.error);
  return () => {
    target.warn = original.warn;
    target.error = original.error;
  };
}
