/**
 * The simulator's routing table: exact path patterns relative to `/v1`.
 * Segment syntax: literal text, `:name` (decimal digits only: ids), `*name`
 * (any text, including empty: e.g. the power-state segment, so an empty state
 * reaches the handler and answers 422). Trailing slashes are significant.
 */
import type { Catalog } from './catalog.js';
import type { Store } from './store.js';

/** What every handler can use. */
export interface SimEnv {
  store: Store;
  catalog: Catalog;
  /** Order to Active delay, ms. */
  provisioningMs: number;
  /** Pending window of asynchronous operations, ms. */
  asyncMs: number;
  /** The cloud's seed (data file's). */
  seed: number;
}

/** One request as handlers see it. */
export interface Ctx {
  env: SimEnv;
  method: string;
  /** The request path as received (with the `/v1` prefix), no query; recorded in the ledger. */
  path: string;
  /** The matched route's pattern (relative to `/v1`), e.g. `/lites/accounts/:id`. */
  pattern: string;
  /** Path parameters; `:id` ones are normalised decimal strings (no leading zeros). */
  params: Record<string, string>;
  query: URLSearchParams;
  /**
   * The parsed JSON object body (`{}` when empty) as the handler reads it: a
   * variation rule may reinterpret it (`pay-by-presence`).
   */
  body: Record<string, unknown>;
  /** The body as received, recorded (masked) in the ledger. */
  received: Record<string, unknown>;
  /** Epoch ms the request is handled at. */
  now: number;
  /**
   * True when the reply goes to the wire as the handler returns it (no
   * variation or omitted key can apply): a list may then answer with its
   * items already encoded (view-cache.ts `SerialisedList`).
   */
  serialisedReplies?: boolean;
}

/** A handler returns the envelope's `data` or throws an `HttpError`. */
export type Handler = (ctx: Ctx) => unknown;

/** One routing-table row. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
  handler: Handler;
  /**
   * Work a list route can do ahead of its first request (encoding the views
   * it answers with, view-cache.ts), in steps: the server runs one step at
   * a time while it has nothing else to do.
   */
  prepare?: (env: SimEnv) => Iterable<void>;
}

interface Compiled extends Route {
  segments: string[];
}

/** Result of matching a path. */
export type Match = { kind: 'ok'; route: Route; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

/** A compiled routing table. */
export class Router {
  private readonly routes: Compiled[];

  constructor(routes: Route[]) {
    this.routes = routes.map((r) => ({ ...r, segments: r.pattern.split('/') }));
  }

  /** Finds the route for `method` + `path` (first match wins), or why none applies. */
  match(method: string, path: string): Match {
    const parts = path.split('/');
    const allowed: string[] = [];
    for (const r of this.routes) {
      const params = matchSegments(r.segments, parts);
      if (!params) continue;
      if (r.method === method) return { kind: 'ok', route: r, params };
      allowed.push(r.method);
    }
    return allowed.length ? { kind: 'method', allowed } : { kind: 'none' };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    let s = parts[i] as string;
    try {
      s = decodeURIComponent(s);
    } catch {
      return undefined;
    }
    if (p.startsWith(':')) {
      if (!/^\d{1,15}$/.test(s)) return undefined;
      params[p.slice(1)] = String(Number.parseInt(s, 10));
    } else if (p.startsWith('*')) {
      params[p.slice(1)] = s;
    } else if (p !== s) {
      return undefined;
    }
  }
  return params;
}
