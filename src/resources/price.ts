/**
 * Price hooks of the priced resource types (`ResourceType.price`): what a
 * resource with given attributes is billed every cycle, read from the
 * product listings the types' data sources already read (docs/api
 * "Shared reply shapes", Plan `billing`). Never a guess: a price the
 * listing does not give is `recurring: null` with the reason.
 *
 * Listing shapes read:
 * - lite / lite pro VM and snapshot products (Plan): `billing[]` entries
 *   `{ cycle, price, components }`; a VM's disk is priced through the
 *   `disk_size` component's steps over its total size (see {@link vmPrice}).
 * - bare-metal and additional-IP products (opaque): `billing[]` `{ cycle, price }`.
 * - extra disk and elastic storage products (opaque): `billing[]`
 *   `{ cycle, price_per_gb }`, times the size in GB.
 * Every entry may carry `currency` (an ISO 4217 code).
 */
import type { PlannedValue } from '../core/types.js';
import { isUnknown } from '../core/types.js';
import type { PriceQuote, ProductListings } from './attribute.js';

type Listing = Record<string, unknown>;

/** A billing entry of a product listing item for `cycle`, or undefined. */
function billingEntry(product: Listing | undefined, cycle: string): Listing | undefined {
  const billing = product?.billing;
  if (!Array.isArray(billing)) return undefined;
  return billing.find((entry): entry is Listing => typeof entry === 'object' && entry !== null && (entry as Listing).cycle === cycle);
}

