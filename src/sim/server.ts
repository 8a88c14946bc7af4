/**
 * The simulator's HTTP server: node:http, the `{success, code, data}`
 * envelope, `x-token` auth, the routing table of every group of docs/api/,
 * latency and fault injection, the request log and the `/_simulator/*`
 * control endpoints (ledger, request log, faults, paying an invoice).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { buildCatalog } from './catalog.js';
import { additionalIpRoutes } from './handlers/additional-ips.js';
import { baremetalRoutes } from './handlers/baremetal.js';
import { elasticStorageRoutes } from './handlers/elastic-storage.js';
import { liteRoutes } from './handlers/lite/index.js';
import { Router, type Route, type SimEnv } from './router.js';
import { prepareWhileIdle, SerialisedList, SerialisedReply } from './view-cache.js';
import { Store } from './store.js';
import { replyLayer } from './profile.js';
import {
  FAULT_KINDS,
  type FaultKind,
  type FaultOptions,
  type RunningSimulator,
  type SimulatorOptions,
  type VariationName,
} from './types.js';
import { seededRng } from './random.js';
import { HttpError } from './request-errors.js';

const MAX_BODY = 1024 * 1024;
const DEFAULT_FAULT_KINDS: FaultKind[] = ['429', '500', '503'];

interface ActiveFaults {
  latencyMs: number;
  latencyPaths: RegExp | undefined;
  rate: number;
  kinds: FaultKind[];
  paths: RegExp | undefined;
  skip: number;
  times: number;
  hangMs: number;
  /** Matching requests seen since these options were set. */
  matched: number;
  /** Faults injected since these options were set. */
  injected: number;
  source: FaultOptions;
}

/** How long a `timeout` fault holds the connection by default: beyond cloudctl's 30 s request timeout. */
const DEFAULT_HANG_MS = 120_000;

/** A whole number >= 0 of field `field`, or `fallback` when unset. Throws an Error naming the field otherwise. */
function count(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`${field} must be a whole number >= 0 (got ${String(value)})`);
  return value;
}

/**
 * Validates fault options. Throws an Error naming the bad field: rate outside
 * 0..1, negative latency, unknown kind, invalid regex, a `skip`, `times` or
 * `hangMs` that is not a whole number >= 0.
 */
export function normaliseFaults(f: FaultOptions | undefined): ActiveFaults | undefined {
  if (!f) return undefined;
  const latencyMs = f.latencyMs ?? 0;
  const rate = f.rate ?? 0;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new Error(`faults.latencyMs must be a number >= 0 (got ${String(f.latencyMs)})`);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`faults.rate must be between 0 and 1 (got ${String(f.rate)})`);
  const kinds = f.kinds && f.kinds.length > 0 ? [...f.kinds] : [...DEFAULT_FAULT_KINDS];
  for (const k of kinds) {
    if (!FAULT_KINDS.includes(k)) throw new Error(`faults.kinds: unknown kind "${String(k)}" (valid: ${FAULT_KINDS.join(', ')})`);
  }
  const paths = optionalRegExp('faults.paths', f.paths);
  const latencyPaths = optionalRegExp('faults.latencyPaths', f.latencyPaths);
  const skip = count('faults.skip', f.skip, 0);
  const times = count('faults.times', f.times, Number.POSITIVE_INFINITY);
  const hangMs = count('faults.hangMs', f.hangMs, DEFAULT_HANG_MS);
  return { latencyMs, latencyPaths, rate, kinds, paths, skip, times, hangMs, matched: 0, injected: 0, source: { ...f, kinds } };
}

