/**
 * Resource entries read on first use (issue 35: one change applied in a
 * state of 100,000 resources costs what it changes, not a parse of the
 * whole file). A backend that reads a snapshot it wrote itself (its
 * checksum matches, so every entry is one it validated before writing)
 * may hand the store a `resources` object whose entries are still text:
 * a `Proxy` over a plain object that holds, for each address not read yet,
 * a placeholder locating its text. Reading an entry (`resources[address]`)
 * parses its text (and checks it again, throwing what the backend's parser
 * throws for a bad entry) and keeps the value in place of the placeholder.
 * Assigning or deleting an entry works as on any object; `Object.keys`,
 * `for ... in`, `in` and `Object.hasOwn` parse nothing; `Object.entries`,
 * `Object.values`, a spread and `JSON.stringify` parse every entry (as a
 * whole-state write must). A proxy is not cloneable: copy the document
 * with {@link plainResources} before `structuredClone`. Setting up 100,000
 * entries costs one placeholder and one plain property each (no accessor
 * and no closure per entry: a fifth of the time accessor properties took).
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

/** What the proxy's target holds for an entry not read yet (never a value anyone else makes). */
class Unread {
  constructor(readonly span: EntrySpan) {}
}

/** The unread entries of one `resources` object. */
interface LazyEntries {
  bytes: Buffer;
  /** The object behind the proxy: a value or an {@link Unread} per address. */
  target: Record<string, ResourceState | Unread>;
  /** Every span, ordered by `start` (the file's order). */
  ordered: EntrySpan[];
  /** Per member name: the addresses whose text holds `"name":` (see {@link mayHold}). */
  mentions: Map<string, Set<string>>;
  /** The addresses read, assigned, defined or deleted through the proxy since it was made (their value, not their text, says what they hold now). */
  touched: Set<string>;
  /** How many own properties the object behind holds, kept as writes add and delete them ({@link entryCount}). */
  count: number;
}

/** The lazy bookkeeping by proxy. */
const lazyOf = new WeakMap<object, LazyEntries>();

/** Sets `target[key]` as an own data property (`__proto__` included, which an assignment would take as the prototype). */
function putOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

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
  const target: Record<string, ResourceState | Unread> = {};
  let count = 0;
  for (const span of spans) {
    if (!Object.hasOwn(target, span.address)) count++; // an address given twice is one entry (the last), as JSON.parse makes it
    putOwn(target, span.address, new Unread(span));
  }
  const touched = new Set<string>();
  const lazy: LazyEntries = { bytes, target, ordered: spans, mentions: new Map(), touched, count };
  /** Notes a write of `key` (touched; the count kept when it adds or removes an own property), then returns what `write` did. */
  const noted = (held: object, key: string | symbol, write: () => boolean) => {
    if (typeof key === 'string') touched.add(key);
    const had = Object.hasOwn(held, key);
    const done = write();
    const has = Object.hasOwn(held, key);
    if (had !== has) lazy.count += has ? 1 : -1;
    return done;
  };
  const resources = new Proxy(target, {
    // Writes go to the object behind, noted so that the scans for rare marks return these entries to be read.
    set: (held, key, value) => noted(held, key, () => Reflect.set(held, key, value)),
    defineProperty: (held, key, descriptor) => noted(held, key, () => Reflect.defineProperty(held, key, descriptor)),
    deleteProperty: (held, key) => noted(held, key, () => Reflect.deleteProperty(held, key)),
    get(held, key, receiver) {
      const value: unknown = Reflect.get(held, key, receiver);
      if (!(value instanceof Unread) || typeof key !== 'string') return value;
      const read = parse(bytes.toString('utf8', value.span.start, value.span.end), key);
      // Unless the parse assigned the entry meanwhile (it does not), the value replaces its placeholder.
      if (held[key] === value) putOwn(held, key, read);
      touched.add(key); // a value that may be changed in place: the scans for rare marks look at it
      return read;
    },
  }) as Record<string, ResourceState>;
  lazyOf.set(resources, lazy);
  return resources;
}

/** The span of `address` when its entry in `resources` is still unread text, else undefined. */
function unreadSpan(resources: object, address: string): { lazy: LazyEntries; span: EntrySpan } | undefined {
  const lazy = lazyOf.get(resources);
  if (lazy === undefined || !Object.hasOwn(lazy.target, address)) return undefined;
  const held = lazy.target[address];
  return held instanceof Unread ? { lazy, span: held.span } : undefined;
}

/** True when the entry of `address` in `resources` is still unread text (validated when it is read). */
export function isUnread(resources: object, address: string): boolean {
  return unreadSpan(resources, address) !== undefined;
}

/** How many entries `resources` holds: `Object.keys(resources).length`, without a proxy's per-key checks when it is lazy. */
export function entryCount(resources: Record<string, ResourceState>): number {
  return lazyOf.get(resources)?.count ?? Object.keys(resources).length;
}

/**
 * `resources` as a plain object (every entry read: what a proxy's
 * `structuredClone` needs; the object itself when it is not lazy).
 * @throws what reading an entry throws (a bad entry).
 */
export function plainResources(resources: Record<string, ResourceState>): Record<string, ResourceState> {
  if (!lazyOf.has(resources)) return resources;
  const plain: Record<string, ResourceState> = {};
  for (const address of Object.keys(resources)) putOwn(plain, address, resources[address]);
  return plain;
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
 * The addresses of `resources` whose entries may hold one of the members
 * `names`, sorted: as {@link mayHold} for each, but without a look at every
 * entry when `resources` is lazy: the unread entries whose text names a
 * member (one scan of the file per name), and those read, assigned, or
 * deleted and added again since (whatever they hold now); of a plain
 * record, the entries that hold one. Read the entries returned to know.
 */
export function addressesThatMayHold(resources: Record<string, ResourceState>, ...names: string[]): string[] {
  const lazy = lazyOf.get(resources);
  if (lazy === undefined) {
    // A plain record (a state read whole: PostgreSQL, an older file): the entries holding a member, then only those sorted.
    const holding: string[] = [];
    for (const address in resources) {
      if (!Object.hasOwn(resources, address)) continue;
      const entry = resources[address] as unknown as Record<string, unknown>;
      if (names.some((name) => entry[name] !== undefined)) holding.push(address);
    }
    return holding.sort();
  }
  const found = new Set<string>();
  for (const name of names) for (const address of mentioning(lazy, name)) found.add(address);
  for (const address of lazy.touched) found.add(address);
  return [...found].filter((address) => Object.hasOwn(lazy.target, address)).sort();
}
