/**
 * Public option and record types of the simulator (re-exported by index.ts).
 * See docs/api/README.md for the wire contract the simulator speaks.
 */

/** The fault kinds the simulator can inject. */
export type FaultKind = '429' | '500' | '503' | 'reset' | 'lost-response' | 'timeout' | 'echo-422';

/** Every fault kind, in a stable order. */
export const FAULT_KINDS: readonly FaultKind[] = ['429', '500', '503', 'reset', 'lost-response', 'timeout', 'echo-422'];

/**
 * Fault injection settings. Faults never apply to the `/_simulator/*` control paths.
 */
export interface FaultOptions {
  /**
   * Milliseconds of delay added before each `/v1` request is handled (>= 0),
   * after its body is received: a client that goes away meanwhile still has
   * its request handled (an order is placed), as with a real server.
   */
  latencyMs?: number;
  /**
   * Optional regular expression (source text) limiting `latencyMs` to the
   * requests whose method and path match it, tested against
   * `METHOD /v1/path` and `METHOD /path` (e.g. `^POST /lites$` delays lite
   * VM orders only). Default: every `/v1` request.
   */
  latencyPaths?: string;
  /**
   * Probability in 0..1 that a request is faulted. The fault kind is then
   * picked uniformly (seeded RNG) among `kinds`.
   */
  rate?: number;
  /**
   * Enabled fault kinds; default `['429', '500', '503']` when `rate` is set.
   * - `429` / `500` / `503`: answer that status with an error envelope; nothing happens server-side.
   * - `reset`: destroy the socket before handling (nothing happens server-side).
   * - `lost-response`: handle the request fully (an order IS placed), then
   *   destroy the socket without answering.
   * - `timeout`: handle the request fully (an order IS placed), then answer
   *   nothing and keep the connection open until the client gives up (its
   *   request timeout) or `hangMs` passes, then destroy the socket. Never
   *   picked unless listed in `kinds`.
   * - `echo-422`: answer 422 with a validation error that echoes the whole
   *   request body, secrets included (as careless servers do); nothing
   *   happens server-side. For testing that clients never print what a
   *   server echoes. Never picked unless listed in `kinds`.
   */
  kinds?: FaultKind[];
  /**
   * Optional regular expression (source text); when set only requests whose
   * path (without the query string) matches are faulted. It is tested against
   * the full path (`/v1/lites`) and against the path relative to the base URL
   * (`/lites`), each also preceded by the method (`POST /lites`): any
   * matching is enough.
   */
  paths?: string;
  /**
   * Matching requests (those `paths` selects, every `/v1` request without
   * it) let through unfaulted before faults may start, counted from when
   * these options were set (`setFaults`, `PUT /_simulator/faults`): with
   * `rate: 1, skip: 1, times: 1` exactly the second matching request is
   * faulted. Default 0.
   */
  skip?: number;
  /**
   * At most this many faults are injected (from when these options were
   * set); after that none. Default: no limit.
   */
  times?: number;
  /**
   * How long a `timeout` fault keeps the connection open without answering,
   * in milliseconds, unless the client closes it first. Default 120000
   * (beyond cloudctl's 30 s request timeout).
   */
  hangMs?: number;
}

/**
 * A key the simulator leaves out of the replies of some routes, whatever
 * the profile: how a test pins one shape of an unpublished reply (an
 * account without `product_id`) instead of drawing it at random
 * (`omit-optional-keys`).
 */
export interface OmittedKey {
  /**
   * Regular expression (source text) tested against `METHOD pattern`, the
   * pattern being the route's, relative to `/v1`, e.g.
   * `^GET /lites/accounts(/:id)?$` (one lite account and the list of them).
   */
  routes: string;
  /**
   * The key left out of each object of the reply (the object itself, or
   * every object item of a list); a dotted path reaches into a nested
   * object (`extra_details.disk_size`).
   */
  key: string;
}

