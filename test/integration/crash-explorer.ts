/**
 * The crash explorer (issue 39, item 6): every point of the paid-call
 * protocol of every paid call, explored rather than sampled, and every
 * point of the run that recovers from it too.
 *
 * A group is one paid path of the fault model (fault-model.ts: every paid
 * operation of every resource type: creates, snapshots, restores, package
 * changes, storage upgrades, disk and elastic storage grows, migrations),
 * one position (the first order of its type, after a sibling, after its
 * source made in the same run) and one fault kind on the path's order
 * (none, 429, 500, 503, reset, lost-response, timeout). Its earlier steps
 * are applied once, giving the group's starting point.
 *
 * A "world" is a folder holding a workspace (`.cloudctl/`) and the
 * simulator's data file (`sim.json`, with its log): the cloud and the disk
 * of one instant. The last step is applied once under the fault (the
 * probe), and at every point it reaches of every paid call
 * (`EngineOptions.onPaidCallPoint`, src/engine/apply/paid-call-points.ts:
 * the intent journaled, the request sent (the server done with it, its
 * reply not read), the reply received, the state written, the intent
 * closed) the hook copies the world as it is at that instant. The hook is
 * synchronous and the simulator runs in this process, writing every change
 * to its data file before it answers, so nothing else runs during the copy:
 * the copy is exactly what a kill at that point leaves behind. A request
 * the server had not handled by then never is (the dead run's later
 * requests and writes land in the probe's world, not in the copy), and no
 * promise of the dead run can write to the copy later: it is a folder the
 * dead run never knew.
 *
 * Each copy is one schedule (one kill): a new engine opens it (the dead
 * run's `state.lock` removed, as a takeover of a dead run's lock would),
 * starts a simulator from its data, re-applies the last step (at most
 * twice) and plans. That recovery is watched by the same hook, and each
 * point it reaches is a schedule of two kills: the recovery killed there,
 * then recovered and checked the same way.
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
 *   then warn (see `warningDue`).
 *
 * The probe must keep the same invariants; so must a run of the last step
 * without a fault (it gives the bound of the orders).
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine/engine.js';
import { planHasChanges } from '../../src/engine/events.js';
import { PAID_CALL_POINTS, type PaidCallHook, type PaidCallPoint } from '../../src/engine/apply/paid-call-points.js';
import { accountKey } from '../../src/resources/accounts.js';
import { catalogue } from '../../src/resources/index.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import type { StateDocument } from '../../src/state/document.js';
import { LocalBackend } from '../../src/state/local/backend.js';
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

/** A kill: the n-th paid call of its run (from 1), its `type.operation` and the point. */
interface Kill {
  call: number;
  operation: string;
  point: PaidCallPoint;
}

/** What one schedule found. */
export interface ScheduleResult {
  id: string;
  /** The group's fault kind. */
  kind: ExplorerKind;
  /** Kills in the schedule: 1 (the step's run), 2 (then its recovery too). */
  kills: number;
  /** `type.operation` of the paid call of the last kill. */
  operation: string;
  /** The point of the last kill. */
  point: PaidCallPoint;
  violations: string[];
}

/** Every paid operation of the catalogue, `type.operation` (creates as `type.create`): the rows the explorer must fill. */
export function paidOperations(): string[] {
  return [...catalogue.values()]
    .flatMap((entry) =>
      entry.kind === 'resource'
        ? [...(entry.paidCreate ? ['create'] : []), ...entry.paidOperations].map((op) => `${entry.type}.${op}`)
        : [],
    )
    .sort();
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

/** Where the explorer's worlds go: memory when it can (fsync costs nothing there), else the temp folder. */
function scratch(): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cloudctl-explorer-'));
}

/** The engine's environment in the explorer: fast polls and retries, no grace or list lag (the simulator answers at once). */
const ENV = { CLOUDCTL_POLL_INTERVAL: '0.01', CLOUDCTL_RETRY_BASE_MS: '1', CLOUDCTL_RECONCILE_GRACE: '0s', CLOUDCTL_LIST_LAG: '0' };
/** The request timeout of a run under the `timeout` fault: what the faulted request waits (the probe's only). */
const TIMEOUT_SECONDS = 0.5;

/** The simulator's data file in a world. */
const simData = (world: string) => join(world, 'sim.json');

/** Copies world `from` (its workspace and the simulator's data file and log, as they are now) to the new folder `to`; synchronous. */
function copyWorld(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  if (existsSync(join(from, '.cloudctl'))) cpSync(join(from, '.cloudctl'), join(to, '.cloudctl'), { recursive: true });
  for (const file of ['sim.json', 'sim.json.log']) if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
}