/** `source` compiled, or undefined when unset or empty. Throws an Error naming `field` when it is not a valid regular expression. */
function optionalRegExp(field: string, source: string | undefined): RegExp | undefined {
  if (source === undefined || source === '') return undefined;
  try {
    return new RegExp(source);
  } catch (err) {
    throw new Error(`${field} is not a valid regular expression: ${(err as Error).message}`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Answers `body` as JSON, encoded once (the text is the reply as of now,
 * whatever changes while it is sent). A text of more than
 * {@link SLICE_CHARACTERS} (a list of 33,000 accounts is 30 MB) is written
 * in slices of that size, each when the socket has taken the one before:
 * no second copy of the whole reply as bytes, and the client reads the
 * first slices while the rest is encoded. A list whose items come encoded
 * (a {@link SerialisedReply}, view-cache.ts) is written in pieces of
 * {@link PIECE_CHARACTERS} joined from its items, never as one string.
 * Same status, headers and bytes either way (`content-length` included).
 */
function send(res: ServerResponse, status: number, body: unknown): void {
  const headers = (bytes: number) => ({ 'content-type': 'application/json; charset=utf-8', 'content-length': bytes });
  if (body instanceof SerialisedReply) {
    res.writeHead(status, headers(body.bytes));
    void writeAll(res, body.pieces(PIECE_CHARACTERS));
    return;
  }
  const text = JSON.stringify(body);
  if (text.length <= SLICE_CHARACTERS) {
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, headers(bytes.length));
    res.end(bytes);
    return;
  }
  res.writeHead(status, headers(Buffer.byteLength(text, 'utf8')));
  void writeAll(res, slices(text));
}

/** Characters of a reply written at once ({@link send}): 1 MiB (of ASCII). */
const SLICE_CHARACTERS = 1 << 20;
/** Characters of an encoded list written at once ({@link send}): strings this small are made in the young generation, whose memory is reused. */
const PIECE_CHARACTERS = 1 << 16;

/** `text` in slices of {@link SLICE_CHARACTERS}, never splitting a surrogate pair. */
function* slices(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + SLICE_CHARACTERS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Writes `pieces` to `res` in order, waiting for `drain` when the socket's
 * buffer is full, then ends it; stops when the connection closes first.
 */
async function writeAll(res: ServerResponse, pieces: Iterable<string>): Promise<void> {
  for (const piece of pieces) {
    if (!res.write(piece, 'utf8') && !(await drained(res))) return;
  }
  res.end();
}

/** Resolves true when `res` can be written to again (`drain`), false when it closed first. */
function drained(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (open: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(open);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

function errorBody(err: HttpError): Record<string, unknown> {
  return {
    success: false,
    code: err.status,
    message: err.message,
    ...(err.detail !== undefined ? { detail: err.detail } : {}),
    ...(err.errors !== undefined ? { errors: err.errors } : {}),
  };
}

const FAULT_MESSAGES: Record<string, string> = {
  '429': 'Too Many Requests (simulated fault)',
  '500': 'Internal Server Error (simulated fault)',
  '503': 'Service Unavailable (simulated fault)',
};

/** Reads and parses a JSON object body; `{}` when empty. Throws HttpError 400 / 413. */
function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > MAX_BODY) {
        failed = true;
        reject(new HttpError(413, 'request body too large'));
        return;
      }
      chunks.push(c);
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
      failed = true;
    });
    req.on('end', () => {
      if (failed) return;
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') return resolve({});
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return reject(new HttpError(400, 'Malformed JSON body'));
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return reject(new HttpError(400, 'The request body must be a JSON object'));
      }
      resolve(parsed as Record<string, unknown>);
    });
  });
}

function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What every request of one running simulator is answered with: its cloud, routes, faults and reply layer. */
interface ServerParts {
  store: Store;
  env: SimEnv;
  router: Router;
  token: string | undefined;
  layer: ReturnType<typeof replyLayer>;
  faultRng: () => number;
  /** The fault settings in force (replaced by `PUT /_simulator/faults` and `setFaults`). */
  faults: ActiveFaults | undefined;
  /** Every route of the API (the router's table). */
  routes: Route[];
  /** The list views being encoded ahead of the first list (`prepareWhileIdle`), stopped at close. */
  preparing?: { stop: () => void };
}

