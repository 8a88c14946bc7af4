/**
 * The PostgreSQL backend's compacted snapshot (issue 35: a one-change apply
 * in a state of 100,000 resources reads what it needs, not 100,000 rows):
 * every resource entry of the state at one serial, kept as one value of the
 * `snapshots` table beside the rows, written in the transaction that writes
 * the whole state or compacts its change log. A read is the snapshot plus
 * the change log's records since (store.ts); its entries are parsed on
 * first use, as the local backend's snapshot (src/state/lazy-resources.ts).
 *
 * The value is gzip (level {@link SNAPSHOT_GZIP_LEVEL}) of one line per
 * entry, sorted by address:
 *
 *     "ADDRESS"<TAB>{"type":"...","id":"...",...}<LF>
 *
 * (JSON never holds a raw tab or line feed, so both split a line safely),
 * each entry with its type and id first (what the store's account index
 * reads of an unread entry). About a tenth of the rows' size: 104 MB of
 * rows at 100,000 resources are 10 to 15 MB here, and gzip's CRC-32 makes a
 * damaged value fail to decompress.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ResourceState } from '../document.js';
import { lazyResources, type EntrySpan } from '../lazy-resources.js';

/** The layout {@link snapshotBytes} writes (the `format` column of `snapshots`). */
export const SNAPSHOT_FORMAT = 1;

/** gzip's level for the snapshot: level 1 compresses this JSON nearly as well as 6, in a third of the time. */
const SNAPSHOT_GZIP_LEVEL = 1;

const TAB = 0x09;
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** The JSON text of `resource` with its `type` and `id` first (the order an unread entry's identity is read in). */
function entryText(resource: ResourceState): string {
  const { type, id, ...rest } = resource;
  return JSON.stringify({ type, id, ...rest });
}

/**
 * The snapshot value of `resources` (address → entry), sorted by address
 * (code-unit order), compressed, and how many entries it holds. Reads every
 * entry of a lazy object. O(size of the state).
 */
export function snapshotBytes(resources: Record<string, ResourceState>): { bytes: Buffer; count: number } {
  const addresses = Object.keys(resources).sort();
  const lines = addresses.map((address) => `${JSON.stringify(address)}\t${entryText(resources[address]!)}\n`);
  return { bytes: gzipSync(Buffer.from(lines.join(''), 'utf8'), { level: SNAPSHOT_GZIP_LEVEL }), count: addresses.length };
}

/**
 * The spans of the entries of an uncompressed snapshot, in its order.
 * @throws Error when a line is not laid out as {@link snapshotBytes} writes it.
 */
function entrySpans(bytes: Buffer): EntrySpan[] {
  const spans: EntrySpan[] = [];
  let at = 0;
  while (at < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, at);
    const tab = bytes.indexOf(TAB, at);
    if (newline < 0 || tab < 0 || tab > newline || bytes[at] !== QUOTE || bytes[tab - 1] !== QUOTE || tab - at < 2)
      throw new Error(`line at byte ${at} is not an entry`);
    if (bytes[tab + 1] !== OPEN_BRACE || bytes[newline - 1] !== CLOSE_BRACE) throw new Error(`line at byte ${at} is not an entry`);
    const quoted = bytes.toString('utf8', at, tab);
    const address = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
    spans.push({ address, start: tab + 1, end: newline });
    at = newline + 1;
  }
  return spans;
}

/**
 * `compressed` (gzip) decompressed into one buffer: its size read from the
 * gzip trailer (the size modulo 2^32) so that zlib writes it whole, not in
 * chunks of 16 KB copied together at the end (a second pass over 100 MB of
 * fresh memory, which costs more than the decompression under load).
 * @throws Error when it does not decompress (damaged: gzip checks its CRC-32).
 */
function inflated(compressed: Buffer): Buffer {
  const size = compressed.length >= 4 ? compressed.readUInt32LE(compressed.length - 4) : 0;
  return gunzipSync(compressed, { chunkSize: Math.max(64 * 1024, Math.min(size + 1, 2 ** 31 - 1)) });
}

/**
 * `spans` (sorted by address) without the addresses `changed` sets or
 * removes, and with a placeholder span (no text) for each address it sets,
 * in address order: the entries of the snapshot with a log's net effect.
 */
function withChanges(spans: EntrySpan[], changed: ReadonlyMap<string, ResourceState | null>): EntrySpan[] {
  if (changed.size === 0) return spans;
  const added = [...changed.keys()].filter((address) => changed.get(address) !== null).sort();
  const merged: EntrySpan[] = [];
  let next = 0;
  for (const span of spans) {
    while (next < added.length && added[next]! < span.address) merged.push({ address: added[next++]!, start: 0, end: 0 });
    if (!changed.has(span.address)) merged.push(span);
  }
  while (next < added.length) merged.push({ address: added[next++]!, start: 0, end: 0 });
  return merged;
}

/**
 * The entries of the snapshot value `compressed` that holds `count` of
 * them, with `changed` applied (the change log's net effect since the
 * snapshot: address → the resource it sets, or `null` when removed), as a
 * lazy `resources` object sorted by address (code-unit order, as the rows
 * are read): each snapshot entry parsed and checked by `parseEntry` on
 * first use (which throws for a bad one), each entry the log sets read
 * already (so the scans for rare marks look at it).
 * @throws Error when the value does not decompress (damaged), is not laid
 *   out as written, or holds another number of entries: the caller reads
 *   the rows instead.
 */
export function snapshotResources(
  compressed: Buffer,
  count: number,
  changed: ReadonlyMap<string, ResourceState | null>,
  parseEntry: (text: string, address: string) => ResourceState,
): Record<string, ResourceState> {
  const bytes = inflated(compressed);
  const spans = entrySpans(bytes);
  if (spans.length !== count) throw new Error(`it holds ${spans.length} entries, not ${count}`);
  const resources = lazyResources(bytes, withChanges(spans, changed), (text, address) => {
    const set = changed.get(address);
    return set ?? parseEntry(text, address);
  });
  for (const [address, set] of changed) if (set !== null) void resources[address];
  return resources;
}
