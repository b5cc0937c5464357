/**
 * Server log lines. Only the error's name, message and stack are written, never a request body,
 * so names, emails, phone numbers and addresses stay out of the logs.
 */
export function logError(context: string, error: unknown): void {
  const detail = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ""}` : String(error);
  console.error(`[service] ${context}: ${detail}`);
}