/** The simulator's cloud, routes and reply layer for `options`. Throws an Error naming a bad option. */
function serverParts(options: SimulatorOptions): ServerParts {
  const provisioningSeconds = options.provisioningSeconds ?? 12;
  if (!Number.isFinite(provisioningSeconds) || provisioningSeconds < 0) {
    throw new Error(`provisioningSeconds must be a number >= 0 (got ${String(options.provisioningSeconds)})`);
  }
  if (options.seed !== undefined && !Number.isFinite(options.seed))
    throw new Error(`seed must be an integer (got ${String(options.seed)})`);
  const store = new Store(options.dataFile, Math.trunc(options.seed ?? 1));
  const seed = store.data.seed;
  const env: SimEnv = {
    store,
    catalog: buildCatalog(seed),
    provisioningMs: Math.round(provisioningSeconds * 1000),
    asyncMs: Math.round((provisioningSeconds * 1000) / 2),
    seed,
  };
  const routes = [
    ...liteRoutes('lite'),
    ...liteRoutes('lite-pro'),
    ...baremetalRoutes(),
    ...additionalIpRoutes(),
    ...elasticStorageRoutes(),
  ];
  return {
    store,
    env,
    routes,
    router: new Router(routes),
    token: options.token,
    faults: normaliseFaults(options.faults),
    layer: replyLayer(options.profile, options.variations, Math.trunc(options.seed ?? seed), options.omitKeys),
    faultRng: seededRng((options.seed ?? seed) ^ 0xfa0175),
  };
}

/** Answers a `/_simulator/*` control request: the ledger, the request log, paying an invoice, the fault settings. Throws HttpError. */
async function answerControl(parts: ServerParts, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const { store, env } = parts;
  if (path === '/_simulator/ledger' && req.method === 'GET') {
    return send(res, 200, { success: true, code: 200, data: store.data.ledger });
  }
  if (path === '/_simulator/requests' && req.method === 'GET') {
    return send(res, 200, { success: true, code: 200, data: store.data.requests });
  }
  const pay = /^\/_simulator\/invoices\/(\d+)\/pay$/.exec(path);
  if (pay && req.method === 'POST') {
    // Pays an open invoice as the portal would: the unpaid order or upgrade proceeds.
    try {
      const invoice = store.payInvoice(Number(pay[1]), Date.now(), env.provisioningMs, env.asyncMs);
      store.flush();
      return send(res, 200, { success: true, code: 200, data: invoice });
    } catch (err) {
      const code = (err as { code?: number }).code;
      if (code === 404 || code === 409) throw new HttpError(code, (err as Error).message);
      throw err;
    }
  }
  if (path === '/_simulator/faults' && req.method === 'GET') {
    return send(res, 200, { success: true, code: 200, data: parts.faults?.source ?? null });
  }
  if (path === '/_simulator/faults' && req.method === 'PUT') {
    const body = await readBody(req);
    try {
      parts.faults = normaliseFaults(Object.keys(body).length ? (body as FaultOptions) : undefined);
    } catch (err) {
      throw new HttpError(422, 'The given data was invalid.', (err as Error).message);
    }
    return send(res, 200, { success: true, code: 200, data: parts.faults?.source ?? null });
  }
  throw new HttpError(404, `no simulator control endpoint ${req.method ?? ''} ${path}`);
}

/** True when `pattern` matches the request as `PATH` or `METHOD PATH`, with or without its `/v1` prefix. */
function requestMatches(pattern: RegExp, method: string, raw: string, rel: string | null, withBarePath: boolean): boolean {
  return (
    (withBarePath && (pattern.test(raw) || (rel !== null && pattern.test(rel)))) ||
    pattern.test(`${method} ${raw}`) ||
    (rel !== null && pattern.test(`${method} ${rel}`))
  );
}

/** Waits the configured latency when it applies to this request, then draws the fault to inject, if any (counted). */
async function latencyAndFault(parts: ServerParts, method: string, raw: string, rel: string | null): Promise<FaultKind | undefined> {
  const f = parts.faults;
  if (f && f.latencyMs > 0 && (!f.latencyPaths || requestMatches(f.latencyPaths, method, raw, rel, false))) {
    await sleep(f.latencyMs);
  }
  const faultable = !f?.paths || requestMatches(f.paths, method, raw, rel, true);
  if (f && f.rate > 0 && faultable && f.matched++ >= f.skip && f.injected < f.times && parts.faultRng() < f.rate) {
    f.injected++;
    return f.kinds[Math.floor(parts.faultRng() * f.kinds.length)] ?? f.kinds[0];
  }
  return undefined;
}

/**
 * Answers with a fault injected before the request is handled (`reset`,
 * `echo-422`, `429`, `500`, `503`), logging it. Returns false for the
 * faults that act after handling (`lost-response`, `timeout`) and none.
 */
