/**
 * Reading a `state.json` snapshot whose checksum matched (it is exactly
 * the text cloudctl wrote, after validating the document) without parsing
 * every resource: the layout `snapshotText` (store.ts) writes puts each
 * resource on a line of its own,
 *
 *     "resources": {
 *       "ADDRESS": {ENTRY},
 *       ...
 *     },
 *
 * so the file is parsed without the resources (the lineage, serial,
 * outputs, ...), and each entry is left as its place in the bytes, parsed
 * and checked on first use (src/state/lazy-resources.ts). A file laid out
 * otherwise (an older cloudctl's, indented throughout) is not read here:
 * the caller parses it whole, as before.
 */
import type { ResourceState } from '../document.js';
import { lazyResources, type EntrySpan } from '../lazy-resources.js';

/** The line that opens the resources member, with the newlines around it. */
const RESOURCES_OPEN = Buffer.from('\n  "resources": {\n', 'latin1');

const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const NEWLINE = 0x0a;

/** True when `bytes` at `at` hold `count` spaces then `next`. */
function indentedBy(bytes: Buffer, at: number, count: number, next: number): boolean {
  for (let index = 0; index < count; index++) if (bytes[at + index] !== SPACE) return false;
  return bytes[at + count] === next;
}

/**
 * The span of the entry on the line from `at` to `newline`
 * (`    "ADDRESS": {...}` and a comma unless last), or undefined when the line
 * is not one.
 */
function entryOnLine(bytes: Buffer, at: number, newline: number): EntrySpan | undefined {
  if (!indentedBy(bytes, at, 4, QUOTE)) return undefined;
  let close = at + 5;
  let escaped = false;
  while (close < newline && bytes[close] !== QUOTE) {
    if (bytes[close] === BACKSLASH) {
      escaped = true;
      close += 2;
    } else close++;
  }
  if (close >= newline || bytes[close + 1] !== COLON || bytes[close + 2] !== SPACE || bytes[close + 3] !== OPEN_BRACE) return undefined;
  const quoted = bytes.toString('utf8', at + 4, close + 1);
  const address = escaped ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
  const end = bytes[newline - 1] === COMMA ? newline - 1 : newline;
  if (bytes[end - 1] !== CLOSE_BRACE) return undefined;
  return { address, start: close + 3, end };
}

/**
 * The document of the snapshot `bytes` (checksum verified by the caller)
 * with its resources left unread: the rest parsed (`JSON.parse`), and
 * `resources` a lazy object whose entries `parseEntry` parses and checks on
 * first use. Undefined when the file is not laid out one resource a line
 * (then parse it whole). @throws what `JSON.parse` throws for the rest.
 */
export function snapshotWithUnreadResources(
  bytes: Buffer,
  parseEntry: (text: string, address: string) => ResourceState,
): Record<string, unknown> | undefined {
  const open = bytes.indexOf(RESOURCES_OPEN);
  if (open < 0) return undefined;
  const spans: EntrySpan[] = [];
  let at = open + RESOURCES_OPEN.length;
  let closing = -1;
  while (closing < 0) {
    const newline = bytes.indexOf(NEWLINE, at);
    if (newline < 0) return undefined;
    if (indentedBy(bytes, at, 2, CLOSE_BRACE)) closing = at + 2;
    else {
      const span = entryOnLine(bytes, at, newline);
      if (span === undefined) return undefined;
      spans.push(span);
      at = newline + 1;
    }
  }
  // `{` of the resources member, then its `}` and what follows: the document without its entries.
  const rest = bytes.toString('utf8', 0, open + RESOURCES_OPEN.length - 1) + bytes.toString('utf8', closing);
  const document = JSON.parse(rest) as Record<string, unknown>;
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return undefined;
  document.resources = lazyResources(bytes, spans, parseEntry);
  return document;
}
