/**
 * Quotes remembered for the length of one pricing (a plan's, src/engine/cost.ts
 * `pricePlan`): 100,000 VMs of one product and cycle are priced once, not
 * 100,000 times. A price hook (src/resources/price.ts) is a function of the
 * attributes it reads and of the product listings, which are read once per
 * pricing already; so a quote is remembered with the attributes its hook read
 * (through a proxy that records each read) and given again to any
 * resource of the same type whose attributes hold the same values there.
 * A hook that looks at the attributes otherwise than by reading a
 * property (listing their keys, `in`) is never remembered.
 */
import { sameData } from '../core/equal.js';
import type { PlannedValue } from '../core/types.js';
import type { PriceQuote, ResourceType } from '../resources/attribute.js';

/** How many quotes are remembered per type at most (a plan of many distinct products is then priced as before). */
const QUOTES_KEPT_PER_TYPE = 64;

/** A remembered quote: the attributes its hook read (name, value), and what it answered. */
interface Remembered {
  reads: ReadonlyArray<readonly [string, unknown]>;
  quote: PriceQuote | undefined;
}

/** What {@link QuoteMemo.lookup} answers when nothing remembered fits. */
export const NOT_REMEMBERED = Symbol('not remembered');

/** See the module comment. */
export class QuoteMemo {
  private readonly byType = new Map<ResourceType, Remembered[]>();

  /**
   * `quoteOf(type, attributes)` is the pricing's own quote (the hook called
   * with the listings); it must be a function of what it reads of
   * `attributes` and of nothing that changes during the pricing.
   */
  constructor(
    private readonly quoteOf: (type: ResourceType, attributes: Record<string, PlannedValue>) => Promise<PriceQuote | undefined>,
  ) {}

  /**
   * The remembered quote for a resource of `type` whose attributes are
   * `attributes` (or read by `attributes(name)`, as `record[name]` would give
   * them), or {@link NOT_REMEMBERED}. Shared: read it, never change it.
   */
  lookup(
    type: ResourceType,
    attributes: Record<string, PlannedValue> | ((name: string) => unknown),
  ): PriceQuote | undefined | typeof NOT_REMEMBERED {
    const remembered = this.byType.get(type);
    if (remembered === undefined) return NOT_REMEMBERED;
    const read = typeof attributes === 'function' ? attributes : (name: string): unknown => attributes[name];
    for (const entry of remembered) {
      if (entry.reads.every(([name, value]) => sameData(read(name), value))) return entry.quote;
    }
    return NOT_REMEMBERED;
  }

  /** The quote for a resource of `type` with `attributes` ({@link lookup} first, else asked and remembered). */
  async quote(type: ResourceType, attributes: Record<string, PlannedValue>): Promise<PriceQuote | undefined> {
    const known = this.lookup(type, attributes);
    if (known !== NOT_REMEMBERED) return known;
    const reads: Array<readonly [string, unknown]> = [];
    let rememberable = true;
    const refuse = () => {
      rememberable = false;
    };
    const watched = new Proxy(attributes, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof key === 'string') reads.push([key, value]);
        else refuse();
        return value;
      },
      has(target, key) {
        refuse();
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        refuse();
        return Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor(target, key) {
        refuse();
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    const found = await this.quoteOf(type, watched);
    let remembered = this.byType.get(type);
    if (!remembered) this.byType.set(type, (remembered = []));
    if (rememberable && remembered.length < QUOTES_KEPT_PER_TYPE) remembered.push({ reads, quote: found });
    return found;
  }
}