function answerEarlyFault(
  parts: ServerParts,
  req: IncomingMessage,
  res: ServerResponse,
  request: { method: string; path: string; fault: FaultKind | undefined; received: Record<string, unknown> },
): boolean {
  const { store } = parts;
  const { method, path, fault, received } = request;
  if (fault === 'reset') {
    store.logRequest({ method, path, status: 0, faulted: fault });
    store.flushAfterRequest();
    req.socket.destroy();
    return true;
  }
  if (fault === 'echo-422') {
    store.logRequest({ method, path, status: 422, faulted: fault });
    store.flushAfterRequest();
    const detail = Object.entries(received).map(([key, value]) => ({
      loc: ['body', key],
      msg: `${key} ${JSON.stringify(value)} is not acceptable (simulated fault)`,
      input: value,
    }));
    send(res, 422, {
      success: false,
      code: 422,
      message: `The given data was invalid: ${JSON.stringify(received)} (simulated fault)`,
      detail,
      errors: Object.fromEntries(Object.entries(received).map(([key, value]) => [key, [`${String(value)} was rejected`]])),
    });
    return true;
  }
  if (fault === '429' || fault === '500' || fault === '503') {
    const status = Number(fault);
    store.logRequest({ method, path, status, faulted: fault });
    store.flushAfterRequest();
    res.setHeader('connection', 'close');
    send(res, status, { success: false, code: status, message: FAULT_MESSAGES[fault] });
    return true;
  }
  return false;
}

/**
 * Routes an API request to its handler through the reply layer and writes
 * the data file before answering. Returns the status and envelope; an
 * error of the request or the handler is its error envelope.
 */
function handleApiRequest(
  parts: ServerParts,
  req: IncomingMessage,
  res: ServerResponse,
  request: { method: string; raw: string; rel: string | null; url: URL; received: Record<string, unknown>; bodyError: unknown },
  applied: VariationName[],
): { status: number; body: unknown } {
  const { store, env, router, token, layer } = parts;
  const { method, raw, rel } = request;
  try {
    if (token !== undefined && !tokenMatches(token, req.headers['x-token']))
      throw new HttpError(401, 'Unauthenticated: missing or invalid x-token');
    if (rel === null) throw new HttpError(404, `no such path ${raw} (the API lives under /v1)`);
    const m = router.match(method, rel);
    if (m.kind === 'none') throw new HttpError(404, `no such endpoint ${method} /v1${rel}`);
    if (m.kind === 'method') {
      res.setHeader('allow', m.allowed.join(', '));
      throw new HttpError(405, `method ${method} not allowed on /v1${rel} (allowed: ${m.allowed.join(', ')})`);
    }
    if (request.bodyError !== undefined) throw request.bodyError;
    const ctx = {
      env,
      method,
      path: raw,
      pattern: m.route.pattern,
      params: m.params,
      query: request.url.searchParams,
      body: request.received,
      received: request.received,
      now: Date.now(),
      serialisedReplies: layer.passThrough,
    };
    const data = layer.handle(ctx, store.data.counters.request + 1, applied, m.route.handler);
    store.flush();
    return { status: 200, body: data instanceof SerialisedList ? data.envelope() : { success: true, code: 200, data } };
  } catch (err) {
    const e = err instanceof HttpError ? err : new HttpError(500, 'internal simulator error', (err as Error)?.message ?? String(err));
    try {
      // an error must not leave a half-written mutation unsaved
      store.flush();
    } catch {
      // reported through the 500 already being sent, or ignorable
    }
    return { status: e.status, body: errorBody(e) };
  }
}

