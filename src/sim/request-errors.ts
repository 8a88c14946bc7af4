/**
 * The errors a route answers with: an HTTP status and the API's error envelope.
 */

/**
 * An error answered as `{success:false, code: status, message, detail?}`.
 * Handlers throw it; the server turns it into the response.
 */
export class HttpError extends Error {
  /**
   * @param status HTTP status (also the envelope `code`).
   * @param message human-readable summary.
   * @param detail optional detail string (validation problems joined by `; `).
   * @param errors optional per-field messages (validation).
   */
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 `{success:false, code:404, message}` for an unknown id. */
export function notFound(what: string, id: string | number): HttpError {
  return new HttpError(404, `${what} ${id} not found`);
}

/** 409 conflict (e.g. an action on a terminated or still provisioning account). */
export function conflict(message: string): HttpError {
  return new HttpError(409, message);
}
