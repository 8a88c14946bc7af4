/**
 * The crash explorer (issue 39, item 6): every point of the paid-call
 * protocol of every paid call, explored rather than sampled.
 *
 * A group is one paid path of the fault model (fault-model.ts: every paid
 * operation of every resource type: creates, snapshots, restores, package
 * changes, storage upgrades, disk and elastic storage grows, migrations),
 * one position (the first order of its type, after a sibling, after its
 * source made in the same run) and one fault kind on the path's order
 * (none, 429, 500, 503, reset, lost-response, timeout). Its earlier steps
 * are applied once; the workspace and the simulator's data file are kept
 * as the group's starting point. The last step is then applied once
 * without a crash (the probe), recording every point it reached of every
 * paid call (`EngineOptions.onPaidCallPoint`, src/engine/apply/paid-call-points.ts):
 * the intent journaled, the request sent (the server done with it, its
 * reply not read), the reply received, the state written, the intent
 * closed. Each point reached is one schedule: from the starting point, the
 * last step is applied again under the same fault and killed there.
 *
 * A kill is in process: at the point, the hook copies the workspace's
 * `.cloudctl/` folder as it is on disk at that instant (synchronously:
 * nothing else runs meanwhile) and throws; from then on the simulator
 * drops every request (`reset`: nothing happens), so nothing the dead run
 * does afterwards reaches the cloud, and what it writes afterwards is
 * thrown away with its folder. The next engine opens the copy (its
 * `state.lock`, of this live process, removed as a takeover of a dead
 * run's lock would), re-applies the last step (at most twice) and plans.
 *
 * Checked after every schedule (docs/design.md, "Safety invariants"):
 * - I1: no account bound to two addresses of the state;
 * - I2 and duplicates: the orders the simulator took from the last step on
 *   are never more, of any operation, than a run of the last step without
 *   a fault or a kill places (its re-apply included), so a kill never
 *   repeats or adds a paid order; and no in-place order placed twice in a
 *   row on one account (`duplicateOrders`, src/testing/cloud.ts; two
 *   creates with one body are a sibling and its twin here, and a create
 *   placed twice shows as an orphan and over the bound);
 * - I3: no DELETE (no step removes or replaces anything);
 * - orphans: every live account is held by the state (`orphanedAccounts`),
 *   but a migrated VM's lite pro account, unmanaged until `cloudctl state
 *   mv` (docs/api/quirks.md 12), one per migration placed;
 * - I4 and convergence: the re-apply completes (at most two applies) and
 *   the plan after it proposes nothing, with nothing left `pending_create`
 *   (so no order the step asks for is dropped); a migration killed before
 *   its request went out is taken as placed by reconciliation, which must
 *   then warn (see `killedBaseline`).
 *
 * The run without a kill (the probe) must keep the same invariants; it
 * also gives the points to kill at.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { planHasChanges } from '../../src/engine/events.js';
import { PAID_CALL_POINTS, type PaidCallPoint } from '../../src/engine/apply/paid-call-points.js';
import { accountKey } from '../../src/resources/accounts.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { duplicateOrders, orphanedAccounts } from '../../src/testing/cloud.js';
import { MODEL_FAULT_KINDS, PAID_PATHS, POSITIONS, manifest, type PaidPath, type Position, type ModelFaultKind } from './fault-model.js';

/** The fault kinds of a group: none, and each of the fault model's. */
export const EXPLORER_KINDS = ['none', ...MODEL_FAULT_KINDS] as const;
/** One of {@link EXPLORER_KINDS}. */
export type ExplorerKind = (typeof EXPLORER_KINDS)[number];

/** One group of schedules: a paid path, a position, a fault kind on its order. */
export interface Group {
  path: PaidPath;
  position: Position;
  kind: ExplorerKind;
}

/** A point reached by the probe: the n-th paid call of the run (from 0), its operation and the point. */
interface Reached {
  call: number;
  operation: string;
  point: PaidCallPoint;
}