/** The faults that act once the request was handled: `lost-response` drops the reply, `timeout` holds it. True when one did. */
function withheldReply(res: ServerResponse, fault: FaultKind | undefined, hangMs: number): boolean {
  if (fault === 'lost-response') {
    res.socket?.destroy();
    return true;
  }
  if (fault === 'timeout') {
    // The order is taken; the reply never comes. The client gives up on its own timeout (closing the socket), or the hang ends.
    const socket = res.socket;
    if (!socket) return true;
    const timer = setTimeout(() => socket.destroy(), hangMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    return true;
  }
  return false;
}

/** Answers one HTTP request: a control endpoint, or an API request with its latency and faults, logged. */
async function answerRequest(parts: ServerParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://sim.invalid');
  const raw = url.pathname;

  if (raw.startsWith('/_simulator/')) {
    try {
      if (parts.token !== undefined && !tokenMatches(parts.token, req.headers['x-token']))
        throw new HttpError(401, 'Unauthenticated: missing or invalid x-token');
      await answerControl(parts, req, res, raw);
    } catch (err) {
      const e = err instanceof HttpError ? err : new HttpError(500, 'internal simulator error', (err as Error).message);
      send(res, e.status, errorBody(e));
    }
    return;
  }

  const rel = raw === '/v1' ? '' : raw.startsWith('/v1/') ? raw.slice(3) : null;
  // The body is read before the latency, as a server receives a request
  // before working on it: a client that dies during the latency (killed,
  // or timed out) still gets its request handled, orders included.
  let received: Record<string, unknown> = {};
  let bodyError: unknown;
  try {
    received = await readBody(req);
  } catch (err) {
    bodyError = err;
  }
  const hangMs = parts.faults?.hangMs ?? DEFAULT_HANG_MS;
  const fault = await latencyAndFault(parts, method, raw, rel);
  if (answerEarlyFault(parts, req, res, { method, path: raw, fault, received })) return;

  const applied: VariationName[] = [];
  const { status, body } = handleApiRequest(parts, req, res, { method, raw, rel, url, received, bodyError }, applied);
  parts.store.logRequest({
    method,
    path: raw,
    status,
    ...(fault ? { faulted: fault } : {}),
    ...(applied.length ? { variations: applied } : {}),
  });
  parts.store.flushAfterRequest();
  if (withheldReply(res, fault, hangMs)) return;
  send(res, status, body);
}

/** An HTTP server answering with `parts`: keep-alive (see the comment at `keepAliveTimeout`), malformed requests a 400. */
function createSimulatorHttpServer(parts: ServerParts): Server {
  const server: Server = createServer((req, res) => {
    answerRequest(parts, req, res).catch((err: unknown) => {
      try {
        if (!res.headersSent) send(res, 500, { success: false, code: 500, message: 'internal simulator error', detail: String(err) });
        else res.destroy();
      } catch {
        // never crash
      }
    });
  });
  // Idle keep-alive connections are closed after 5 s, as many servers do
  // (Node's own default): a client must not send on one it kept idle longer
  // (undici leaves 2 s of margin; src/api/client.ts reads a close that came
  // while its event loop was busy before it sends a POST or PUT).
  server.keepAliveTimeout = 5000;
  server.on('clientError', (_err, socket) => {
    try {
      socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    } catch {
      socket.destroy();
    }
  });
  return server;
}

/** The {@link RunningSimulator} of a listening `server` on `url`. */
function runningSimulator(parts: ServerParts, server: Server, url: string, port: number): RunningSimulator {
  const { store, env } = parts;
  let closed = false;
  return {
    url,
    port,
    ledger: () => structuredClone(store.data.ledger),
    requests: () => structuredClone(store.data.requests),
    counts: () => ({ requests: store.data.requests.length, orders: store.data.ledger.length }),
    accounts: () =>
      Object.values(store.data.accounts)
        .filter((account) => account.terminated_at === null)
        .map((account) => ({
          id: account.id,
          kind: account.kind,
          ...('group' in account ? { group: account.group } : {}),
          invoice: {
            id: account.invoice.id,
            status: account.invoice.status,
            ...(account.invoice.amount !== undefined ? { amount: account.invoice.amount } : {}),
          },
        })),
    setFaults: (next) => {
      parts.faults = normaliseFaults(next);
    },
    payInvoice: (id) => {
      const invoice = store.payInvoice(id, Date.now(), env.provisioningMs, env.asyncMs);
      store.flush();
      return invoice;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      parts.preparing?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };
}

/**
 * Starts a simulator (see index.ts for the documented public entry point).
 * Rejects when the port cannot be bound, the data file cannot be read, or the
 * options are invalid.
 */
export async function startSimulatorServer(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const parts = serverParts(options);
  const server = createSimulatorHttpServer(parts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Nothing in the reply layer rewrites replies: list views can be encoded ahead, while no request waits.
  if (parts.layer.passThrough && options.prepareLists !== false) parts.preparing = prepareWhileIdle(parts.routes, parts.env);
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return runningSimulator(parts, server, `http://${urlHost}:${port}/v1`, port);
}
