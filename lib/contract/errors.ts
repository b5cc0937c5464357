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
