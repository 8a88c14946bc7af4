/**
 * The HTTP implementation of {@link ApiClient} on undici, following
 * docs/api/envelope-and-errors.md ("The envelope", "Errors", "Retries", "Authentication").
 *
 * Money safety is the point of the retry policy:
 * - GET and DELETE (idempotent) retry on transport failures and on HTTP 429,
 *   500, 502, 503, 504, with exponential backoff and full jitter, honouring
 *   `Retry-After` (capped) on 429/503.
 * - POST and PUT retry only when the request cannot have taken effect: a
 *   failure while connecting (connection refused, DNS failure, connect
 *   timeout: no request byte was sent), or, for an unpaid action only, HTTP
 *   429. A paid request is never sent twice: any other failure after it was
 *   sent, a 429 (the order may have been taken before the rate limiter
 *   answered) and a 5xx raise `OrderOutcomeUnknownError` (the caller
 *   reconciles by listing); an unpaid action's 5xx raises `ApiError`.
 *
 * The token goes in the `x-token` header only. It never appears in an error
 * message or in an `onRequest` event: every server text is masked (secret
 * JSON keys, the token, and the secret values of the request body).
 */
import { Agent, request, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiClient, RequestOptions } from './types.js';
import {
  ApiError,
  InvalidResponseError,
  NetworkError,
  OrderOutcomeUnknownError,
  describeErrorBody,
  describeUnusableBody,
} from './errors.js';
import { collectSecretValues, maskLiterals } from '../core/mask.js';
import { isRecord } from './parse.js';
import { sleep } from './poll.js';
import type { RequestLimiter } from './request-budget.js';

/** One HTTP attempt, reported to {@link ApiClientOptions.onRequest}. Never carries bodies or headers. */
export interface RequestEvent {
  /** HTTP method, upper case. */
  method: string;
  /** Path relative to the base URL, without the query string. */
  path: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
  /** Milliseconds from sending to the end of the body (or the failure). */
  durationMs: number;
  /** Transport failure, e.g. `ECONNRESET: socket hang up` (masked). */
  error?: string;
}

/** Settings of {@link createApiClient}. */
export interface ApiClientOptions {
  /**
   * Base URL whose path ends in `/v1`, e.g. `http://127.0.0.1:4010/v1`. A
   * trailing `/` is stripped and request paths are appended verbatim.
   */
  baseUrl: string;
  /** API token, sent as header `x-token`; never in any error message or event. Omitted when absent. */
  token?: string;
  /**
   * The undici dispatcher every request goes through (a `MockAgent` in
   * tests). Default: one keep-alive undici `Agent` created for this client
   * and closed by `close()`. An injected dispatcher is not closed.
   */
  dispatcher?: Dispatcher;
  /**
   * Requests the caller keeps in flight at once (the CLI's `--parallelism`).
   * The client's own keep-alive pool opens at most this many connections
   * (undici's `connections`); a request beyond them waits for a free one.
   * A larger limit only lets undici open spare sockets: a job that sends its
   * next request right after reading a response finds its previous socket
   * not yet released. Ignored with an injected `dispatcher`. A whole number
   * of at least 1; default 32.
   */
  parallelism?: number;
  /** Time limit of one attempt (headers and body), in seconds. Default 30. */
  requestTimeoutSeconds?: number;
  /** Retries after the first attempt for calls that may be retried. Default 3 (4 attempts). */
  retries?: number;
  /** Backoff base in milliseconds: retry n waits a random time in [0, base·2^(n-1)]. Default 500. */
  retryBaseDelayMs?: number;
  /** Upper bound of one wait between attempts, in milliseconds, including `Retry-After`. Default 30000. */
  maxRetryDelayMs?: number;
  /** Called after every attempt (metrics, debug logs). Exceptions it throws are ignored. */
  onRequest?: (event: RequestEvent) => void;
  /** `User-Agent` header. Default `cloudctl`. */
  userAgent?: string;
  /**
   * Secret values known beforehand (the manifest's sensitive variables),
   * masked wherever they appear in an error message or event, like the
   * token and the secret fields of each request body.
   */
  secrets?: readonly string[];
  /**
   * A request budget every attempt takes a token from before it is sent
   * (retries included), told of every HTTP 429 (`RequestBudget`,
   * request-budget.ts). Absent: no limit.
   */
  budget?: RequestLimiter;
}

/** Connections of the client's own pool when {@link ApiClientOptions.parallelism} is not given. */
const DEFAULT_CONNECTIONS = 32;

/** How a call may be retried. */
type CallKind = 'idempotent' | 'paid' | 'action';