function integer(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function known(value: PlannedValue | undefined): value is Exclude<PlannedValue, { $unknown: string }> {
  return value !== undefined && value !== null && !isUnknown(value);
}

/**
 * Price of `quantity` units over graduated steps `{ qty_min, qty_max, price }`
 * (each unit at the step it falls in). Undefined when a unit falls in no step
 * or a step is malformed.
 */
export function graduatedPrice(steps: unknown, quantity: number): number | undefined {
  if (!Array.isArray(steps)) return undefined;
  let total = 0;
  let counted = 0;
  for (const step of steps as Listing[]) {
    const min = integer(step?.qty_min);
    const max = integer(step?.qty_max);
    const price = integer(step?.price);
    if (min === undefined || max === undefined || price === undefined) return undefined;
    const units = Math.max(0, Math.min(quantity, max) - Math.max(min, 1) + 1);
    total += units * price;
    counted += units;
  }
  return counted === quantity ? total : undefined;
}

/** What every hook needs first: the cycle and the product of `attributes`, or a quote saying why not. */
async function productOf(
  listings: ProductListings,
  path: string,
  attributes: Record<string, PlannedValue>,
  cycleDefault?: string,
): Promise<{ cycle: string; product: Listing; entry: Listing } | PriceQuote> {
  const cycleValue = attributes.cycle ?? cycleDefault;
  const cycle = known(cycleValue) ? String(cycleValue) : '';
  const productId = attributes.product_id;
  if (!known(productId) || !cycle) return { cycle, recurring: null, unknownReason: 'product or cycle known only after apply' };
  const product = (await listings.list(path)).find((item) => integer(item.product_id) === integer(productId));
  if (!product) return { cycle, recurring: null, unknownReason: `product ${String(productId)} is not in ${path}` };
  const entry = billingEntry(product, cycle);
  if (!entry) return { cycle, recurring: null, unknownReason: `product ${String(productId)} lists no price for cycle ${cycle}` };
  return { cycle, product, entry };
}

function currencyOf(entry: Listing): { currency?: string } {
  return typeof entry.currency === 'string' && entry.currency ? { currency: entry.currency } : {};
}

/** A product billed a flat `price` per cycle (snapshots, bare metal, additional IPs). Listing: GET `path`. */
export function flatPrice(path: string, cycleDefault?: string) {
  return async (listings: ProductListings, attributes: Record<string, PlannedValue>): Promise<PriceQuote> => {
    const found = await productOf(listings, path, attributes, cycleDefault);
    if (!('entry' in found)) return found;
    const price = integer(found.entry.price);
    if (price === undefined)
      return {
        cycle: found.cycle,
        recurring: null,
        ...currencyOf(found.entry),
        unknownReason: `product ${String(attributes.product_id)} gives no price`,
      };
    return { cycle: found.cycle, recurring: price, ...currencyOf(found.entry) };
  };
}

/**
 * A snapshot: the group sells one snapshot product and the order names
 * none, so the price is that product's for the cycle (unknown when the
 * listing holds more than one). Listing: GET `path`.
 */
export function snapshotPrice(path: string) {
  return async (listings: ProductListings, attributes: Record<string, PlannedValue>): Promise<PriceQuote> => {
    const items = await listings.list(path);
    if (items.length !== 1)
      return {
        cycle: known(attributes.cycle) ? String(attributes.cycle) : '',
        recurring: null,
        unknownReason: `${path} lists ${items.length} snapshot products and the order names none`,
      };
    return flatPrice(path)(listings, { ...attributes, product_id: items[0]!.product_id as PlannedValue });
  };
}

/** A product billed `price_per_gb` per cycle times the size attribute `sizeAttribute` (GB). Listing: GET `path`. */
export function perGbPrice(path: string, sizeAttribute: string, sizeDefault: number) {
  return async (listings: ProductListings, attributes: Record<string, PlannedValue>): Promise<PriceQuote> => {
    const found = await productOf(listings, path, attributes);
    if (!('entry' in found)) return found;
    const perGb = integer(found.entry.price_per_gb);
    const sizeValue = attributes[sizeAttribute] ?? sizeDefault;
    const size = known(sizeValue) ? integer(sizeValue) : undefined;
    if (perGb === undefined)
      return {
        cycle: found.cycle,
        recurring: null,
        ...currencyOf(found.entry),
        unknownReason: `product ${String(attributes.product_id)} gives no price per GB`,
      };
    if (size === undefined)
      return { cycle: found.cycle, recurring: null, ...currencyOf(found.entry), unknownReason: `${sizeAttribute} known only after apply` };
    return { cycle: found.cycle, recurring: perGb * size, ...currencyOf(found.entry) };
  };
}

/**
 * A lite-style VM: its plan's price for the cycle plus its storage, priced
 * by the `disk_size` component of the billing entry: the component names
 * the order field it prices (`field: "disk_size"`, the VM's total disk in
 * GB, as the storage upgrade sends it), and its steps price each GB of that
 * total at the step it falls in (storage the plan includes is a step priced
 * 0). Without a `disk_size` attribute only the plan's price. The contract
 * gives no other storage figure (the plan's own disk size is not in it), so
 * a billing entry without that component, or whose steps do not cover the
 * size, is `(price unknown)`. Listing: GET `path` (the group's products).
 */
export function vmPrice(path: string) {
  return async (listings: ProductListings, attributes: Record<string, PlannedValue>): Promise<PriceQuote> => {
    const found = await productOf(listings, path, attributes);
    if (!('entry' in found)) return found;
    const unknownPrice = (unknownReason: string): PriceQuote => ({
      cycle: found.cycle,
      recurring: null,
      ...currencyOf(found.entry),
      unknownReason,
    });
    const product = `product ${String(attributes.product_id)}`;
    const base = integer(found.entry.price);
    if (base === undefined) return unknownPrice(`${product} gives no price`);
    const wanted = attributes.disk_size;
    if (wanted === undefined || wanted === null) return { cycle: found.cycle, recurring: base, ...currencyOf(found.entry) };
    if (!known(wanted)) return unknownPrice('disk_size known only after apply');
    const size = integer(wanted);
    const components = Array.isArray(found.entry.components) ? (found.entry.components as Listing[]) : [];
    const steps = components.find((component) => component?.field === 'disk_size')?.prices;
    if (steps === undefined) return unknownPrice(`${product} gives no disk_size price steps for cycle ${found.cycle}`);
    const storage = size === undefined ? undefined : graduatedPrice(steps, size);
    if (storage === undefined) return unknownPrice(`${product} gives no price for a ${String(wanted)} GB disk`);
    return { cycle: found.cycle, recurring: base + storage, ...currencyOf(found.entry) };
  };
}
