/**
 * Errors raised by the API client (client.ts) and the poller (poll.ts).
 *
 * Every message is safe to print: server text is masked (secret JSON keys,
 * known secret values such as the request's password) before it goes into a
 * message, and the API token never appears in one. See
 * docs/api/envelope-and-errors.md, section "Errors".
 */
import { maskLiterals, maskSecretPairsInText, maskSecrets } from '../core/mask.js';
import { isRecord } from './parse.js';

/** Longest server text kept in a message, in characters. */
export const MAX_SERVER_MESSAGE_LENGTH = 500;

function truncate(text: string, limit = MAX_SERVER_MESSAGE_LENGTH): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

/** Collapses runs of blanks and newlines into single spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * An error about one API call: its HTTP method and path. The base of the
 * client's errors ({@link ApiError}, {@link InvalidResponseError},
 * {@link NetworkError}, {@link OrderOutcomeUnknownError}).
 */
export abstract class ApiCallError extends Error {
  /** Stable identifier of the subclass (docs/automation.md, "Errors"): `api_error`, `invalid_response`, `network_error`, `order_outcome_unknown`. */
  abstract readonly code: string;
  /** HTTP method, upper case. */
  readonly method: string;
  /** Request path relative to the base URL (no query string). */
  readonly path: string;

  /** Sets `name`, `message`, `method`, `path` and, when given, `cause`. */
  protected constructor(name: string, message: string, call: { method: string; path: string; cause?: unknown }) {
    super(message, 'cause' in call ? { cause: call.cause } : undefined);
    this.name = name;
    this.method = call.method;
    this.path = call.path;
  }
}

/** A non-2xx reply from the API. */
export class ApiError extends ApiCallError {
  /** HTTP status, e.g. 422. */
  readonly status: number;
  readonly code = 'api_error';
  /** The envelope `code` of the error body, when it carried an integer one. */
  readonly envelopeCode?: number;
  /** The server's message, masked and truncated (may be empty). */
  readonly serverMessage: string;
  /** The error body: parsed JSON with secrets masked, or masked text; `undefined` when empty. */
  readonly body?: unknown;

  /** Message: `POST /lites: HTTP 422: console_password must contain a digit`. */
  constructor(init: { method: string; path: string; status: number; code?: number; serverMessage: string; body?: unknown }) {
    super('ApiError', `${init.method} ${init.path}: HTTP ${init.status}${init.serverMessage ? `: ${init.serverMessage}` : ''}`, init);
    this.status = init.status;
    if (init.code !== undefined) this.envelopeCode = init.code;
    this.serverMessage = init.serverMessage;
    if (init.body !== undefined) this.body = init.body;
  }
}

/**
 * A 2xx reply whose body cannot be used: not JSON, or empty (an empty body is
 * accepted on DELETE only).
 */
export class InvalidResponseError extends ApiCallError {
  readonly code = 'invalid_response';
  readonly status: number;

  /** Message: `GET /lites/products: HTTP 200 but the response body is not JSON: <masked start of body>`. */
  constructor(init: { method: string; path: string; status: number; reason: string }) {
    super('InvalidResponseError', `${init.method} ${init.path}: HTTP ${init.status} but ${init.reason}`, init);
    this.status = init.status;
  }
}

/**
 * A transport failure (connection refused or reset, socket closed, timeout)
 * that persisted through every retry of a call that was safe to retry, or a
 * failure of a call that certainly never reached the server (connection
 * refused on a paid order).
 */
export class NetworkError extends ApiCallError {
  readonly code = 'network_error';
  /** The cause's code: `ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`, `ETIMEDOUT`, ... or `UNKNOWN`. */
  readonly causeCode: string;
  /** Attempts made, including the first. */
  readonly attempts: number;