/** Result of one attempt. */
type Outcome =
  | { kind: 'response'; status: number; headers: IncomingHttpHeaders; text: string }
  | { kind: 'failure'; error: unknown; cause: 'timeout' | 'abort' | 'transport'; status?: number };

/** Failures while connecting: no request byte reached the server, so any call may be retried. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Failures raised before dispatching (bad arguments, closed client, unmatched mock): rethrown as they are. */
const LOCAL_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_CLOSED',
  'UND_MOCK_ERR_MOCK_NOT_MATCHED',
  'ERR_INVALID_URL',
  'ERR_INVALID_ARG_TYPE',
  'ERR_INVALID_ARG_VALUE',
]);

/** Statuses an idempotent call retries. */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Error codes along `error`, `error.cause`, `AggregateError.errors[0]`, outermost first. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const record = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    if (record.cause !== undefined) current = record.cause;
    else if (Array.isArray(record.errors) && record.errors.length > 0) current = record.errors[0];
    else break;
  }
  return codes;
}

/**
 * The error to attach as `cause`: the original one, unless its message holds
 * a secret (then a masked copy with the same name and code).
 */
function safeCause(error: unknown, mask: (text: string) => string): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? mask(error) : error;
  const masked = mask(error.message);
  if (masked === error.message && mask(String(error.stack)) === String(error.stack)) return error;
  const copy = new Error(masked);
  copy.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** `Retry-After` in milliseconds (delta-seconds or HTTP date), or undefined. */
function retryAfterMs(headers: IncomingHttpHeaders): number | undefined {
  const raw = headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  return undefined;
}

function unwrapEnvelope(body: unknown): unknown {
  if (isRecord(body) && body.data !== undefined && body.data !== null) return body.data;
  return body;
}

/**
 * Creates the API client. Every method resolves with the envelope's `data`
 * (or the whole body when `data` is missing or `null`; `null` for a 404 with
 * `notFoundAsNull`, or an empty 2xx body on DELETE).
 *
 * Errors raised by the methods:
 * - `ApiError`: a non-2xx reply (after retries where allowed), with method,
 *   path, status and the masked server message.
 * - `InvalidResponseError`: a 2xx reply to GET/DELETE whose body is not JSON.
 * - `NetworkError`: a transport failure of a retryable call after every
 *   retry, or of any call that never reached the server.
 * - `OrderOutcomeUnknownError`: a POST/PUT whose effect is unknown (sent,
 *   then no usable answer; a 429 or 5xx on a paid call).
 * - the signal's reason (an `AbortError`) when `options.signal` aborts a
 *   call that has not been sent or that is idempotent.
 *
 * @throws Error at once when `baseUrl` is not an absolute http(s) URL, or
 *   `parallelism` is not a finite number.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const settings = clientSettings(options);
  const { timeoutMs, maxDelayMs, baseDelayMs } = settings;
  const ownDispatcher = options.dispatcher
    ? undefined
    : new Agent({
        keepAliveTimeout: 10_000,
        keepAliveMaxTimeout: 60_000,
        connections: settings.connections,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
  const dispatcher: Dispatcher = options.dispatcher ?? (ownDispatcher as Dispatcher);
  let closed = false;

  const report = (event: RequestEvent): void => {
    if (!options.onRequest) return;
    try {
      options.onRequest(event);
    } catch {
      // A metrics hook must never break a call.
    }
  };

  const backoff = (attempt: number): number => Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));

  async function call(method: string, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<unknown> {
    if (closed) throw new Error(`${method} ${path}: the API client is closed`);
    const prepared = prepareRequest(settings, options, method, path, body, requestOptions);
    const { bare, mask, kind } = prepared;
    const signal = requestOptions.signal;
    const maxAttempts = settings.retries + 1;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw signal.reason;
      await options.budget?.take(signal);
      const started = performance.now();
      const outcome = await attemptOnce(dispatcher, timeoutMs, method, prepared.url, prepared.headers, prepared.payload, signal);
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const canRetry = attempt < maxAttempts;

      if (outcome.kind === 'failure') {
        const codes = errorCodes(outcome.error);
        const code = outcome.cause === 'timeout' ? 'ETIMEDOUT' : (codes[0] ?? 'UNKNOWN');
        const detail = mask(errorMessage(outcome.error));
        const cause = safeCause(outcome.error, mask);
        report({ method, path: bare, status: outcome.status, attempt, durationMs, error: `${code}: ${detail}` });
        throwUnlessRetryable(outcome, { method, bare, kind, codes, cause, timeoutMs, signal });
        if (canRetry) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        throw new NetworkError({ method, path: bare, code, detail, attempts: attempt, cause });
      }

      const { status, text } = outcome;
      report({ method, path: bare, status, attempt, durationMs });
      if (status === 429) options.budget?.throttled();
      if (status >= 200 && status < 300) return successValue(method, bare, kind, status, text, prepared.secrets);
      if (status === 404 && requestOptions.notFoundAsNull) return null;

      const described = describeErrorBody(text, prepared.secrets);
      const apiError = new ApiError({
        method,
        path: bare,
        status,
        code: described.code,
        serverMessage: described.serverMessage,
        body: described.body,
      });
      // A paid request is never sent twice: a 429 may come after the order
      // was taken (a rate limiter behind the order handler), so it is an
      // unknown outcome like a 5xx, reconciled by listing.
      const retryable = kind === 'idempotent' ? RETRY_STATUSES.has(status) : kind === 'action' && status === 429;
      if (retryable && canRetry) {
        const hinted = status === 429 || status === 503 ? retryAfterMs(outcome.headers) : undefined;
        await sleep(hinted !== undefined ? Math.min(hinted, maxDelayMs) : backoff(attempt), signal);
        continue;
      }
      if (kind === 'paid' && (status >= 500 || status === 429)) {
        throw new OrderOutcomeUnknownError({
          method,
          path: bare,
          status,
          reason: `the server answered HTTP ${status}${described.serverMessage ? `: ${described.serverMessage}` : ''}`,
          cause: apiError,
        });
      }
      throw apiError;
    }
  }

  return {
    get: (path, requestOptions) => call('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => call('POST', path, body, requestOptions),
    put: (path, body, requestOptions) => call('PUT', path, body, requestOptions),
    delete: (path, requestOptions) => call('DELETE', path, undefined, requestOptions),
    async close() {
      if (closed) return;
      closed = true;
      if (ownDispatcher) await ownDispatcher.close();
    },
  };
}

/** The client's settings from its options, defaults applied. @throws Error on a bad base URL or parallelism. */
function clientSettings(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let parsedBase: URL;
  try {
    parsedBase = new URL(baseUrl);
  } catch {
    throw new Error(`invalid API base URL: ${JSON.stringify(options.baseUrl)}`);
  }
  if (parsedBase.protocol !== 'http:' && parsedBase.protocol !== 'https:') {
    throw new Error(`invalid API base URL: ${JSON.stringify(options.baseUrl)} (expected http:// or https://)`);
  }
  const connections = Math.max(1, Math.floor(options.parallelism ?? DEFAULT_CONNECTIONS));
  if (!Number.isFinite(connections)) throw new Error(`invalid API client parallelism: ${String(options.parallelism)}`);
  return {
    baseUrl,
    connections,
    timeoutMs: Math.max(1, Math.round((options.requestTimeoutSeconds ?? 30) * 1000)),
    retries: Math.max(0, Math.floor(options.retries ?? 3)),
    baseDelayMs: Math.max(0, options.retryBaseDelayMs ?? 500),
    maxDelayMs: Math.max(0, options.maxRetryDelayMs ?? 30_000),
  };
}

