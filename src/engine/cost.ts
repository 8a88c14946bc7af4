/**
 * The price of a plan: what each change costs and what the managed
 * resources cost before and after it, from the catalogue's product listings
 * (each priced type's `price` hook, src/resources/price.ts) and the
 * state's `recurring_amount`. A price the catalogue does not give stays
 * `null` (`(price unknown)`) and the totals say they are partial: never a guess.
 *
 * Amounts are integers in the account currency. Per change they are per
 * billing cycle; totals are normalised to a month by dividing by the
 * cycle's months and rounding to the nearest integer:
 *
 * | cycle | m | q | s | a | b | t | p4 | p5 |
 * |---|---|---|---|---|---|---|---|---|
 * | months | 1 | 3 | 6 | 12 | 24 | 36 | 48 | 60 |
 *
 * Per change: a create bills `after` every cycle and is due now in full (its
 * first cycle); an update with paid orders (change-package, storage/disk
 * growth) is due now its increase per cycle (`after - before`, at least 0);
 * a delete stops billing `before`; a replace stops `before` and orders `after`.
 * A create resuming an earlier order orders nothing now.
 */
import { asArray } from '../api/parse.js';
import type { Catalogue } from '../manifest/catalogue.js';
import type { OperationContext, PriceQuote, ProductListings, ResourceType } from '../resources/attribute.js';
import { type Attributes, type PlannedValue } from '../core/types.js';
import { type StateDocument } from '../state/document.js';
import { NOT_REMEMBERED, QuoteMemo } from './quote-memo.js';
import { type Change, type ChangeCost, type PlanCost, type PlanDocument } from '../plan/document.js';

/** Months covered by each billing cycle code. */
export const CYCLE_MONTHS: Readonly<Record<string, number>> = { m: 1, q: 3, s: 6, a: 12, b: 24, t: 36, p4: 48, p5: 60 };

/** Words for "per cycle" of each cycle code, as the plan prints them. */
export const CYCLE_WORDS: Readonly<Record<string, string>> = {
  m: 'per month',
  q: 'per quarter',
  s: 'per half-year',
  a: 'per year',
  b: 'per 2 years',
  t: 'per 3 years',
  p4: 'per 4 years',
  p5: 'per 5 years',
};

/** `amount` per `cycle` as a monthly amount (rounded); null when either is unknown. */
export function monthly(amount: number | null, cycle: string): number | null {
  const months = CYCLE_MONTHS[cycle];
  if (amount === null || months === undefined) return amount === 0 ? 0 : null;
  return Math.round(amount / months);
}

/**
 * Product listings read through `context` (GET each path once; memoised
 * for the life of the returned object). Endpoint: the path given.
 */
export function productListings(context: () => OperationContext): ProductListings {
  const memo = new Map<string, Promise<Array<Record<string, unknown>>>>();
  return {
    list(path) {
      let items = memo.get(path);
      if (!items) {
        const ctx = context();
        items = ctx.api
          .get(path, { signal: ctx.signal })
          .then((body) =>
            asArray(body, `GET ${path}`).filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null),
          );
        memo.set(path, items);
      }
      return items;
    },
  };
}

/** What a price is asked with: the catalogue and where the listings come from. */
export interface PricingOptions {
  catalogue: Catalogue;
  listings: ProductListings;
}

/** A quote for a resource of `type`, or undefined when the type bills nothing. A listing that cannot be read is an unknown price with the reason. */
export async function quote(
  options: PricingOptions,
  type: ResourceType | undefined,
  attributes: Record<string, PlannedValue>,
): Promise<PriceQuote | undefined> {
  if (!type) return undefined;
  if (!type.price) {
    return type.paidCreate
      ? { cycle: String(attributes.cycle ?? ''), recurring: null, unknownReason: `the catalogue gives no price for ${type.type}` }
      : undefined;
  }
  try {
    return await type.price(options.listings, attributes);
  } catch (error) {
    return {
      cycle: typeof attributes.cycle === 'string' ? attributes.cycle : '',
      recurring: null,
      unknownReason: `the product listing could not be read (${(error as Error).message})`,
    };
  }
}

