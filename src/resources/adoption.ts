/**
 * What `cloudctl import --all` reads of an account beyond what its type's
 * `list` maps: its status, whether it waits for payment, what it is billed
 * every cycle and the cycle code the billing system words its own way.
 * Wire-shaping only (docs/api/adoption.md): the engine's adoption
 * (src/engine/adoption/) decides what is adopted and writes the manifest.
 */
import { pickFirst, toInt } from '../api/parse.js';
import type { Attributes } from '../core/types.js';
import { statusOf, text } from './account-replies.js';
import type { OperationContext, ResourceType } from './attribute.js';

/** One live account of a type as discovery lists it. */
export interface ListedAccount {
  /** The import id (canonical). */
  id: string;
  /** The attributes the type's `list` maps (as its `read` would, without detail requests). */
  attributes: Attributes;
  /** The status the list reports (`Active`, `Pending`, ...); `''` when it reports none (keypairs). */
  status: string;
  /** True when the account waits for payment (see {@link awaitsPayment}). */
  awaitingPayment: boolean;
  /** `recurring_amount` of the list item (account currency per cycle); `null` when the list does not give it. */
  recurringAmount: number | null;
  /** The cycle code (`m`, `a`, ...) of the item's `billingcycle` (`Monthly`, `Annually`, ...); absent when not given. */
  cycle?: string;
}

/** Every live account of one type, and how many the list held `Terminated`. */
export interface TypeListing {
  accounts: ListedAccount[];
  /** Items of the list reporting `Terminated` (left out). */
  terminated: number;
}

/** The billing system's names of the cycle codes (docs/api/adoption.md "Cycles"). */
const CYCLE_CODES: Record<string, string> = {
  m: 'm',
  a: 'a',
  q: 'q',
  s: 's',
  b: 'b',
  t: 't',
  p4: 'p4',
  p5: 'p5',
  monthly: 'm',
  quarterly: 'q',
  'semi-annually': 's',
  semiannually: 's',
  annually: 'a',
  annual: 'a',
  yearly: 'a',
  biennially: 'b',
  triennially: 't',
};

/** The cycle code of a billing-cycle word (`Monthly` → `m`); `undefined` when unknown. */
export function cycleCode(word: unknown): string | undefined {
  const key = text(word).trim().toLowerCase();
  return Object.hasOwn(CYCLE_CODES, key) ? CYCLE_CODES[key] : undefined;
}

/**
 * True when an account item waits for payment: its `last_invoice.status` is
 * `Unpaid`; for an item without an invoice (a snapshot account), its status
 * is `Pending` (an unpaid order stays `Pending`; so does one still being
 * provisioned, which the item cannot tell apart).
 */
export function awaitsPayment(item: Record<string, unknown>): boolean {
  const invoice = item.last_invoice;
  if (typeof invoice === 'object' && invoice !== null)
    return (
      text((invoice as Record<string, unknown>).status)
        .trim()
        .toLowerCase() === 'unpaid'
    );
  return statusOf(item).trim().toLowerCase() === 'pending';
}

/**
 * Lists every live account of `type` with its billing facts. Endpoint: the
 * type's list (GET; the assignment type also GETs each IP's assigns).
 * Resolves with no account for a type without `list`.
 * @throws the API's errors, UnknownListError for a list that comes back null.
 */
export async function listAccounts(type: ResourceType, context: OperationContext): Promise<TypeListing> {
  if (!type.list) return { accounts: [], terminated: 0 };
  const listed = await type.list(context);
  const accounts = listed.map((entry): ListedAccount => {
    const item = entry.item ?? {};
    const status = typeof entry.attributes.status === 'string' && entry.attributes.status !== '' ? entry.attributes.status : statusOf(item);
    const cycle = cycleCode(pickFirst(item, ['billingcycle', 'cycle']));
    // A create-only cycle the type's mapping leaves out is the cycle the account is billed on.
    const fillCycle = cycle !== undefined && type.attributes.cycle?.mode === 'required' && entry.attributes.cycle === undefined;
    return {
      id: entry.id,
      attributes: fillCycle ? { ...entry.attributes, cycle } : entry.attributes,
      status,
      awaitingPayment: awaitsPayment({ ...item, status }),
      recurringAmount: toInt(item.recurring_amount),
      ...(cycle ? { cycle } : {}),
    };
  });
  return { accounts, terminated: listed.terminated ?? 0 };
}
