/**
 * The one error type of the service and the client: an HTTP status and a sentence a visitor can
 * act on. The service throws it for expected failures; the client throws it for any failed call.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }

  /** A transport failure (no response at all) is status 0. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const NETWORK_ERROR_MESSAGE =
  "We could not reach the server. Please check your connection and try again; nothing you typed was lost.";
export const UNEXPECTED_ERROR_MESSAGE = "Something went wrong on our side. Please try again in a moment.";
