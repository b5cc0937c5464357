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