/** What a resource in state is billed now: its `recurring_amount` when the state has one, else the catalogue's price. */
export function currentPrice(options: PricingOptions, typeName: string, attributes: Attributes): Promise<PriceQuote | undefined> {
  return currentPriceBy((type, values) => quote(options, type, values), options.catalogue, typeName, attributes);
}

/** {@link currentPrice} with the quotes of `quoteOf` (a pricing's {@link QuoteMemo}, or {@link quote}). */
async function currentPriceBy(
  quoteOf: (type: ResourceType | undefined, attributes: Record<string, PlannedValue>) => Promise<PriceQuote | undefined>,
  catalogue: Catalogue,
  typeName: string,
  attributes: Attributes,
): Promise<PriceQuote | undefined> {
  const type = catalogue.resource(typeName);
  return withRecordedAmount(type, attributes, await quoteOf(type, attributes));
}

/** The price of a resource in state of `type` whose catalogue quote is `found`: its `recurring_amount`, when it has one, instead. */
function withRecordedAmount(type: ResourceType | undefined, attributes: Attributes, found: PriceQuote | undefined): PriceQuote | undefined {
  const recorded = attributes.recurring_amount;
  if (typeof recorded === 'number' && Number.isInteger(recorded) && recorded >= 0 && (type?.price || type?.paidCreate)) {
    return {
      cycle: found?.cycle || String(attributes.cycle ?? ''),
      recurring: recorded,
      ...(found?.currency ? { currency: found.currency } : {}),
    };
  }
  return found;
}

/** The attributes of a change after it: the state's, with every planned value of the change over them. */
function afterAttributes(change: Change, prior: Attributes | undefined): Record<string, PlannedValue> {
  const out: Record<string, PlannedValue> = change.action === 'replace' || change.action === 'create' ? {} : { ...(prior ?? {}) };
  for (const attribute of change.attributes) {
    if (attribute.after === undefined) delete out[attribute.name];
    else out[attribute.name] = attribute.after;
  }
  return out;
}

/** A record without own properties: what {@link createdValue} reads a value the change does not set from. */
const NO_VALUES: Readonly<Record<string, unknown>> = {};

/** Reads, by name, what {@link afterAttributes} gives for a create: its last planned value of that name, else what `{}` has. */
function createdValue(change: Change): (name: string) => unknown {
  return (name) => {
    for (let index = change.attributes.length - 1; index >= 0; index--) {
      const attribute = change.attributes[index]!;
      if (attribute.name === name) return attribute.after === undefined ? NO_VALUES[name] : attribute.after;
    }
    return NO_VALUES[name];
  };
}

/** `{ unknown_reason }` of a quote that gives one, else nothing. */
function unknownReasonOf(quote: PriceQuote): { unknown_reason?: string } {
  return quote.unknownReason ? { unknown_reason: quote.unknownReason } : {};
}

/**
 * The costs of new creates (nothing billed now, not resuming an order) by
 * the quote of their values then by whether they order (`paid`, `free`):
 * the same figures for thousands of resources of one product and cycle, so
 * one object, shared (frozen: no reader changes a cost).
 */
const newCreateCosts = new WeakMap<PriceQuote, { paid?: ChangeCost; free?: ChangeCost }>();

/**
 * The cost of a create, replace or paid update whose resource is billed
 * `now` (its state's price) and will be billed `next` (the quote of its
 * values after the change); undefined without `next`. The cost of a new
 * create is shared with the others of the same quote ({@link newCreateCosts}).
 */
function nextCost(change: Change, now: PriceQuote | undefined, next: PriceQuote | undefined): ChangeCost | undefined {
  if (!next) return undefined;
  const resumes = change.reasonCodes.some(
    (reason) => reason.code === 'create_resumes_pending_order' || reason.code === 'create_awaiting_payment',
  );
  if (change.action !== 'create' || resumes || now) return costOf(change, now, next, resumes);
  let shared = newCreateCosts.get(next);
  if (!shared) newCreateCosts.set(next, (shared = {}));
  const which = change.paidOrders === 0 ? 'free' : 'paid';
  return (shared[which] ??= Object.freeze(costOf(change, now, next, resumes)));
}

