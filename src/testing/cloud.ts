/**
 * The cloud of one test file: a simulator of its own (src/sim), started
 * fresh with the file's seed and provisioning time, that every step of the
 * file talks to; what the test runner does to it between steps (faults for
 * a step, calls made outside cloudctl, invoices paid); and the two checks
 * every test gets whatever it asserts, read from the simulator's ledger and
 * accounts: no order placed twice, no account left behind that the state
 * does not hold.
 */
import type { Value } from '../core/types.js';
import {
  startSimulator,
  type FaultOptions,
  type LedgerEntry,
  type RequestLogEntry,
  type RunningSimulator,
  type SimulatedAccount,
} from '../sim/index.js';
import type { StepFaults } from './test-file.js';

/** The simulated cloud of one test file. */
export interface TestCloud {
  /** Base URL (with `/v1`). */
  url: string;
  simulator: RunningSimulator;
  close(): Promise<void>;
}

/**
 * Starts a fresh simulator on loopback (a random port, no data file: its
 * cloud lives as long as the file's run) with `seed` and
 * `provisionSeconds` (seconds from an order to `Active`).
 * Errors: the simulator's (a port that cannot be bound).
 */
export async function startTestCloud(options: { seed: number; provisionSeconds: number }): Promise<TestCloud> {
  const simulator = await startSimulator({ seed: options.seed, provisioningSeconds: options.provisionSeconds });
  return { url: simulator.url, simulator, close: () => simulator.close() };
}

/** The simulator's fault options of a step's `faults:` (`crash_after_paid_orders` is the runner's, not the simulator's). */
export function simulatorFaults(faults: StepFaults): FaultOptions | undefined {
  const out: FaultOptions = {};
  if (faults.kinds && faults.kinds.length > 0) {
    out.rate = 1;
    out.kinds = faults.kinds;
  }
  if (faults.paths !== undefined) out.paths = faults.paths;
  if (faults.skip !== undefined) out.skip = faults.skip;
  if (faults.times !== undefined) out.times = faults.times;
  if (faults.latency_ms !== undefined) out.latencyMs = faults.latency_ms;
  if (faults.latency_paths !== undefined) out.latencyPaths = faults.latency_paths;
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Makes one call on the cloud's API outside cloudctl (a `drift:` item):
 * `request` is `METHOD /path`, the path relative to `baseUrl`; `body` is
 * sent as JSON. Errors: an Error naming the call and the status when it is
 * not answered 2xx.
 */
export async function callOutside(baseUrl: string, request: string, body: unknown, token?: string): Promise<void> {
  const [method, path] = request.split(' ') as [string, string];
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request}: HTTP ${response.status} ${text.slice(0, 200)}`);
}

/**
 * The ledger's names a condition reads (`ledger.*`, see conditions.ts):
 * `since` is the number of orders before the step, `faulted` the requests
 * of the step the simulator faulted.
 */
export function ledgerView(
  ledger: LedgerEntry[],
  since: number,
  accounts: SimulatedAccount[],
  faulted: RequestLogEntry[],
): Record<string, Value> {
  return {
    step_faults: faulted.map((entry) => `${entry.faulted} ${entry.method} ${entry.path}`),
    orders: ledger.length,
    step_orders: ledger.length - since,
    entries: ledger.map((entry) => ({
      operation: entry.operation,
      account_id: entry.account_id,
      amount: entry.amount ?? null,
    })),
    accounts: accounts.length,
    unpaid: accounts.filter((account) => account.invoice.status === 'Unpaid').length,
  };
}

/** The secret-free fields of a ledger entry's body, as one comparable text. */
function bodyText(entry: LedgerEntry): string {
  const keys = Object.keys(entry.body).sort();
  return JSON.stringify(keys.map((key) => [key, entry.body[key]]));
}

/**
 * Orders placed twice (docs/testing.md, "Checks every test gets"): two
 * creates of the same operation with the same request body (secrets masked)
 * whose accounts both still exist, or one account given the same in-place
 * order twice in a row (nothing else ordered for it in between). Resolves
 * with one English line per duplicate.
 */
export function duplicateOrders(ledger: LedgerEntry[], accounts: SimulatedAccount[]): string[] {
  const live = new Set(accounts.map((account) => account.id));
  const problems: string[] = [];
  const creates = new Map<string, LedgerEntry[]>();
  const lastOf = new Map<string, LedgerEntry>();
  for (const entry of ledger) {
    if (entry.operation.endsWith('.create')) {
      const key = `${entry.operation} ${bodyText(entry)}`;
      const same = creates.get(key) ?? [];
      same.push(entry);
      creates.set(key, same);
      continue;
    }
    const previous = lastOf.get(entry.account_id);
    if (previous && previous.operation === entry.operation && bodyText(previous) === bodyText(entry))
      problems.push(
        `duplicate order: ${entry.operation} of account ${entry.account_id} placed twice in a row (ledger #${previous.seq} and #${entry.seq})`,
      );
    lastOf.set(entry.account_id, entry);
  }
  for (const same of creates.values()) {
    const alive = same.filter((entry) => live.has(entry.account_id));
    if (alive.length > 1)
      problems.push(
        `duplicate order: ${alive[0]!.operation} placed ${alive.length} times with the same request (ledger ${alive.map((entry) => `#${entry.seq} account ${entry.account_id}`).join(', ')}), and every one of those accounts exists`,
      );
  }
  return problems;
}

/** Accounts the simulator holds (not deleted) whose id no state resource has: one English line each. */
export function orphanedAccounts(accounts: SimulatedAccount[], stateIds: ReadonlySet<string>): string[] {
  return accounts
    .filter((account) => !stateIds.has(account.id))
    .map(
      (account) =>
        `orphaned account: ${account.group ? `${account.group} ` : ''}${account.kind} ${account.id} exists in the cloud but not in state`,
    );
}