/** What one schedule found. */
export interface ScheduleResult {
  id: string;
  /** `type.operation` of the paid call killed. */
  operation: string;
  point: PaidCallPoint;
  violations: string[];
}

/** Every group: every paid path × each of its positions × every fault kind. */
export function allGroups(): Group[] {
  return PAID_PATHS.flatMap((path) =>
    POSITIONS.filter((position) => path.steps[position]).flatMap((position) => EXPLORER_KINDS.map((kind) => ({ path, position, kind }))),
  );
}

/** A group's name: `cloud_lite_vm.create/first/503`. */
export function groupName(group: Group): string {
  return `${group.path.name}/${group.position}/${group.kind}`;
}

/** Where the explorer's workspaces go: memory when it can (fsync costs nothing there), else the temp folder. */
function scratch(): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cloudctl-explorer-'));
}

/** The engine's environment in the explorer: fast polls and retries, no grace or list lag (the simulator answers at once). */
const ENV = { CLOUDCTL_POLL_INTERVAL: '0.01', CLOUDCTL_RETRY_BASE_MS: '1', CLOUDCTL_RECONCILE_GRACE: '0s', CLOUDCTL_LIST_LAG: '0' };
/** The request timeout of a run under the `timeout` fault: what the faulted request waits. */
const TIMEOUT_SECONDS = 0.5;

/** The thrown "kill". */
class Killed extends Error {
  constructor() {
    super('killed by the crash explorer');
    this.name = 'Killed';
  }
}

/** The group's starting point: the earlier steps applied, the workspace and the simulator's data kept. */
interface Start {
  folder: string;
  workspace: string;
  data: string;
  /** Orders the simulator took before the last step. */
  orders: number;
  /** The last step's manifest. */
  last: string;
}

async function prepare(group: Group): Promise<Start> {
  const folder = scratch();
  const steps = group.path.steps[group.position]!;
  const workspace = join(folder, 'start');
  const data = join(folder, 'start-sim.json');
  mkdirSync(workspace);
  const simulator = await startSimulator({ provisioningSeconds: 0, seed: 7, dataFile: data });
  try {
    const engine = await Engine.open({ directory: workspace, env: ENV, baseUrl: simulator.url });
    for (const [index, step] of steps.entries()) {
      const file = join(folder, `step-${index}.yaml`);
      await writeFile(file, manifest(step.resources));
      if (index === steps.length - 1) continue;
      const result = await engine.apply(file);
      if (result.status !== 'applied') throw new Error(`${groupName(group)}: step ${index + 1} ended ${result.status}`);
    }
    return { folder, workspace, data, orders: simulator.counts().orders, last: join(folder, `step-${steps.length - 1}.yaml`) };
  } finally {
    await simulator.close();
  }
}

/** A copy of the starting point: its workspace folder and a simulator started from its data. */
async function restore(start: Start, name: string): Promise<{ directory: string; simulator: RunningSimulator }> {
  const directory = join(start.folder, name);
  cpSync(start.workspace, directory, { recursive: true });
  const data = join(start.folder, `${name}-sim.json`);
  if (existsSync(start.data)) copyFileSync(start.data, data);
  return { directory, simulator: await startSimulator({ provisioningSeconds: 0, seed: 7, dataFile: data }) };
}

/** The group's fault on its path's order (as the fault model arms it: the step's n-th matching request, once). */
function armFault(group: Group, simulator: RunningSimulator): void {
  if (group.kind === 'none') return simulator.setFaults(undefined);
  simulator.setFaults({
    rate: 1,
    kinds: [group.kind as ModelFaultKind],
    paths: group.path.route,
    skip: group.position === 'sibling' ? 1 : 0,
    times: 1,
  });
}

/**
 * Applies the last step under the group's fault; with `killAt`, kills the
 * run at that event (the n-th hook call, from 0) and resolves with the
 * folder of the disk as it was then. Resolves with every event reached.
 */
