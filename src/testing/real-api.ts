/**
 * What a test run against a real API (`cloudctl test --against URL`) does
 * about money (docs/testing.md, "Against a real API"): the accounts it
 * ordered, told at its end with what became of each; the destroy at its end
 * (or the state kept with `--keep-state`); and the duplicate and orphan
 * checks, which on a simulator read its ledger, here limited to the
 * accounts this run ordered.
 *
 * The run's ledger on a real API is made of two records: the accounts that
 * appeared in the run's state (with the step whose plan created them), and
 * the accounts of the catalogue's listable types that are live at the end
 * but were not before the first step (an order the state never recorded,
 * such as one placed twice, shows there).
 */
import { accountKey } from '../resources/accounts.js';
import type { Engine } from '../engine/engine.js';
import type { PlanDocument } from '../plan/document.js';
import type { StateDocument } from '../state/document.js';

/** One account the run ordered, and what became of it. */
export interface OrderedAccount {
  /** The address that held it (absent for an account no state ever held). */
  address?: string;
  /** Canonical resource type. */
  type: string;
  id: string;
  /** The step whose command ordered it (absent when no state ever held it). */
  step?: string;
  /**
   * `destroyed` (by a step, or by the destroy at the end of the run), `kept`
   * (in the state kept with `--keep-state`), or `left` (still live, no
   * state records it: it keeps billing).
   */
  outcome: 'destroyed' | 'kept' | 'left';
  /** How: `by step "NAME"`, `at the end of the run`, the state's path, why it was left. */
  detail: string;
}

/** Live accounts of the listable resource types, by account key (`cloud_lite_vm 100001` → its type and listed name). */
export type Listing = Map<string, { type: string; id: string; name?: string }>;

/**
 * Lists every live account of each resource type of the engine's catalogue
 * that has a list (one GET per list endpoint; types of one account kind
 * once). Endpoint: each type's list. Errors: the API's.
 */
export async function listLive(engine: Engine): Promise<Listing> {
  const connection = await engine.connect();
  const out: Listing = new Map();
  try {
    const kinds = new Set<string>();
    for (const entry of engine.catalogue.entries()) {
      if (entry.kind !== 'resource' || !entry.list) continue;
      const kind = accountKey(entry.type, '');
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      for (const item of await entry.list(connection.context(120))) {
        const name = item.attributes.name ?? item.attributes.vm_name;
        out.set(accountKey(entry.type, item.id), {
          type: entry.type,
          id: item.id,
          ...(typeof name === 'string' ? { name } : {}),
        });
      }
    }
  } finally {
    await connection.close();
  }
  return out;
}

/** What the run has ordered so far, as its state showed them after each step. */
export class RunLedger {
  private readonly seen = new Map<string, { address: string; type: string; id: string; step: string; gone?: string }>();

  /**
   * Records, after the step `step`, the accounts its plan created
   * (an address whose change is a create or replace and whose id is new in
   * `state`), and the accounts that left the state during it.
   */
  noteStep(step: string, plan: PlanDocument | undefined, state: StateDocument): void {
    const created = new Set(
      (plan?.changes ?? [])
        .filter((change) => change.mode === 'resource' && (change.action === 'create' || change.action === 'replace'))
        .map((change) => change.address),
    );
    const now = new Set<string>();
    for (const [address, resource] of Object.entries(state.resources)) {
      const key = accountKey(resource.type, resource.id);
      now.add(key);
      if (!this.seen.has(key) && created.has(address)) this.seen.set(key, { address, type: resource.type, id: resource.id, step });
    }
    for (const [key, entry] of this.seen) if (entry.gone === undefined && !now.has(key)) entry.gone = step;
  }

  /** The accounts ordered and still held by state (not gone), by account key. */
  held(): Set<string> {
    return new Set([...this.seen].filter(([, entry]) => entry.gone === undefined).map(([key]) => key));
  }

  /**
   * Every account the run ordered and what became of it: those its state
   * held (`stateKeys`: the account keys state holds at the end; `kept`: the
   * path of the state kept, or undefined when the run destroyed what it
   * created), then the live accounts of `after` (listed at the end) that
   * `before` (listed before the first step) did not have and no state held.
   */
  outcomes(options: { stateKeys: ReadonlySet<string>; kept: string | undefined; before: Listing; after: Listing }): OrderedAccount[] {
    const out: OrderedAccount[] = [];
    for (const [key, entry] of this.seen) {
      const base = { address: entry.address, type: entry.type, id: entry.id, step: entry.step };
      if (options.stateKeys.has(key))
        out.push(
          options.kept !== undefined
            ? { ...base, outcome: 'kept', detail: `in ${options.kept}` }
            : { ...base, outcome: 'left', detail: 'the destroy at the end did not remove it from state' },
        );
      else if (options.after.has(key))
        out.push({ ...base, outcome: 'left', detail: 'still live, but no state holds it (it keeps billing)' });
      else
        out.push({
          ...base,
          outcome: 'destroyed',
          detail: entry.gone === END_OF_RUN ? 'at the end of the run' : `by step "${entry.gone}"`,
        });
    }
    for (const [key, account] of options.after) {
      if (options.before.has(key) || this.seen.has(key)) continue;
      const twin = [...this.seen.values()].find((entry) => entry.type === account.type);
      out.push({
        type: account.type,
        id: account.id,
        outcome: 'left',
        detail: `live since this run started, and no state holds it (it keeps billing)${twin ? `; the run ordered ${twin.address} of that type: an order placed twice?` : ''}`,
      });
    }
    return out;
  }
}

/** The step name {@link RunLedger.noteStep} is given for the destroy at the end of the run. */
export const END_OF_RUN = '(the destroy at the end of the run)';

/** One English line of an ordered account: `  cloud_lite_vm 100002 (web, ordered by "apply"): destroyed at the end of the run`. */
export function accountLine(account: OrderedAccount): string {
  const where = account.address !== undefined ? `${account.address}, ordered by "${account.step}"` : 'no state held it';
  const what = account.outcome === 'left' ? 'LEFT BEHIND' : account.outcome;
  return `${account.type} ${account.id} (${where}): ${what} ${account.detail}`;
}
