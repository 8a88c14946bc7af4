/**
 * The interface resource modules use to talk to the cloud. The implementation
 * (`client.ts`) unwraps the `{success, code, data}` envelope, retries reads,
 * never blindly retries paid orders, and raises `ApiError`s (see errors.ts).
 */

/** Options of one request. */
export interface RequestOptions {
  /** Query parameters; an array value repeats the parameter. */
  query?: Record<string, string | string[]>;
  /**
   * True for calls that place a paid order (create, change-package, storage
   * upgrade, ...). They are retried only when the order cannot have been
   * placed (429, connection refused); any other failure raises
   * `OrderOutcomeUnknownError` so the caller reconciles by listing.
   */
  paid?: boolean;
  /** Resolve with `null` instead of raising on HTTP 404 (reads, deletes). */
  notFoundAsNull?: boolean;
  /** Abort the request. */
  signal?: AbortSignal;
}

/**
 * A JSON HTTP client for the cloud API. Every method resolves with the
 * envelope's `data` (or the whole body when `data` is missing or null), which
 * may be an object, an array or a primitive.
 * Errors: `ApiError` (non-2xx, with method, path, status, message),
 * `OrderOutcomeUnknownError` (a paid call whose outcome is unknown),
 * `NetworkError` (transport failure on a non-paid call after retries).
 */
export interface ApiClient {
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  delete(path: string, options?: RequestOptions): Promise<unknown>;
  /** Closes the keep-alive pool. */
  close(): Promise<void>;
}