async function faultedRun(
  group: Group,
  start: Start,
  directory: string,
  simulator: RunningSimulator,
  killAt?: number,
): Promise<{ reached: Reached[]; killed?: string }> {
  const reached: Reached[] = [];
  const calls = new Map<string, number>();
  let killed: string | undefined;
  armFault(group, simulator);
  const engine = await Engine.open({
    directory,
    env: ENV,
    baseUrl: simulator.url,
    ...(group.kind === 'timeout' ? { requestTimeoutSeconds: TIMEOUT_SECONDS } : {}),
    onPaidCallPoint: (point, call) => {
      if (killed !== undefined) throw new Killed();
      const key = `${call.address} ${call.operation}`;
      if (point === 'intent-journaled' || !calls.has(key)) calls.set(key, calls.size);
      reached.push({ call: calls.get(key)!, operation: `${call.type}.${call.operation}`, point });
      if (reached.length - 1 !== killAt) return;
      killed = `${directory}-killed`;
      cpSync(join(directory, '.cloudctl'), join(killed, '.cloudctl'), { recursive: true });
      simulator.setFaults({ rate: 1, kinds: ['reset'] });
      throw new Killed();
    },
  });
  try {
    await engine.apply(start.last);
  } catch (error) {
    if (killed === undefined) throw error;
  } finally {
    await engine.close();
    simulator.setFaults(undefined);
  }
  return { reached, ...(killed !== undefined ? { killed } : {}) };
}

/** The operations of the orders taken since `from`, sorted (a multiset to compare). */
function ordersSince(simulator: RunningSimulator, from: number): string[] {
  return simulator
    .ledger()
    .slice(from)
    .map((entry) => entry.operation)
    .sort();
}

/**
 * Re-applies the last step in `directory` (at most twice), plans, and
 * checks the invariants (module comment) against `expected` (the probe's
 * orders). Resolves with every violation, each a line.
 */
async function recoverAndCheck(
  start: Start,
  directory: string,
  simulator: RunningSimulator,
  expected: Baseline | undefined,
): Promise<{ violations: string[]; orders: string[] }> {
  const violations: string[] = [];
  const notices: string[] = [];
  const engine = await Engine.open({
    directory,
    env: ENV,
    baseUrl: simulator.url,
    onEvent: (event) => event.type === 'reconcile' && notices.push(event.message),
  });
  try {
    let converged = false;
    for (let apply = 1; apply <= 2 && !converged; apply++) {
      try {
        const result = await engine.apply(start.last);
        converged = result.status === 'applied' || result.status === 'no-changes';
        if (!converged && apply === 2)
          violations.push(`I4: the re-apply ended ${result.status}: ${result.failed.map((entry) => entry.message).join('; ')}`);
      } catch (error) {
        if (apply === 2) violations.push(`I4: the re-apply failed: ${(error as Error).message}`);
      }
    }
    if (converged) {
      const plan = await engine.plan(start.last);
      if (planHasChanges(plan))
        violations.push(
          `convergence: the plan after the re-apply proposes ${plan.changes
            .filter((change) => change.action !== 'noop')
            .map((change) => `${change.action} ${change.address}`)
            .join(', ')}`,
        );
    }
    const state = await engine.state();
    const holders = new Map<string, string>();
    for (const [address, resource] of Object.entries(state.resources)) {
      const key = accountKey(resource.type, resource.id);
      if (holders.has(key)) violations.push(`I1: ${key} is held by ${holders.get(key)} and ${address}`);
      holders.set(key, address);
      if (resource.pending_create) violations.push(`convergence: ${address} is still pending_create`);
    }
    const accounts = simulator.accounts();
    const orders = ordersSince(simulator, start.orders);
    const migrations = orders.filter((operation) => operation === 'lite.migrate-to-pro').length;
    // A migrated VM's lite pro account is unmanaged until `cloudctl state mv` (docs/api/quirks.md 12): one per migration placed.
    const orphans = orphanedAccounts(accounts, new Set(Object.values(state.resources).map((resource) => resource.id)));
    const unmanagedPro = orphans.filter((line) => line.startsWith('orphaned account: lite-pro vm '));
    violations.push(...orphans.filter((line) => !unmanagedPro.includes(line) || unmanagedPro.length > migrations));
    // In-place orders placed twice; a create placed twice leaves an orphan and goes over the bound, checked apart.
    for (const line of duplicateOrders(simulator.ledger(), accounts)) if (line.includes('twice in a row')) violations.push(line);
    const deletes = simulator.requests().filter((request) => request.method === 'DELETE');
    if (deletes.length > 0)
      violations.push(`I3: ${deletes.map((request) => `${request.method} ${request.path}`).join(', ')} sent, and no step removes anything`);
    if (expected !== undefined) {
      const over = [...new Set(orders)].filter((operation) => count(orders, operation) > count(expected.bound, operation));
      if (over.length > 0)
        violations.push(
          `I2/duplicates: the orders since the last step began are [${orders.join(', ')}], more ${over.join(', ')} than a run without a fault or kill places [${expected.bound.join(', ')}]`,
        );
    }
    if (expected?.warning !== undefined && !notices.some((message) => message.includes(expected.warning!)))
      violations.push(`I4: the re-apply did not warn "${expected.warning}" (it said: ${notices.join('; ') || 'nothing'})`);
    return { violations, orders };
  } finally {
    await engine.close();
  }
}

