/**
 * Resource entries read on first use (issue 35: one change applied in a
 * state of 100,000 resources costs what it changes, not a parse of the
 * whole file). A backend that reads a snapshot it wrote itself (its
 * checksum matches, so every entry is one it validated before writing)
 * may hand the store a `resources` object whose entries are still text:
 * each is an enumerable accessor property that parses its text on first
 * read (and checks it again, throwing what the backend's parser throws for
 * a bad entry), then becomes a plain data property. Assigning or deleting
 * an entry works as on any object; `Object.keys`, `for ... in` and
 * `Object.hasOwn` parse nothing; `Object.entries`, a spread and
 * `JSON.stringify` parse every entry (as a whole-state write must).
 *
 * What needs one fact of every entry asks here instead of reading the
 * entry: {@link resourceIdentity} (its type and id, for the store's account
 * index) and {@link mayHold} (whether an entry can hold a member, from its
 * text: a scan of the file, not a parse). Both fall back to the entry
 * itself once it is read, or for a document that is not lazy.
 */
import type { ResourceState } from './document.js';

/** Where an unread entry's text is: `[start, end)` in the snapshot's bytes. */
export interface EntrySpan {
  address: string;
  start: number;
  end: number;
}

/** The unread entries of one `resources` object. */
interface LazyEntries {
  bytes: Buffer;
  /** The spans by address. */
  spans: Map<string, EntrySpan>;
  /** Every span, ordered by `start` (the file's order). */
  ordered: EntrySpan[];
  /** The getter of each address, to tell an entry still unread (its property is that getter). */
  getters: Map<string, () => ResourceState>;
  /** Per member name: the addresses whose text holds `"name":` (see {@link mayHold}). */
  mentions: Map<string, Set<string>>;
}

const lazyOf = new WeakMap<object, LazyEntries>();

/** `Object.prototype.__lookupGetter__`: the getter of an own accessor property (own, as `resources` is a plain object with no inherited accessors). */
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__: (this: object, key: string) => (() => unknown) | undefined })
  .__lookupGetter__;

/**
 * A `resources` object whose entries are the texts `spans` locate in
 * `bytes`, each parsed (by `parse`, which also checks it and throws for a
 * bad one) on first read. O(entries) to build; nothing is parsed.
 */
export function lazyResources(
  bytes: Buffer,
  spans: EntrySpan[],
  parse: (text: string, address: string) => ResourceState,
): Record<string, ResourceState> {
  const resources: Record<string, ResourceState> = {};
  const lazy: LazyEntries = { bytes, spans: new Map(), ordered: spans, getters: new Map(), mentions: new Map() };
  // One descriptor object for every entry (defineProperty reads it at once): 100,000 fewer objects to collect.
  const accessor: PropertyDescriptor = { get: undefined, set: undefined, enumerable: true, configurable: true };
  const data: PropertyDescriptor = { value: undefined, writable: true, enumerable: true, configurable: true };
  for (const span of spans) {
    const { address } = span;
    const settle = (value: ResourceState) => {
      data.value = value;
      Object.defineProperty(resources, address, data);
      data.value = undefined;
    };
    const getter = () => {
      const value = parse(bytes.toString('utf8', span.start, span.end), address);
      settle(value);
      return value;
    };
    lazy.spans.set(address, span);
    lazy.getters.set(address, getter);
    accessor.get = getter;
    accessor.set = settle;
    Object.defineProperty(resources, address, accessor);
  }
  accessor.get = accessor.set = undefined;
  lazyOf.set(resources, lazy);
  return resources;
}

/** The span of `address` when its entry in `resources` is still unread text, else undefined. */
function unreadSpan(resources: object, address: string): { lazy: LazyEntries; span: EntrySpan } | undefined {
  const lazy = lazyOf.get(resources);
  if (lazy === undefined) return undefined;
  const getter = lazy.getters.get(address);
  // The getter of the property itself, found without making a descriptor (twice as fast over 100,000 entries).
  if (getter === undefined || lookupGetter.call(resources, address) !== getter) return undefined;
  return { lazy, span: lazy.spans.get(address)! };
}