/**
 * How the simulator answers:
 * - `strict` (default): the friendly replies the contract's best guess
 *   describes, always the same shape (the quickstart's cloud).
 * - `variant`: every reply may vary within the uncertainty of docs/api/ (README "What is not published"); each
 *   {@link VariationName} rule is drawn per reply from a seeded RNG, so the
 *   same seed and the same requests give the same replies.
 */
export type SimulatorProfile = 'strict' | 'variant';

/** Every simulator profile. */
export const SIMULATOR_PROFILES: readonly SimulatorProfile[] = ['strict', 'variant'];

/**
 * One named reply variation (see src/sim/variations.ts for what each does):
 * reply shape (`omit-optional-keys`, `empty-strings`, `null-lists`,
 * `id-types`, `key-case`, `extra-fields`, `product-description`,
 * `order-reply-without-id`, `keypair-private-key`, `failure-status`) and
 * behaviour (`migrated-lite-gone`, `upgrade-keeps-old-value`,
 * `rate-limited-after-order`, `lagging-lists`, `pay-by-presence`).
 */
export type VariationName =
  | 'omit-optional-keys'
  | 'empty-strings'
  | 'null-lists'
  | 'id-types'
  | 'key-case'
  | 'extra-fields'
  | 'product-description'
  | 'order-reply-without-id'
  | 'keypair-private-key'
  | 'failure-status'
  | 'migrated-lite-gone'
  | 'upgrade-keeps-old-value'
  | 'rate-limited-after-order'
  | 'lagging-lists'
  | 'pay-by-presence';

/** Every variation rule, in the order they are applied to a reply. */
export const VARIATION_NAMES: readonly VariationName[] = [
  'pay-by-presence',
  'rate-limited-after-order',
  'upgrade-keeps-old-value',
  'migrated-lite-gone',
  'lagging-lists',
  'failure-status',
  'order-reply-without-id',
  'keypair-private-key',
  'product-description',
  'omit-optional-keys',
  'empty-strings',
  'extra-fields',
  'id-types',
  'key-case',
  'null-lists',
];

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** TCP port; 0 (default) picks a random free port. */
  port?: number;
  /** Interface to bind; default `'127.0.0.1'`. */
  host?: string;
  /**
   * When set, every request (including `/_simulator/*`) must carry header
   * `x-token` equal to it, else 401 `{success:false, code:401, message}`.
   */
  token?: string;
  /**
   * When set: the cloud's data (accounts, keypairs, counters, ledger, request
   * log) is loaded from this JSON file at start if it exists, and written
   * atomically (temp file + rename, mode 0600) after every mutation and at close.
   */
  dataFile?: string;
  /**
   * Seconds from an order to `Active` for every orderable account (default 12).
   * Asynchronous operations (change-package, storage upgrade, rebuild,
   * migrate-to-pro, disk / elastic storage upgrades) keep the account
   * `Pending` for half of this. Fractions are allowed (0.2 in tests).
   */
  provisioningSeconds?: number;
  /**
   * Seed (integer) of the catalogue randomness (IP availability, node names),
   * derived values (IP addresses, tenant ids) and the fault RNG. Default 1.
   * A data file keeps the seed it was created with.
   */
  seed?: number;
  /** Fault injection; none by default. Changeable later with `setFaults`. */
  faults?: FaultOptions;
  /**
   * Encode the views lists answer with while idle after the start (default
   * true), so the first list of a large cloud is written at once
   * (view-cache.ts). The simulator embedded in cloudctl's own process is
   * started without: its idle time is cloudctl's.
   */
  prepareLists?: boolean;
  /**
   * Reply profile, default `strict` (see {@link SimulatorProfile}). Its RNG
   * is seeded from `seed` (or the data file's seed).
   */
  profile?: SimulatorProfile;
  /**
   * Restricts the variation rules to exactly these. Without `profile:
   * 'variant'` each listed rule applies to every reply it can apply to
   * (how a test enables exactly one); with it, they are drawn at random per
   * reply. Default with `variant`: every rule.
   */
  variations?: VariationName[];
  /**
   * Keys left out of every reply of the given routes (see
   * {@link OmittedKey}), after the profile's rules. Default none.
   */
  omitKeys?: OmittedKey[];
}