  /** Message: `GET /lites/accounts: network error after 4 attempts: ECONNRESET (socket hang up)`. */
  constructor(init: { method: string; path: string; code: string; detail: string; attempts: number; cause?: unknown }) {
    super(
      'NetworkError',
      `${init.method} ${init.path}: network error after ${init.attempts} attempt${init.attempts === 1 ? '' : 's'}: ${init.code}${init.detail ? ` (${init.detail})` : ''}`,
      { method: init.method, path: init.path, cause: init.cause },
    );
    this.causeCode = init.code;
    this.attempts = init.attempts;
  }
}

/**
 * A non-idempotent call (a paid order, or an action such as keypair
 * generate) may or may not have taken effect: the request was sent and no
 * usable answer came back (5xx on a paid order, connection reset or closed,
 * timeout, abort, unreadable 2xx body). It is never retried blindly; the
 * caller reconciles by listing what exists.
 */
export class OrderOutcomeUnknownError extends ApiCallError {
  readonly code = 'order_outcome_unknown';
  /** Human reason, e.g. `the connection was reset after the request was sent`. */
  readonly reason: string;
  /** The HTTP status when the server answered (5xx, or a 2xx with an unreadable body). */
  readonly status?: number;

  /** Message: `the outcome of POST /lites/keypairs/ is unknown: the connection was reset after the request was sent`. */
  constructor(init: { method: string; path: string; reason: string; status?: number; cause?: unknown }) {
    super('OrderOutcomeUnknownError', `the outcome of ${init.method} ${init.path} is unknown: ${init.reason}`, {
      method: init.method,
      path: init.path,
      cause: init.cause,
    });
    this.reason = init.reason;
    if (init.status !== undefined) this.status = init.status;
  }
}

/** Polling for `Active` reached the operation's deadline. */
export class PollTimeoutError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'poll_timeout';
  /** The polled path. */
  readonly path: string;
  /** The last status seen (as the server spelled it; empty when none was seen). */
  readonly lastStatus: string;
  /** Seconds waited. */
  readonly waitedSeconds: number;

  /**
   * Message: `timed out after 1200 s waiting for lite VM (GET /lites/accounts/7) to become Active; last status: Pending`,
   * plus a hint about unpaid invoices when the last status is `Pending`.
   */
  constructor(init: { path: string; lastStatus: string; waitedSeconds: number; what?: string }) {
    const subject = init.what ? `${init.what} (GET ${init.path})` : `GET ${init.path}`;
    const pending = init.lastStatus.toLowerCase() === 'pending';
    super(
      `timed out after ${formatSeconds(init.waitedSeconds)} s waiting for ${subject} to become Active; last status: ${init.lastStatus || '(none)'}` +
        (pending ? ' (an order whose invoice is unpaid stays Pending until it is paid)' : ''),
    );
    this.name = 'PollTimeoutError';
    this.path = init.path;
    this.lastStatus = init.lastStatus;
    this.waitedSeconds = init.waitedSeconds;
  }
}

/** While waiting for `Active`, the resource went to a failure status (`Suspended`, `Terminated`, `error`, ...). */
export class ResourceFailedError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'resource_failed';
  /** The polled path. */
  readonly path: string;
  /** The failure status as the server spelled it. */
  readonly status: string;

  /** Message: `lite VM (GET /lites/accounts/7) went to status Suspended while waiting for it to become Active`. */
  constructor(init: { path: string; status: string; what?: string }) {
    const subject = init.what ? `${init.what} (GET ${init.path})` : `GET ${init.path}`;
    super(`${subject} went to status ${init.status} while waiting for it to become Active`);
    this.name = 'ResourceFailedError';
    this.path = init.path;
    this.status = init.status;
  }
}

function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

/** True when `error` is an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when `error` is an {@link ApiError} with HTTP status 404 (the id is unknown / gone). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** True when `error` is an {@link OrderOutcomeUnknownError}: reconcile by listing before doing anything else. */
export function isOrderOutcomeUnknown(error: unknown): error is OrderOutcomeUnknownError {
  return error instanceof OrderOutcomeUnknownError;
}