/** True when the entry of `address` in `resources` is still unread text (validated when it is read). */
export function isUnread(resources: object, address: string): boolean {
  return unreadSpan(resources, address) !== undefined;
}

/** An entry's text that starts with its type and id, as the snapshot writes a resource. */
const IDENTITY_PREFIX = /^\{"type":("(?:[^"\\]|\\.)*"),"id":("(?:[^"\\]|\\.)*")[,}]/;

/** The longest start of an entry's text looked at for its type and id. */
const IDENTITY_PREFIX_BYTES = 160;

/**
 * The `type` and `id` of the entry at `address` of `resources`: from the
 * start of its text while it is unread (when the text starts with them, as
 * written; else the entry is read), else from the entry.
 */
export function resourceIdentity(resources: Record<string, ResourceState>, address: string): { type: string; id: string } {
  const unread = unreadSpan(resources, address);
  if (unread !== undefined) {
    const { bytes } = unread.lazy;
    const { start, end } = unread.span;
    const match = IDENTITY_PREFIX.exec(bytes.toString('utf8', start, Math.min(end, start + IDENTITY_PREFIX_BYTES)));
    if (match !== null) return { type: JSON.parse(match[1]!) as string, id: JSON.parse(match[2]!) as string };
  }
  const resource = resources[address]!;
  return { type: resource.type, id: resource.id };
}

/** The addresses of `lazy` whose text holds `"name":` (one scan of the bytes per name). */
function mentioning(lazy: LazyEntries, name: string): Set<string> {
  let found = lazy.mentions.get(name);
  if (found !== undefined) return found;
  found = new Set();
  const needle = Buffer.from(`${JSON.stringify(name)}:`, 'utf8');
  const { ordered, bytes } = lazy;
  let at = ordered.length > 0 ? bytes.indexOf(needle, ordered[0]!.start) : -1;
  let index = 0;
  while (at >= 0 && index < ordered.length) {
    while (index < ordered.length && ordered[index]!.end <= at) index++;
    const span = ordered[index];
    if (span === undefined) break;
    if (span.start <= at) {
      found.add(span.address);
      at = bytes.indexOf(needle, span.end); // the next entry's, if any
    } else at = bytes.indexOf(needle, span.start);
  }
  lazy.mentions.set(name, found);
  return found;
}

/**
 * False only when the entry of `address` is unread and its text cannot hold
 * any of the members `names` (the text has no `"name":` anywhere); true otherwise
 * (then read the entry to know). Lets a scan of every entry for a rare mark
 * (`migrated`, `lost_at_create`) read only the few that may have it.
 */
export function mayHold(resources: Record<string, ResourceState>, address: string, ...names: string[]): boolean {
  const unread = unreadSpan(resources, address);
  return unread === undefined || names.some((name) => mentioning(unread.lazy, name).has(address));
}

/**
 * The addresses of `resources` (in its key order) whose entries may hold one
 * of the members `names`: as {@link mayHold} for each, but one pass with the
 * lazy bookkeeping looked up once (a scan of 100,000 entries for a rare
 * mark costs a map lookup and a getter check per entry). Read the entries
 * returned to know.
 */
export function addressesThatMayHold(resources: Record<string, ResourceState>, ...names: string[]): string[] {
  const lazy = lazyOf.get(resources);
  const addresses = Object.keys(resources);
  if (lazy === undefined) return addresses;
  const mentioned = names.map((name) => mentioning(lazy, name));
  return addresses.filter((address) => {
    const getter = lazy.getters.get(address);
    // Read, assigned or added since: the entry itself says.
    if (getter === undefined || lookupGetter.call(resources, address) !== getter) return true;
    return mentioned.some((found) => found.has(address));
  });
}
