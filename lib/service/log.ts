import { redactPrivatePath } from "../contract/routes";

/**
 * Server log lines. Only an error's name, message and stack are written, never a request body,
 * so names, emails, phone numbers and addresses stay out of the logs; every control character is
 * escaped, so text that came from a request (a path with %0a, say) cannot forge a line of its
 * own; a private page's token is never written (redacted wherever it appears); and no line is
 * longer than MAX_LINE characters, so a request cannot flood the log.
 */
export const MAX_LINE = 1024;
const STACK_FRAMES = 8;

const bounded = (line: string) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 14)} …[truncated]` : line);

export function escapeForLog(text: string): string {
  return redactPrivatePath(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

export function logError(context: string, error: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // Only the frames ("at …") of the stack: its first lines repeat the message, which may hold
  // text from a request, and that must stay on the one escaped line above them.
  const stack = error instanceof Error && error.stack ? error.stack.split("\n").filter((line) => /^\s*at /.test(line)).slice(0, STACK_FRAMES).map((line) => escapeForLog(line.trim())) : [];
  console.error([bounded(`[service] ${escapeForLog(context)}: ${escapeForLog(detail)}`), ...stack.map((line) => bounded(`    ${line}`))].join("\n"));
}

export function logInfo(context: string, message: string): void {
  console.log(bounded(`[${escapeForLog(context)}] ${escapeForLog(message)}`));
}

/**
 * Lines anyone can cause at will (a POST naming a server action that does not exist): at most one
 * per REPEATED_LOG_INTERVAL_MS, saying how many were left out since the last, so a flood of such
 * requests writes a line a minute, not one per request.
 */
export const REPEATED_LOG_INTERVAL_MS = 60_000;

export function createRepeatedLog(context: string, { now = Date.now, write = (line: string) => console.error(line) }: { now?: () => number; write?: (line: string) => void } = {}) {
  let lastWritten = -Infinity;
  let leftOut = 0;
  return (message: string): void => {
    const time = now();
    if (time - lastWritten < REPEATED_LOG_INTERVAL_MS) {
      leftOut++;
      return;
    }
    const note = leftOut > 0 ? ` (${leftOut} more since the last line)` : "";
    lastWritten = time;
    leftOut = 0;
    // The note goes first so that truncating a long message never drops it.
    write(bounded(`[${escapeForLog(context)}]${note} ${escapeForLog(message)}`));
  };
}