/**
 * What every schedule of a group is checked against: `bound`, the orders a
 * run of the last step without a fault or a kill places (their operations,
 * sorted; no schedule may place more of any), and a reconcile warning the
 * re-apply must give, if any.
 */
interface Baseline {
  bound: string[];
  warning?: string;
}

/** How many times `item` is in `list`. */
function count(list: string[], item: string): number {
  return list.filter((entry) => entry === item).length;
}

/**
 * The baseline of a schedule: the group's, but for a migration killed after
 * its intent was journaled and before its request went out. Reconciliation
 * takes an unfinished migration as placed whatever it reads (it cannot tell
 * a migrated account from one never migrated: docs/api/quirks.md 12;
 * src/engine/reconcile/operations.ts) and warns "check the account": it is
 * never ordered twice, and here it was never ordered at all, so the
 * re-apply must say so.
 */
function killedBaseline(group: Baseline, event: Reached): Baseline {
  if (!(event.operation.endsWith('.migrate_to_pro') && event.point === 'intent-journaled')) return group;
  return { ...group, warning: 'is taken as placed' };
}

/**
 * Explores one group: its starting point, the probe (no kill; it must keep
 * the invariants itself, and gives the baseline), then one schedule per
 * point the probe reached. Resolves with every schedule's result.
 */
export async function exploreGroup(group: Group, onSchedule?: (result: ScheduleResult) => void): Promise<ScheduleResult[]> {
  const name = groupName(group);
  const start = await prepare(group);
  const results: ScheduleResult[] = [];
  try {
    const probe = await restore(start, 'probe');
    let reached: Reached[];
    let expected: Baseline;
    try {
      reached = (await faultedRun(group, start, probe.directory, probe.simulator)).reached;
      const { violations, orders } = await recoverAndCheck(start, probe.directory, probe.simulator, undefined);
      if (violations.length > 0) throw new Error(`${name}: the run without a kill broke the invariants: ${violations.join('; ')}`);
      expected = { bound: group.kind === 'none' ? orders : await faultFreeOrders(group, start) };
    } finally {
      await probe.simulator.close();
    }
    for (const [index, event] of reached.entries()) {
      const id = `${name}/call ${event.call + 1} ${event.operation}/${event.point}`;
      const run = await restore(start, `schedule-${index}`);
      const result: ScheduleResult = { id, operation: event.operation, point: event.point, violations: [] };
      try {
        const { killed } = await faultedRun(group, start, run.directory, run.simulator, index);
        if (killed === undefined) result.violations.push('harness: the kill point was not reached again (the run is not deterministic)');
        else {
          rmSync(join(killed, '.cloudctl', 'state.lock'), { force: true });
          result.violations.push(...(await recoverAndCheck(start, killed, run.simulator, killedBaseline(expected, event))).violations);
        }
      } catch (error) {
        result.violations.push(`harness: ${(error as Error).stack ?? String(error)}`);
      } finally {
        await run.simulator.close();
      }
      results.push(result);
      onSchedule?.(result);
    }
  } finally {
    rmSync(start.folder, { recursive: true, force: true });
  }
  return results;
}

