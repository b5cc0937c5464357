/**
 * The one error type of the service and the client: an HTTP status and a sentence a visitor can
 * act on (from ./messages). The service throws it for expected failures; the client throws it
 * for any failed call.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The request field a 400 is about (the first invalid one), when the service named it. */
  readonly field?: string;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    if (field) this.field = field;
  }

  /** A transport failure (no response at all) is status 0. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * A read whose answer may be "nothing there": its value, or null when the service refused it with
 * one of `statuses` (by default 404; a token page passes 400 too, a malformed token opening nothing
 * either). Any other failure is thrown on.
 */
export async function nullWhenMissing<T>(read: Promise<T>, statuses: readonly number[] = [404]): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && statuses.includes(error.status)) return null;
    throw error;
  }
}