/** {@link nextCost}, made anew; `resumes`: the change resumes an order placed earlier. */
function costOf(change: Change, now: PriceQuote | undefined, next: PriceQuote, resumes: boolean): ChangeCost {
  const before = change.action === 'create' && !resumes ? 0 : (now?.recurring ?? null);
  const dueNow = change.paidOrders === 0 ? 0 : change.action === 'update' ? subtract(next.recurring, before) : next.recurring;
  const reason = next.unknownReason ?? now?.unknownReason;
  return {
    cycle: next.cycle,
    ...(now && change.action === 'replace' && now.cycle !== next.cycle ? { before_cycle: now.cycle } : {}),
    before: resumes ? next.recurring : before,
    after: next.recurring,
    due_now: dueNow,
    ...(reason && (next.recurring === null || before === null) ? { unknown_reason: reason } : {}),
  };
}

/** How many addresses {@link pricePlan} prices at once (their listings are read once, whatever the batch). */
const PRICED_AT_ONCE = 1000;

const subtract = (after: number | null, before: number | null): number | null =>
  after === null || before === null ? null : Math.max(0, after - before);

/**
 * Prices every resource change of `plan` (sets `change.cost`) and the
 * totals (`plan.cost`) against `state` (the state the plan was made
 * against). Reads product listings through `options.listings`.
 * Never throws for an unreadable listing: that price is unknown.
 */
export async function pricePlan(plan: PlanDocument, state: StateDocument, options: PricingOptions): Promise<void> {
  if (plan.mode === 'refresh-only') return;
  const currencies = new Set<string>();
  const note = (found: PriceQuote | undefined) => {
    if (found?.currency) currencies.add(found.currency);
    return found;
  };
  // Quotes of one product and cycle are asked once (quote-memo.ts): the listings do not change during the pricing.
  const memo = new QuoteMemo((type, attributes) => quote(options, type, attributes));
  const quoteOf = (type: ResourceType | undefined, attributes: Record<string, PlannedValue>) =>
    type === undefined ? Promise.resolve(undefined) : memo.quote(type, attributes);
  // The changes of addresses in state, by address; the others (a plan's creates) in plan order, without a map of them.
  const byAddress = new Map<string, Change>();
  const plannedOnly: Change[] = [];
  for (const change of plan.changes) {
    if (change.mode !== 'resource') continue;
    if (Object.hasOwn(state.resources, change.address)) byAddress.set(change.address, change);
    else plannedOnly.push(change);
  }
  const totals = { before: 0, after: 0, due: 0, orders: 0 };
  const unknown: string[] = [];
  /** The cost of `change` (of `type`) once the price of its resource in state, `now`, is known. */
  const changeCost = (
    change: Change | undefined,
    prior: StateDocument['resources'][string] | undefined,
    type: ResourceType | undefined,
    now: PriceQuote | undefined,
  ): ChangeCost | undefined | Promise<ChangeCost | undefined> => {
    if (!change || change.action === 'noop' || (change.action === 'update' && change.paidOrders === 0)) {
      if (!now) return undefined;
      return { cycle: now.cycle, before: now.recurring, after: now.recurring, due_now: 0, ...unknownReasonOf(now) };
    }
    if (change.action === 'delete') {
      if (!now) return undefined;
      return { cycle: now.cycle, before: now.recurring, after: 0, due_now: 0, ...unknownReasonOf(now) };
    }
    // A create's values are read from its change where a quote is remembered (no record of them made).
    const remembered =
      type === undefined
        ? undefined
        : memo.lookup(type, change.action === 'create' ? createdValue(change) : afterAttributes(change, prior?.attributes));
    if (remembered !== NOT_REMEMBERED) return nextCost(change, now, note(remembered));
    return quoteOf(type, afterAttributes(change, prior?.attributes)).then((next) => nextCost(change, now, note(next)));
  };
  /** Adds a resource's cost to the totals (and to its change, when the change is priced). */
  const record = (address: string, change: Change | undefined, cost: ChangeCost | undefined) => {
    if (!cost) return;
    const priced =
      change &&
      (change.action === 'create' ||
        change.action === 'replace' ||
        change.action === 'delete' ||
        (change.action === 'update' && change.paidOrders > 0));
    if (priced) change.cost = cost;
    const before = monthly(cost.before, cost.before_cycle ?? cost.cycle);
    const after = monthly(cost.after, cost.cycle);
    if (before === null || after === null || cost.due_now === null) unknown.push(address);
    else {
      totals.before += before;
      totals.after += after;
      totals.due += cost.due_now;
    }
  };
  /**
   * Prices one address: at once when its quotes are remembered (most are: one product and cycle for thousands of
   * resources), else a promise of it (the listings read first).
   */
  const priceOne = (address: string, change: Change | undefined): Promise<void> | undefined => {
    const prior = Object.hasOwn(state.resources, address) ? state.resources[address] : undefined;
    const type = options.catalogue.resource(change?.type ?? prior?.type ?? '');
    const priorType = prior ? options.catalogue.resource(prior.type) : undefined;
    const rememberedNow = !prior ? undefined : priorType === undefined ? undefined : memo.lookup(priorType, prior.attributes);
    const finish = (now: PriceQuote | undefined): Promise<void> | undefined => {
      const cost = changeCost(change, prior, type, now);
      if (cost instanceof Promise) return cost.then((found) => record(address, change, found));
      record(address, change, cost);
      return undefined;
    };
    if (!prior) return finish(undefined);
    if (rememberedNow !== NOT_REMEMBERED) return finish(note(withRecordedAmount(priorType, prior.attributes, rememberedNow)));
    return currentPriceBy(quoteOf, options.catalogue, prior.type, prior.attributes).then((now) => finish(note(now)));
  };
  // The state's addresses, then those only planned (in plan order), each once, a batch at a time: 100,000 quotes
  // awaited at once held 100,000 suspended calls and their attributes.
  const inState = Object.keys(state.resources);
  const count = inState.length + plannedOnly.length;
  for (let from = 0; from < count; from += PRICED_AT_ONCE) {
    const pending: Array<Promise<void>> = [];
    for (let index = from; index < Math.min(count, from + PRICED_AT_ONCE); index++) {
      const change = index < inState.length ? byAddress.get(inState[index]!) : plannedOnly[index - inState.length]!;
      const priced = priceOne(index < inState.length ? inState[index]! : change!.address, change);
      if (priced) pending.push(priced);
    }
    await Promise.all(pending);
  }
  for (const change of plan.changes) totals.orders += change.mode === 'resource' ? change.paidOrders : 0;
  unknown.sort();
  const summary: PlanCost = {
    currency: currencies.size === 1 ? [...currencies][0]! : null,
    monthly_before: totals.before,
    monthly_after: totals.after,
    orders: totals.orders,
    due_now: totals.due,
    unknown,
    partial: unknown.length > 0,
  };
  plan.cost = summary;
}

