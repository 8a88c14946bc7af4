/**
 * Money figures of a workspace against a simulator, from the order ledger
 * and the request log (never from replies, which a variant profile bends):
 * duplicate orders and orphans. Shared by the unknown-outcome and property
 * tests.
 */
import type { LedgerEntry, RequestLogEntry } from '../../src/sim/index.js';

/** What {@link moneyFigures} counts. */
export interface MoneyFigures {
  /** Orders placed more than once: a create whose account state does not hold, or an in-place order repeated with the same body. */
  duplicates: string[];
  /** Accounts ordered, never deleted, and unknown to state. */
  orphans: string[];
}

/**
 * Ledger operations that make a new account (its id is the new account's):
 * `lite.create`, `lite.disk-create`, `lite.snapshot-create`,
 * `lite.snapshot-create-vm`, `baremetal.create`, ... (as the simulator's
 * `recordOrder` tells them apart). The other operations change an account.
 */
const NEW_ACCOUNT = /create(-vm)?$/;

/** The request body without the payment field (it varies with `pay_with_credit_card`). */
function orderKey(entry: LedgerEntry): string {
  const { pay_invoice_with_cc: _pay, ...rest } = entry.body;
  return `${entry.operation} ${entry.account_id} ${JSON.stringify(rest)}`;
}

/**
 * Counts duplicate orders and orphans among `ledger` entries (those of this
 * workspace), given the ids state holds (any type) and the request log (a
 * DELETE of an account's path means cloudctl removed it on purpose).
 */
export function moneyFigures(ledger: LedgerEntry[], requests: RequestLogEntry[], stateIds: Iterable<string>): MoneyFigures {
  const managed = new Set([...stateIds].map(String));
  const deleted = new Set<string>();
  for (const request of requests) {
    if (request.method !== 'DELETE') continue;
    for (const segment of request.path.split('/')) if (/^\d+$/.test(segment)) deleted.add(segment);
  }
  const duplicates: string[] = [];
  const orphans: string[] = [];
  const seen = new Set<string>();
  for (const entry of ledger) {
    const id = String(entry.account_id);
    if (NEW_ACCOUNT.test(entry.operation)) {
      if (!managed.has(id) && !deleted.has(id)) {
        duplicates.push(`${entry.operation} → account ${id} (not in state)`);
        orphans.push(`${entry.operation.split('.')[0]} account ${id}`);
      }
      continue;
    }
    const key = orderKey(entry);
    if (seen.has(key)) duplicates.push(`${entry.operation} on account ${id} ordered again (${JSON.stringify(entry.body)})`);
    seen.add(key);
  }
  return { duplicates, orphans };
}