/**
 * One order placed with the simulated cloud (paid or left unpaid): creates of
 * every product, change-package, storage upgrade, disk upgrade, elastic
 * storage upgrade / change-package, migrate-to-pro, snapshot create,
 * VM-from-snapshot. Requests rejected with an error are not orders.
 */
export interface LedgerEntry {
  /** 1-based, increasing over the data file's whole life. */
  seq: number;
  /** ISO 8601 time the order was taken. */
  time: string;
  /** HTTP method of the request. */
  method: string;
  /** The request path as received, with the `/v1` prefix, without the query, e.g. `/v1/lites`. */
  path: string;
  /**
   * Operation name: `<group>.<op>`, group one of `lite`, `lite-pro`,
   * `baremetal`, `additional-ip`, `elastic-storage`; op one of `create`,
   * `change-package`, `storage-upgrade`, `migrate-to-pro`, `snapshot-create`,
   * `snapshot-create-vm`, `disk-create`, `disk-upgrade`, `upgrade`.
   */
  operation: string;
  /** The account the order is for: the new account for creates, the upgraded one otherwise. */
  account_id: string;
  /** The product ordered (new product for change-package), when one applies. */
  product_id?: number;
  /**
   * What the order costs (IDR, integer): a new account's amount for its
   * first cycle; an upgrade's difference in the amount billed every cycle
   * (new minus old; the simulator does not pro-rate). Absent when the
   * catalogue cannot price it.
   */
  amount?: number;
  /** The request body, with secret keys (passwords, keys, tokens) masked as `***`. */
  body: Record<string, unknown>;
}

/** One request received on `/v1` (control paths under `/_simulator` are not logged). */
export interface RequestLogEntry {
  /** 1-based, increasing over the data file's whole life. */
  seq: number;
  method: string;
  /** The request path as received (with the `/v1` prefix), without the query, e.g. `/v1/lites/accounts/100001`. */
  path: string;
  /** HTTP status answered (or that would have been answered for `lost-response` and `timeout`); 0 for `reset`. */
  status: number;
  /** The injected fault kind, when the request was faulted. */
  faulted?: string;
  /** The variation rules that changed this request's handling or reply (profile `variant` or `variations`). */
  variations?: VariationName[];
}

/** One account of {@link RunningSimulator.accounts}. */
export interface SimulatedAccount {
  id: string;
  kind: string;
  group?: string;
  invoice: { id: number; status: 'Paid' | 'Unpaid'; amount?: number };
}

/** A simulator listening on a port. */
export interface RunningSimulator {
  /** Base URL including the `/v1` prefix, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** The bound TCP port. */
  port: number;
  /** Every order ever placed (including those of earlier runs on the same data file), oldest first. A copy. */
  ledger(): LedgerEntry[];
  /** Every `/v1` request received (including earlier runs on the same data file), oldest first. A copy. */
  requests(): RequestLogEntry[];
  /** How many `/v1` requests were received and orders taken so far (cheap: no copy, for tests that watch closely). */
  counts(): { requests: number; orders: number };
  /**
   * Every account not terminated (deleted), oldest first: its id, kind
   * (`vm`, `snapshot`, `disk`, `baremetal`, `additional-ip`,
   * `elastic-storage`), group (`lite`, `lite-pro`, for the lite kinds) and
   * last invoice (id, `Paid` or `Unpaid`, amount). A copy.
   */
  accounts(): SimulatedAccount[];
  /** Replaces the fault settings; `undefined` disables faults and latency. */
  setFaults(faults: FaultOptions | undefined): void;
  /**
   * Pays open invoice `id` (as `POST /_simulator/invoices/{id}/pay`): the
   * unpaid order or upgrade it bills proceeds. Returns the paid invoice.
   * Throws when no account's last invoice is `id` or it is paid already.
   */
  payInvoice(id: number): { id: number; status: string; amount?: number };
  /** Stops listening, drops open connections and writes the data file. */
  close(): Promise<void>;
}