/** One managed resource's price now, as `cloudctl cost` lists it. */
export interface ResourcePrice {
  address: string;
  type: string;
  id: string;
  /** Cycle code; empty when unknown. */
  cycle: string;
  /** Billed every cycle; null when unknown. */
  recurring: number | null;
  /** `recurring` normalised to a month; null when unknown. */
  monthly: number | null;
  unknownReason?: string;
}

/**
 * What every resource in `state` that bills something costs now (its
 * `recurring_amount`, else the catalogue's price), in address order, and
 * the monthly total of the known ones with the catalogue's currency.
 */
export async function priceState(
  state: StateDocument,
  options: PricingOptions,
): Promise<{ resources: ResourcePrice[]; monthlyTotal: number; currency: string | null; partial: boolean }> {
  const currencies = new Set<string>();
  const resources: ResourcePrice[] = [];
  for (const [address, resource] of Object.entries(state.resources).sort(([a], [b]) => a.localeCompare(b))) {
    const found = await currentPrice(options, resource.type, resource.attributes);
    if (!found) continue;
    if (found.currency) currencies.add(found.currency);
    resources.push({
      address,
      type: resource.type,
      id: resource.id,
      cycle: found.cycle,
      recurring: found.recurring,
      monthly: monthly(found.recurring, found.cycle),
      ...(found.unknownReason ? { unknownReason: found.unknownReason } : {}),
    });
  }
  return {
    resources,
    monthlyTotal: resources.reduce((sum, resource) => sum + (resource.monthly ?? 0), 0),
    currency: currencies.size === 1 ? [...currencies][0]! : null,
    partial: resources.some((resource) => resource.monthly === null),
  };
}