/** The orders a run of the group's last step without a fault or a kill places, and its re-apply (sorted operations). */
async function faultFreeOrders(group: Group, start: Start): Promise<string[]> {
  const free = await restore(start, 'fault-free');
  try {
    await faultedRun({ ...group, kind: 'none' }, start, free.directory, free.simulator);
    const { violations, orders } = await recoverAndCheck(start, free.directory, free.simulator, undefined);
    if (violations.length > 0)
      throw new Error(`${groupName(group)}: the run without a fault broke the invariants: ${violations.join('; ')}`);
    return orders;
  } finally {
    await free.simulator.close();
  }
}

/** Explores `groups`, `width` at once; resolves with every schedule's result, in group order. */
export async function explore(groups: Group[], width: number, onSchedule?: (result: ScheduleResult) => void): Promise<ScheduleResult[]> {
  const out = new Array<ScheduleResult[]>(groups.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, groups.length) }, async () => {
      while (next < groups.length) {
        const index = next++;
        try {
          out[index] = await exploreGroup(groups[index]!, onSchedule);
        } catch (error) {
          out[index] = [
            {
              id: `${groupName(groups[index]!)}/harness`,
              operation: groups[index]!.path.name,
              point: 'intent-journaled',
              violations: [`harness: ${(error as Error).stack}`],
            },
          ];
        }
      }
    }),
  );
  return out.flat();
}

/** The closing table: schedules and violations per operation (rows) and crash point (columns). */
export function explorerTable(results: ScheduleResult[], seconds: number): string {
  const operations = [...new Set(results.map((result) => result.operation))].sort();
  const cell = (operation: string, point: PaidCallPoint) => {
    const here = results.filter((result) => result.operation === operation && result.point === point);
    const bad = here.filter((result) => result.violations.length > 0).length;
    return `${here.length}${bad ? ` (${bad} FAIL)` : ''}`;
  };
  const header = ['operation', ...PAID_CALL_POINTS, 'all'];
  const rows = operations.map((operation) => [
    operation,
    ...PAID_CALL_POINTS.map((point) => cell(operation, point)),
    String(results.filter((result) => result.operation === operation).length),
  ]);
  rows.push([
    'all',
    ...PAID_CALL_POINTS.map((point) => String(results.filter((result) => result.point === point).length)),
    String(results.length),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => `  ${row.map((text, column) => text.padEnd(widths[column]!)).join('  ')}`;
  const failed = results.filter((result) => result.violations.length > 0).length;
  const checks = new Map<string, number>();
  for (const result of results)
    for (const check of new Set(result.violations.map((violation) => violation.split(':')[0]!)))
      checks.set(check, (checks.get(check) ?? 0) + 1);
  return [
    `  crash explorer: ${results.length} schedules (a kill at each point of each paid call), ${failed} with a violation, in ${seconds.toFixed(0)} s`,
    line(header),
    ...rows.map(line),
    `  violations by check: ${[...checks].map(([check, count]) => `${check} ${count}`).join(', ') || 'none (I1 0, I2 0, I3 0, I4 0, duplicates 0, orphans 0, not converged 0)'}`,
  ].join('\n');
}
