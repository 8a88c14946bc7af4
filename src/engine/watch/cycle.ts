/**
 * One watcher cycle, under the state lock like any run (so a person's
 * `apply` and a cycle never interleave): refresh and plan (a list per type,
 * per-resource reads only where a list cannot tell: refresh.ts), list the
 * accounts nobody manages, apply the free changes when asked
 * (`repair: 'free'`), and write what only a person may approve (paid or
 * destructive changes) as a saved plan. A report-only cycle writes no state.
 */
import { createHash } from 'node:crypto';
import { MASK } from '../../core/mask.js';
import type { Value } from '../../core/types.js';
import type { LoadedManifest } from '../../manifest/index.js';
import type { Change, PlanDocument } from '../../plan/document.js';
import { writePlanFile } from '../../plan/files.js';
import type { ResourceType } from '../../resources/attribute.js';
import { currentPrice, monthly, productListings } from '../cost.js';
import { discoverAccounts, discoverableTypes } from '../adoption/discover.js';
import { executePlan, makePlan, openSession, type MadePlan, type Run, type Session } from '../session.js';
import type { PendingKind, UnmanagedAccount, WatchEvent } from './events.js';

/** Settings of {@link watchCycle}. */
export interface CycleOptions {
  cycle: number;
  /** The manifest as given (for the lock's command). */
  manifest: string;
  repair: 'none' | 'free';
  parallelism: number;
  /** How long the cycle waits for the state lock (a person's apply), in seconds. */
  lockTimeoutSeconds: number;
  /** Absolute path of the saved plan of paid or destructive changes. */
  planPath: string;
  /** How the saved plan is shown in events (relative to the working directory). */
  planShown: string;
  /** The fingerprint of the changes last announced (a plan is announced once per set of changes). */
  announced: string | undefined;
  /** Aborted: no new step starts (a repair in flight finishes its operations). */
  signal?: AbortSignal;
  emit: (event: WatchEvent) => void;
}

/** What a cycle found. */
export interface CycleResult {
  drifted: number;
  pending: number;
  unmanaged: UnmanagedAccount[];
  currency: string | null;
  monthlyCost: number | null;
  /** Paid orders the saved plan waits to place. */
  paidOrdersAwaiting: number;
  pendingByKind: Record<PendingKind, number>;
  /** The fingerprint of the saved plan's changes (undefined: none saved). */
  announced: string | undefined;
}

/** Operations whose attribute's policy is a trigger (a one-shot action such as an OS reinstall: it destroys data). */
function triggerOperations(type: ResourceType | undefined): Set<string> {
  const names = new Set<string>();
  for (const attribute of Object.values(type?.attributes ?? {})) {
    const policy = attribute.policy as { kind?: string; operation?: string } | undefined;
    if (policy?.kind === 'trigger' && policy.operation) names.add(policy.operation);
  }
  return names;
}

/**
 * How a change would be applied: `free` (an in-place update placing no
 * paid order and firing no trigger: a rename, a label, a power state, a
 * keypair change), `paid` (it orders), or `destructive` (it deletes,
 * replaces or reinstalls). A create of an unpaid type counts as paid: the
 * watcher never creates.
 */
export function pendingKind(change: Change, run: Pick<Run, 'catalogue'>): PendingKind {
  if (change.action === 'delete' || change.action === 'replace') return 'destructive';
  if (change.action !== 'update') return 'paid';
  const triggers = triggerOperations(run.catalogue.resource(change.type));
  if (change.operations.some((operation) => triggers.has(operation.name))) return 'destructive';
  return change.paidOrders > 0 || change.operations.some((operation) => operation.paid) ? 'paid' : 'free';
}

/** The resource changes of a plan (not `noop`, not data reads). */
function resourceChanges(plan: PlanDocument): Change[] {
  return plan.changes.filter((change) => change.mode === 'resource' && change.action !== 'noop');
}

/** The free changes that wait for no other change (their values are all known now). */
function repairable(plan: PlanDocument, run: Pick<Run, 'catalogue'>): Change[] {
  if ((plan.moves ?? []).length > 0 || (plan.imports ?? []).length > 0) return [];
  const changing = new Set(resourceChanges(plan).map((change) => change.address));
  return resourceChanges(plan).filter(
    (change) => pendingKind(change, run) === 'free' && change.dependsOn.every((address) => !changing.has(address)),
  );
}

const shown = (value: Value | undefined, sensitive: boolean): Value | null => (sensitive ? MASK : (value ?? null));

/** A name of a listed account, when its attributes have one. */
function accountName(attributes: Record<string, unknown>): string | undefined {
  for (const key of ['name', 'vm_name', 'label', 'hostname'])
    if (typeof attributes[key] === 'string' && attributes[key] !== '') return attributes[key];
  return undefined;
}

/**
 * The accounts of every paid type that no state entry holds: what `import
 * --all` would adopt (`discoverAccounts`: matched by account kind and id,
 * Terminated and unpaid ones left out), each with what it costs a month
 * (its listed recurring amount over its cycle, else the current price of
 * its product).
 * Endpoints: each paid type's list (GET), the product lists a price reads.
 */