/** A simulator on a world's data file. */
function cloudOf(world: string): Promise<RunningSimulator> {
  return startSimulator({ provisioningSeconds: 0, seed: 7, dataFile: simData(world) });
}

/** The group's starting point: the earlier steps applied, in world `world`. */
interface Start {
  /** The scratch folder of the path and position: the manifests, the starting world, every world copied from it. */
  folder: string;
  world: string;
  /** Orders the simulator took before the last step. */
  orders: number;
  /** The last step's manifest. */
  last: string;
}

/**
 * Applies the group's steps but the last in a new world, each to completion,
 * and writes every step's manifest beside it. Rejects when a step does not
 * end `applied`.
 */
async function prepare(group: Group): Promise<Start> {
  const folder = scratch();
  const steps = group.path.steps[group.position]!;
  const world = join(folder, 'start');
  mkdirSync(world);
  const simulator = await cloudOf(world);
  try {
    const engine = await Engine.open({ directory: world, env: ENV, baseUrl: simulator.url });
    try {
      for (const [index, step] of steps.entries()) {
        const file = join(folder, `step-${index}.yaml`);
        await writeFile(file, manifest(step.resources));
        if (index === steps.length - 1) continue;
        const result = await engine.apply(file);
        if (result.status !== 'applied') throw new Error(`${groupName(group)}: step ${index + 1} ended ${result.status}`);
      }
    } finally {
      await engine.close();
    }
    return { folder, world, orders: simulator.counts().orders, last: join(folder, `step-${steps.length - 1}.yaml`) };
  } finally {
    await simulator.close();
  }
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

/** A world copied at a kill point: the kill, the folder, and the reconcile notices the killed run had given by then. */
interface Captured {
  kill: Kill;
  world: string;
  notices: string[];
}

/**
 * The hook that copies `world` at every point of every paid call into a new
 * world beside it (`${world}-k1`, `-k2`, ...), pushing each to `into`.
 * `notices` is the run's reconcile notices so far (copied with each).
 */
function capturing(world: string, into: Captured[], notices: string[]): PaidCallHook {
  const calls = new Map<string, number>();
  let journaled = 0;
  return (point, call) => {
    const key = `${call.address} ${call.operation}`;
    if (point === 'intent-journaled' || !calls.has(key)) calls.set(key, ++journaled);
    const copy = `${world}-k${into.length + 1}`;
    copyWorld(world, copy);
    into.push({ kill: { call: calls.get(key)!, operation: `${call.type}.${call.operation}`, point }, world: copy, notices: [...notices] });
  };
}

/** Applies the last step in `world` under the group's fault, copying the world at every point reached (see {@link capturing}). */
async function probeRun(group: Group, start: Start, world: string, simulator: RunningSimulator): Promise<Captured[]> {
  const captured: Captured[] = [];
  armFault(group, simulator);
  const engine = await Engine.open({
    directory: world,
    env: ENV,
    baseUrl: simulator.url,
    ...(group.kind === 'timeout' ? { requestTimeoutSeconds: TIMEOUT_SECONDS } : {}),
    onPaidCallPoint: capturing(world, captured, []),
  });
  try {
    await engine.apply(start.last);
  } finally {
    await engine.close();
    simulator.setFaults(undefined);
  }
  return captured;
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
 * What every schedule of a group is checked against: `bound`, the orders a
 * run of the last step without a fault or a kill places (their operations,
 * sorted; no schedule may place more of any), and a reconcile warning the
 * recovery must give, if any.
 */
interface Baseline {
  bound: string[];
  warning?: string;
}

/** How many times `item` is in `list`. */
function count(list: string[], item: string): number {
  return list.filter((entry) => entry === item).length;
}

/** What a recovery found: its violations, the orders since the step began, and the worlds it copied (with `capture`). */
interface Recovery {
  violations: string[];
  orders: string[];
  captured: Captured[];
}

/**
 * Re-applies the last step in `world` (at most twice) against the simulator
 * on its data, plans, and checks the invariants (module comment) against
 * `expected` (`notices`: the reconcile notices of the run killed, which
 * count toward the expected warning). With `capture`, copies the world at
 * every point the recovery reaches (the two-kill schedules).
 */
async function recoverAndCheck(
  start: Start,
  world: string,
  expected: Baseline | undefined,
  options: { capture?: boolean; notices?: string[] } = {},
): Promise<Recovery> {
  const violations: string[] = [];
  const notices: string[] = [...(options.notices ?? [])];
  const captured: Captured[] = [];
  rmSync(join(world, '.cloudctl', 'state.lock'), { force: true });
  const simulator = await cloudOf(world);
  try {
    const engine = await Engine.open({
      directory: world,
      env: ENV,
      baseUrl: simulator.url,
      onEvent: (event) => event.type === 'reconcile' && notices.push(event.message),
      ...(options.capture ? { onPaidCallPoint: capturing(world, captured, notices) } : {}),
    });
    try {
      violations.push(...(await reapply(engine, start.last)));
      const state = (await new LocalBackend({ statePath: join(world, '.cloudctl', 'state.json') }).read())!;
      violations.push(...checkState(state));
      const live = new Set(Object.values(state.resources).map((resource) => resource.id));
      const orders = ordersSince(simulator, start.orders);
      violations.push(...checkCloud(simulator, live, orders, expected));
      if (expected?.warning !== undefined && !notices.some((message) => message.includes(expected.warning!)))
        violations.push(`I4: the re-apply did not warn "${expected.warning}" (it said: ${notices.join('; ') || 'nothing'})`);
      return { violations, orders, captured };
    } finally {
      await engine.close();
    }
  } finally {
    await simulator.close();
  }
}

/**
 * I4 and convergence: applies `last` until it completes (at most twice),
 * then plans; resolves with the violations. An apply that finds nothing to
 * change (`no-changes`: the plan it made under the lock, after refreshing,
 * proposes nothing) is that plan already.
 */
async function reapply(engine: Engine, last: string): Promise<string[]> {
  for (let apply = 1; apply <= 2; apply++) {
    try {
      const result = await engine.apply(last);
      if (result.status === 'no-changes') return [];
      if (result.status === 'applied') {
        const plan = await engine.plan(last);
        if (!planHasChanges(plan)) return [];
        const proposed = plan.changes.filter((change) => change.action !== 'noop').map((change) => `${change.action} ${change.address}`);
        return [`convergence: the plan after the re-apply proposes ${proposed.join(', ')}`];
      }
      if (apply === 2) return [`I4: the re-apply ended ${result.status}: ${result.failed.map((entry) => entry.message).join('; ')}`];
    } catch (error) {
      if (apply === 2) return [`I4: the re-apply failed: ${(error as Error).message}`];
    }
  }
  return [];
}

/** I1 and convergence in state: no account held twice, nothing left `pending_create`. */
function checkState(state: StateDocument): string[] {
  const violations: string[] = [];
  const holders = new Map<string, string>();
  for (const [address, resource] of Object.entries(state.resources)) {
    const key = accountKey(resource.type, resource.id);
    if (holders.has(key)) violations.push(`I1: ${key} is held by ${holders.get(key)} and ${address}`);
    holders.set(key, address);
    if (resource.pending_create) violations.push(`convergence: ${address} is still pending_create`);
  }
  return violations;
}

/** Orphans, duplicates, I3 and the bound of the orders (I2), against the cloud: `live`, the ids state holds; `orders`, since the step began. */
function checkCloud(simulator: RunningSimulator, live: Set<string>, orders: string[], expected: Baseline | undefined): string[] {
  const violations: string[] = [];
  const accounts = simulator.accounts();
  const migrations = orders.filter((operation) => operation === 'lite.migrate-to-pro').length;
  // A migrated VM's lite pro account is unmanaged until `cloudctl state mv` (docs/api/quirks.md 12): one per migration placed.
  const orphans = orphanedAccounts(accounts, live);
  const unmanagedPro = orphans.filter((line) => line.startsWith('orphaned account: lite-pro vm '));
  violations.push(...orphans.filter((line) => !unmanagedPro.includes(line) || unmanagedPro.length > migrations));
  // In-place orders placed twice; a create placed twice leaves an orphan and goes over the bound, checked apart.
  for (const line of duplicateOrders(simulator.ledger(), accounts)) if (line.includes('twice in a row')) violations.push(line);
  // The requests of the killed runs (the data file keeps them) and of the recovery.
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
  return violations;
}

/**
 * The baseline after `kill`: the group's, but for a migration killed after
 * its intent was journaled and before its request went out. Reconciliation
 * takes an unfinished migration as placed whatever it reads (it cannot tell
 * a migrated account from one never migrated: docs/api/quirks.md 12;
 * src/engine/reconcile/operations.ts) and warns "check the account": it is
 * never ordered twice, and here it was never ordered at all, so the
 * recovery must say so.
 */
function warningDue(baseline: Baseline, kill: Kill): Baseline {
  if (!(kill.operation.endsWith('.migrate_to_pro') && kill.point === 'intent-journaled')) return baseline;
  return { ...baseline, warning: 'is taken as placed' };
}

/** A kill's part of a schedule id: `call 2 cloud_lite_vm.create at request-sent`. */
const killName = (kill: Kill) => `call ${kill.call} ${kill.operation} at ${kill.point}`;

/**
 * Explores one group from its starting point (`start`, shared by the fault
 * kinds of its path and position): the probe (it must keep the invariants
 * itself), then one schedule per point the probe reached and one per point
 * each recovery reached, `width` at once. `bound`: the orders of a run
 * without a fault or kill (undefined for the group without a fault: its
 * probe's are). Resolves with every schedule's result (each also handed to
 * `onSchedule` as it ends) and the bound.
 */
async function exploreGroup(
  group: Group,
  start: Start,
  bound: string[] | undefined,
  width: number,
  onSchedule?: (result: ScheduleResult) => void,
): Promise<{ results: ScheduleResult[]; bound: string[] }> {
  const name = groupName(group);
  const results: ScheduleResult[] = [];
  const record = (result: ScheduleResult) => {
    results.push(result);
    onSchedule?.(result);
  };
  const probe = join(start.folder, `${group.kind}-probe`);
  try {
    copyWorld(start.world, probe);
    const simulator = await cloudOf(probe);
    let captured: Captured[];
    try {
      captured = await probeRun(group, start, probe, simulator);
    } finally {
      await simulator.close();
    }
    const checked = await recoverAndCheck(start, probe, undefined);
    if (checked.violations.length > 0)
      throw new Error(`${name}: the run without a kill broke the invariants: ${checked.violations.join('; ')}`);
    const orders = bound ?? (group.kind === 'none' ? checked.orders : await faultFreeOrders(group, start));
    await pool(captured, width, async (first) => {
      const expected = warningDue({ bound: orders }, first.kill);
      const id = `${name}/${killName(first.kill)}`;
      const recovery = await schedule(start, first, expected, true);
      record({ id, kind: group.kind, kills: 1, operation: first.kill.operation, point: first.kill.point, violations: recovery.violations });
      for (const second of recovery.captured) {
        const again = await schedule(start, second, warningDue(expected, second.kill), false);
        record({
          id: `${id}, then ${killName(second.kill)}`,
          kind: group.kind,
          kills: 2,
          operation: second.kill.operation,
          point: second.kill.point,
          violations: again.violations,
        });
      }
    });
    return { results, bound: orders };
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** One schedule: recovers the world a kill left (copying it at the recovery's points with `capture`), checks, then removes the world. */
async function schedule(start: Start, killed: Captured, expected: Baseline, capture: boolean): Promise<Recovery> {
  try {
    return await recoverAndCheck(start, killed.world, expected, { capture, notices: killed.notices });
  } catch (error) {
    return { violations: [`harness: ${(error as Error).stack ?? String(error)}`], orders: [], captured: [] };
  } finally {
    rmSync(killed.world, { recursive: true, force: true });
  }
}

/** The orders a run of the group's last step without a fault or a kill places, and its re-apply (sorted operations). */
async function faultFreeOrders(group: Group, start: Start): Promise<string[]> {
  const world = join(start.folder, 'fault-free');
  copyWorld(start.world, world);
  const simulator = await cloudOf(world);
  try {
    await probeRun({ ...group, kind: 'none' }, start, world, simulator);
  } finally {
    await simulator.close();
  }
  const { violations, orders } = await recoverAndCheck(start, world, undefined);
  if (violations.length > 0) throw new Error(`${groupName(group)}: the run without a fault broke the invariants: ${violations.join('; ')}`);
  return orders;
}

/** Runs `task` on every item, `width` at once. */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * Explores `groups`: the groups of one paid path and position share their
 * starting point (prepared once); `width` paths and positions at once, and
 * `scheduleWidth` schedules of a group at once. Resolves with every
 * schedule's result, in group order (a group that could not be explored is
 * one result with a `harness` violation).
 */
export async function explore(
  groups: Group[],
  width: number,
  scheduleWidth = 1,
  onSchedule?: (result: ScheduleResult) => void,
): Promise<ScheduleResult[]> {
  const units = new Map<string, Group[]>();
  for (const group of groups) {
    const key = `${group.path.name}/${group.position}`;
    units.set(key, [...(units.get(key) ?? []), group]);
  }
  const out = new Map<Group, ScheduleResult[]>();
  const failed = (group: Group, error: unknown): ScheduleResult[] => [
    {
      id: `${groupName(group)}/harness`,
      kind: group.kind,
      kills: 0,
      operation: group.path.name,
      point: 'intent-journaled',
      violations: [`harness: ${(error as Error).stack ?? String(error)}`],
    },
  ];
  await pool([...units.values()], width, async (unit) => {
    let start: Start | undefined;
    try {
      start = await prepare(unit[0]!);
      let bound: string[] | undefined;
      for (const group of unit) {
        try {
          const explored = await exploreGroup(group, start, bound, scheduleWidth, onSchedule);
          bound = explored.bound;
          out.set(group, explored.results);
        } catch (error) {
          out.set(group, failed(group, error));
        }
      }
    } catch (error) {
      for (const group of unit) out.set(group, failed(group, error));
    } finally {
      if (start) rmSync(start.folder, { recursive: true, force: true });
    }
  });
  return groups.flatMap((group) => out.get(group) ?? []);
}

/** One axis of a table: its name, a result's value on it, and its values in order. */
interface Axis {
  name: string;
  of: (result: ScheduleResult) => string;
  values: readonly string[];
}

const byOperation: Axis = { name: 'operation', of: (result) => result.operation, values: paidOperations() };
const byPoint: Axis = { name: 'crash point', of: (result) => result.point, values: PAID_CALL_POINTS };
const byKind: Axis = { name: 'fault kind', of: (result) => result.kind, values: EXPLORER_KINDS };

/** A table of schedules (and those with a violation, `FAIL`) by `rows` and `columns`, with totals. */
function table(results: ScheduleResult[], rows: Axis, columns: Axis): string[] {
  const present = (axis: Axis) => axis.values.filter((value) => results.some((result) => axis.of(result) === value));
  const cell = (here: ScheduleResult[]) => {
    const bad = here.filter((result) => result.violations.length > 0).length;
    return `${here.length}${bad ? ` (${bad} FAIL)` : ''}`;
  };
  const header = [rows.name, ...present(columns), 'all'];
  const lines = [...present(rows), 'all'].map((name) => {
    const mine = name === 'all' ? results : results.filter((result) => rows.of(result) === name);
    return [name, ...present(columns).map((value) => cell(mine.filter((result) => columns.of(result) === value))), cell(mine)];
  });
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column]!.length)));
  return [header, ...lines].map((line) => `  ${line.map((text, column) => text.padEnd(widths[column]!)).join('  ')}`.trimEnd());
}