/**
 * What one call sends, worked out once for all its attempts: the URL with
 * its query, the headers (token included), the JSON body, how it may be
 * retried, the path without its query (for messages and events) and the
 * masking of every secret it carries.
 */
function prepareRequest(
  settings: { baseUrl: string },
  options: ApiClientOptions,
  method: string,
  path: string,
  body: unknown,
  requestOptions: RequestOptions,
) {
  const kind: CallKind = method === 'GET' || method === 'DELETE' ? 'idempotent' : requestOptions.paid ? 'paid' : 'action';
  const bare = path.split('?')[0] ?? path;
  const secrets = collectSecretValues(body, [...(options.secrets ?? [])]);
  if (options.token) secrets.push(options.token);
  const mask = (text: string): string => maskLiterals(text, secrets);

  let url = `${settings.baseUrl}${path}`;
  if (requestOptions.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(requestOptions.query)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
    }
    const query = params.toString();
    if (query) url += `${path.includes('?') ? '&' : '?'}${query}`;
  }
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent ?? 'cloudctl' };
  if (options.token) headers['x-token'] = options.token;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  return { kind, bare, secrets, mask, url, headers, payload };
}

/** One HTTP attempt through `dispatcher`, limited to `timeoutMs` for the headers and the body; never rejects. */
async function attemptOnce(
  dispatcher: Dispatcher,
  timeoutMs: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  if (method !== 'GET' && method !== 'DELETE') await readPendingSocketEvents();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no response within ${timeoutMs / 1000} s`));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const cause = (): 'timeout' | 'abort' | 'transport' => (timedOut ? 'timeout' : signal?.aborted ? 'abort' : 'transport');
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: payload,
        dispatcher,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      return { kind: 'failure', error, cause: cause() };
    }
    try {
      const text = await response.body.text();
      return { kind: 'response', status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      return { kind: 'failure', error, cause: cause(), status: response.statusCode };
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Throws what a failed attempt means unless the call may be tried again:
 * the caller's abort (its reason for an idempotent call, else an unknown
 * outcome), a local error as it is, and for a POST or PUT that may have
 * reached the server an `OrderOutcomeUnknownError`. Returns when the call
 * is idempotent, or nothing was sent (a failure while connecting).
 */
function throwUnlessRetryable(
  outcome: Extract<Outcome, { kind: 'failure' }>,
  call: {
    method: string;
    bare: string;
    kind: CallKind;
    codes: string[];
    cause: unknown;
    timeoutMs: number;
    signal: AbortSignal | undefined;
  },
): void {
  const { method, bare, kind, codes, cause, signal } = call;
  if (outcome.cause === 'abort') {
    // Aborted by the caller: an idempotent call just stops; a POST/PUT may already have taken effect.
    if (kind === 'idempotent') throw signal?.reason ?? outcome.error;
    throw new OrderOutcomeUnknownError({
      method,
      path: bare,
      reason: 'the request was aborted after it was sent',
      status: outcome.status,
      cause: signal?.reason ?? cause,
    });
  }
  if (outcome.cause === 'transport' && outcome.status === undefined) {
    if (codes.some((item) => LOCAL_CODES.has(item)) || (outcome.error instanceof TypeError && codes.length === 0)) throw outcome.error;
  }
  const notSent = outcome.cause === 'transport' && outcome.status === undefined && NOT_SENT_CODES.has(codes[0] ?? '');
  if (kind !== 'idempotent' && !notSent) {
    throw new OrderOutcomeUnknownError({
      method,
      path: bare,
      reason: outcomeReason(codes, outcome, call.timeoutMs),
      status: outcome.status,
      cause,
    });
  }
}

/**
 * The value of a 2xx reply: the envelope's `data` (`null` for an empty
 * DELETE reply). @throws InvalidResponseError (GET, DELETE) or
 * OrderOutcomeUnknownError (POST, PUT) when the body is empty or not JSON.
 */
function successValue(method: string, bare: string, kind: CallKind, status: number, text: string, secrets: string[]): unknown {
  const trimmed = text.trim();
  if (trimmed === '' && method === 'DELETE') return null;
  let parsed: unknown;
  try {
    if (trimmed === '') throw new Error('empty');
    parsed = JSON.parse(trimmed);
  } catch {
    const invalid = new InvalidResponseError({ method, path: bare, status, reason: describeUnusableBody(text, secrets) });
    if (kind === 'idempotent') throw invalid;
    throw new OrderOutcomeUnknownError({
      method,
      path: bare,
      status,
      reason: `the server answered HTTP ${status} but ${trimmed === '' ? 'the response body is empty' : 'the response body is not JSON'}`,
      cause: invalid,
    });
  }
  return unwrapEnvelope(parsed);
}

/**
 * Resolves after the event loop has polled for I/O once more, so that a
 * close the server sent on an idle keep-alive connection (its
 * `keepAliveTimeout`) is read, and undici drops that connection, before a
 * POST or PUT is written. The caller may have kept the event loop busy for
 * longer than the server's keep-alive (the engine planning 100,000
 * resources): the server's FIN then waits unread, and undici's own check of
 * an idle socket (one `setImmediate`) runs before the next poll when the
 * request is made from an I/O callback, so the request went out on the
 * closed connection and failed with an unknown outcome (the server never
 * saw it). Two `setImmediate` hops take one whole turn of the loop: the
 * first runs in this turn's check phase, the second after the next poll.
 * A GET or DELETE needs none of this: it is retried.
 */
async function readPendingSocketEvents(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Why a sent POST/PUT has an unknown outcome, in words. */
function outcomeReason(codes: string[], outcome: Extract<Outcome, { kind: 'failure' }>, timeoutMs: number): string {
  if (
    outcome.cause === 'timeout' ||
    codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT')
  ) {
    return `no complete response within ${timeoutMs / 1000} s after the request was sent`;
  }
  const during = outcome.status !== undefined ? ` while reading the HTTP ${outcome.status} response` : ' after the request was sent';
  if (codes.includes('ECONNRESET')) return `the connection was reset${during}`;
  if (
    codes.some(
      (code) => code === 'UND_ERR_SOCKET' || code === 'EPIPE' || code === 'ECONNABORTED' || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    )
  ) {
    return `the connection was closed${during}`;
  }
  return `the request failed${during} (${codes[0] ?? 'UNKNOWN'})`;
}