async function unmanagedAccounts(run: Run, session: Session): Promise<{ accounts: UnmanagedAccount[]; currency: string | null }> {
  const paidTypes = discoverableTypes(run.catalogue)
    .filter((type) => type.paidCreate)
    .map((type) => type.type);
  const discovery = await discoverAccounts(run.catalogue, session.connection.context(), session.state.store.document, {
    types: paidTypes,
  });
  const listings = productListings(() => session.connection.context());
  const accounts: UnmanagedAccount[] = [];
  const currencies = new Set<string>();
  for (const { type, account, attributes } of discovery.resources) {
    const price = await currentPrice({ catalogue: run.catalogue, listings }, type.type, attributes);
    if (price?.currency) currencies.add(price.currency);
    const name = accountName(attributes);
    const cycle = account.cycle ?? price?.cycle ?? '';
    const listed = account.recurringAmount !== null && account.cycle !== undefined ? monthly(account.recurringAmount, account.cycle) : null;
    accounts.push({
      resourceType: type.type,
      id: account.id,
      ...(name !== undefined ? { name } : {}),
      monthly: listed ?? (price ? monthly(price.recurring, price.cycle) : null),
      billingCycle: cycle,
    });
  }
  return { accounts, currency: currencies.size === 1 ? [...currencies][0]! : null };
}

/** A fingerprint of the changes a person must approve (what is announced once). */
function fingerprint(changes: Array<{ address: string; action: string; kind: PendingKind }>, plan: PlanDocument): string {
  const detail = resourceChanges(plan).map((change) => [
    change.address,
    change.action,
    change.attributes.map((attribute) => [attribute.name, attribute.after]),
  ]);
  return createHash('sha256')
    .update(JSON.stringify([changes, detail]))
    .digest('hex');
}

/**
 * Runs one cycle (see the module comment) and resolves with what it found;
 * sends its findings as events through `options.emit`.
 * Errors: StateLockedError (a run held the state longer than the lock
 * timeout), DiagnosticError (the manifest), the API's errors; nothing is
 * half-done that a normal run cannot reconcile (a repair records its calls
 * in the journal as every apply does).
 */
export async function watchCycle(run: Run, loaded: LoadedManifest, options: CycleOptions): Promise<CycleResult> {
  const { cycle, emit } = options;
  const session = await openSession(run, `watch ${options.manifest}`, loaded, {
    lockTimeoutSeconds: options.lockTimeoutSeconds,
    parallelism: options.parallelism,
  });
  try {
    const planOptions = { refresh: true, replace: [], destroy: false, parallelism: options.parallelism, allowOverBudget: true };
    let made: MadePlan = await makePlan(run, session, loaded, planOptions);
    const drift = made.plan.drift;
    for (const entry of drift?.changed ?? [])
      emit({
        type: 'drift',
        cycle,
        address: entry.address,
        attribute: entry.attribute,
        before: shown(entry.before, entry.sensitive),
        after: shown(entry.after, entry.sensitive),
      });
    for (const address of drift?.deleted ?? []) emit({ type: 'deleted', cycle, address });
    const drifted = new Set([...(drift?.changed ?? []).map((entry) => entry.address), ...(drift?.deleted ?? [])]).size;

    const { accounts, currency: unmanagedCurrency } = await unmanagedAccounts(run, session);
    for (const account of accounts) emit({ type: 'unmanaged', cycle, currency: unmanagedCurrency, ...account });

    const free = options.repair === 'free' && !options.signal?.aborted ? repairable(made.plan, run) : [];
    if (free.length > 0) {
      const repairPlan: PlanDocument = {
        ...made.plan,
        changes: free,
        targets: free.map((change) => change.address),
        moves: undefined,
        imports: undefined,
        // Free changes cost nothing: no budget override is journaled for them.
        budget: undefined,
      };
      const summary = await executePlan(run, session, repairPlan, loaded, {
        parallelism: options.parallelism,
        signal: options.signal,
        refresh: made.refresh,
        // The classification above chose free changes; the apply itself refuses anything else (paid call, delete, trigger).
        freeOnly: true,
      });
      for (const done of summary.done) emit({ type: 'repaired', cycle, address: done.address, action: done.action });
      for (const failed of summary.failed) emit({ type: 'repair_failed', cycle, address: failed.address, message: failed.error.message });
      // What is left is planned again against the state the repair wrote, so the saved plan applies to it.
      if (!options.signal?.aborted) made = await makePlan(run, session, loaded, planOptions);
    }

    const pendingByKind: Record<PendingKind, number> = { free: 0, paid: 0, destructive: 0 };
    const forPerson: Array<{ address: string; action: string; kind: PendingKind }> = [];
    for (const change of resourceChanges(made.plan)) {
      const kind = pendingKind(change, run);
      pendingByKind[kind] += 1;
      emit({
        type: 'pending_change',
        cycle,
        address: change.address,
        resourceType: change.type,
        action: change.action,
        kind,
        paidOrders: change.paidOrders,
      });
      if (kind !== 'free') forPerson.push({ address: change.address, action: change.action, kind });
    }
    let announced = options.announced;
    let paidOrdersAwaiting = 0;
    if (forPerson.length > 0 && !options.signal?.aborted) {
      paidOrdersAwaiting = resourceChanges(made.plan).reduce((sum, change) => sum + change.paidOrders, 0);
      const print = fingerprint(forPerson, made.plan);
      // Written every cycle (the state may have moved, and the plan must apply to it); announced once per set of changes.
      await writePlanFile(options.planPath, made.plan);
      if (print !== announced)
        emit({
          type: 'plan_saved',
          cycle,
          path: options.planShown,
          changes: forPerson,
          paidOrders: paidOrdersAwaiting,
          dueNow: made.plan.cost?.due_now ?? null,
        });
      announced = print;
    } else if (forPerson.length === 0) announced = undefined;
    const cost = made.plan.cost;
    return {
      drifted,
      pending: resourceChanges(made.plan).length,
      unmanaged: accounts,
      currency: cost?.currency ?? unmanagedCurrency,
      monthlyCost: cost ? cost.monthly_before : null,
      paidOrdersAwaiting,
      pendingByKind,
      announced,
    };
  } finally {
    await session.close();
  }
}