/** The violations of `results` counted by check (the word before the first colon: I1, I2/duplicates, I3, I4, convergence, orphaned account, harness). */
export function violationsByCheck(results: ScheduleResult[]): Map<string, number> {
  const checks = new Map<string, number>();
  for (const result of results)
    for (const check of new Set(result.violations.map((violation) => violation.split(':')[0]!)))
      checks.set(check, (checks.get(check) ?? 0) + 1);
  return checks;
}

/**
 * The closing tables: schedules (and those with a violation) per operation
 * and crash point (the last kill's), per fault kind and crash point, per
 * operation and fault kind, the totals (by number of kills), and the
 * violations by check.
 */
export function explorerTable(results: ScheduleResult[], seconds: number): string {
  const failed = results.filter((result) => result.violations.length > 0).length;
  const checks = violationsByCheck(results);
  const kills = (n: number) => results.filter((result) => result.kills === n).length;
  return [
    `  crash explorer: ${results.length} schedules (${kills(1)} of one kill, ${kills(2)} of two: the run, then its recovery), ${failed} with a violation, in ${seconds.toFixed(0)} s (${((seconds * 1000) / Math.max(1, results.length)).toFixed(1)} ms a schedule)`,
    '  by operation and crash point (of the last kill):',
    ...table(results, byOperation, byPoint),
    '  by fault kind (on the step of the killed run) and crash point (of the last kill):',
    ...table(results, byKind, byPoint),
    '  by operation (of the last kill) and fault kind:',
    ...table(results, byOperation, byKind),
    `  violations by check: ${[...checks].map(([check, n]) => `${check} ${n}`).join(', ') || 'none (I1 0, I2 0, I3 0, I4 0, duplicates 0, orphans 0, not converged 0, harness 0)'}`,
  ].join('\n');
}