/** What {@link describeErrorBody} extracts from an error reply. */
export interface ErrorBodyDescription {
  /** Masked, single-line, truncated server message; `''` for an empty body. */
  serverMessage: string;
  /** The body's integer `code`, when present. */
  code?: number;
  /** Parsed JSON with secrets masked, or the masked text; `undefined` when empty. */
  body?: unknown;
}

/**
 * Renders a validation `detail` array compactly: items shaped like
 * `{loc: [...], msg}` become `loc.path: msg` joined by `; ` (their `input`,
 * which may echo a password, is dropped); anything else is compact JSON of
 * the masked value.
 */
function renderDetail(detail: unknown): string {
  if (Array.isArray(detail) && detail.length > 0 && detail.every((item) => isRecord(item) && typeof item.msg === 'string')) {
    return (detail as Array<Record<string, unknown>>)
      .map((item) => {
        const loc = Array.isArray(item.loc) ? item.loc.map(String).join('.') : typeof item.loc === 'string' ? item.loc : '';
        return loc ? `${loc}: ${String(item.msg)}` : String(item.msg);
      })
      .join('; ');
  }
  return JSON.stringify(maskSecrets(detail)) ?? '';
}

function messageFromJson(parsed: unknown): string {
  if (typeof parsed === 'string') return parsed;
  if (!isRecord(parsed)) return JSON.stringify(maskSecrets(parsed)) ?? '';
  const { detail, message, error } = parsed;
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (detail !== undefined && detail !== null && typeof detail === 'object') return renderDetail(detail);
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isRecord(error) || Array.isArray(error)) return renderDetail(error);
  return JSON.stringify(maskSecrets(parsed)) ?? '';
}

/**
 * Extracts the server's message from an error body, following docs/api/envelope-and-errors.md
 * "Errors": `detail` when it is a string (when it is an array or object, a
 * compact rendering of it), else `message`, else `error`, else the raw body.
 *
 * Masking, before anything is returned (src/core/mask.ts): values under
 * secret JSON keys become `(sensitive)` (recursively); in a body that is not
 * JSON, `key: value` pairs with a secret key are masked; then every literal
 * in `secrets` (the token, secret values of the request body) is replaced
 * by `(sensitive)`. The message is made
 * single-line and truncated to {@link MAX_SERVER_MESSAGE_LENGTH} characters.
 *
 * @param text    the raw error body (may be empty or not JSON)
 * @param secrets literal secret values to mask wherever they appear
 */
export function describeErrorBody(text: string, secrets: readonly string[] = []): ErrorBodyDescription {
  const trimmed = text.trim();
  if (trimmed === '') return { serverMessage: '' };
  let parsed: unknown;
  let isJson = false;
  try {
    parsed = JSON.parse(trimmed);
    isJson = true;
  } catch {
    isJson = false;
  }
  if (!isJson) {
    const masked = maskLiterals(maskSecretPairsInText(trimmed), secrets);
    return { serverMessage: truncate(oneLine(masked)), body: truncate(masked, 4 * MAX_SERVER_MESSAGE_LENGTH) };
  }
  const description: ErrorBodyDescription = {
    serverMessage: truncate(oneLine(maskLiterals(messageFromJson(parsed), secrets))),
    body: maskBody(parsed, secrets),
  };
  if (isRecord(parsed) && typeof parsed.code === 'number' && Number.isInteger(parsed.code)) description.code = parsed.code;
  return description;
}

/** The body with secret keys masked and secret literals replaced, as parsed JSON. */
function maskBody(parsed: unknown, secrets: readonly string[]): unknown {
  const maskedText = maskLiterals(JSON.stringify(maskSecrets(parsed)) ?? 'null', secrets);
  try {
    return JSON.parse(maskedText) as unknown;
  } catch {
    return maskedText;
  }
}

/**
 * Message text for a body that is not usable, masked and shortened; used by
 * the client for {@link InvalidResponseError}.
 */
export function describeUnusableBody(text: string, secrets: readonly string[] = []): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'the response body is empty';
  const start = truncate(oneLine(maskLiterals(maskSecretPairsInText(trimmed), secrets)), 120);
  return `the response body is not JSON: ${start}`;
}
