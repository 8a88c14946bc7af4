/**
 * What a plan document keeps of the manifest it was made from: the source
 * with every sensitive literal redacted, and the digest of the original
 * text (apply compares it with the manifest file).
 */
import { createHash } from 'node:crypto';
import { MASK } from '../core/mask.js';

/** How many characters of a text are hashed at a time (a manifest of 100,000 resources is 21 MB: never one UTF-8 copy of it). */
const HASHED_AT_ONCE = 1024 * 1024;

/** Hex SHA-256 of a text (the manifest a plan was made from), as UTF-8. */
export function sha256(text: string): string {
  const hash = createHash('sha256');
  for (let from = 0; from < text.length;) {
    let to = Math.min(from + HASHED_AT_ONCE, text.length);
    // Never between the two halves of a surrogate pair (each half alone would be hashed as U+FFFD).
    const last = text.charCodeAt(to - 1);
    if (to < text.length && to - 1 > from && last >= 0xd800 && last <= 0xdbff) to--;
    hash.update(text.slice(from, to), 'utf8');
    from = to;
  }
  return hash.digest('hex');
}

/** The white space (as `\\s`) that ends `text.slice(start, end)`: what `/\\s*$/` finds there, without the slice. */
function trailingBlanks(text: string, start: number, end: number): string {
  let from = end;
  while (from > start && /\s/.test(text[from - 1]!)) from--;
  return from === end ? '' : text.slice(from, end);
}

/**
 * The ranges sorted by start, each range once (one node reached twice
 * through an alias is listed twice), when no two of them share a start or
 * overlap; undefined otherwise (replaced one by one then).
 */
function disjointAscending(ranges: ReadonlyArray<readonly [number, number]>): Array<readonly [number, number]> | undefined {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const kept: Array<readonly [number, number]> = [];
  for (const range of sorted) {
    const last = kept[kept.length - 1];
    if (last !== undefined && last[0] === range[0] && last[1] === range[1]) continue;
    if (last !== undefined && (range[0] <= last[0] || range[0] < last[1])) return undefined;
    kept.push(range);
  }
  return kept;
}

/**
 * The manifest source with the literal values of sensitive inputs replaced
 * by `"(sensitive)"`: properties of sensitive attributes written as
 * literals or templates (a lone `${...}` reference holds no secret),
 * defaults of sensitive variables, and values of outputs declared
 * sensitive. `redacted` says whether anything was replaced (apply then
 * needs the manifest file itself).
 * The places are `sensitiveLiterals` (`[start, end)` offsets, found when
 * the manifest was loaded: `LoadedManifest.sensitiveLiterals`): the text is
 * not parsed again, and with nothing sensitive written as a literal the
 * source is returned at once. Never throws.
 */
export function redactSource(
  source: string,
  sensitiveLiterals: ReadonlyArray<readonly [number, number]>,
): { source: string; redacted: boolean } {
  if (sensitiveLiterals.length === 0) return { source, redacted: false };
  // Each replacement keeps the whitespace that ends its range (a block
  // scalar's range takes its line breaks along).
  const replacement = (text: string, start: number, end: number) => `"${MASK}"${trailingBlanks(text, start, end)}`;
  const ascending = disjointAscending(sensitiveLiterals);
  if (ascending) {
    // One pass; the same text as the replacements one by one below.
    const pieces: string[] = [];
    let cursor = 0;
    for (const [start, end] of ascending) {
      pieces.push(source.slice(cursor, start), replacement(source, start, end));
      cursor = end;
    }
    pieces.push(source.slice(cursor));
    return { source: pieces.join(''), redacted: true };
  }
  // One node reached twice (an anchored value used again through an alias) is redacted once.
  const unique = [...new Map(sensitiveLiterals.map((range) => [`${range[0]}:${range[1]}`, range])).values()];
  // Ranges that overlap (one node reached twice through aliases): replace
  // one by one from the end, as always.
  let text = source;
  for (const [start, end] of [...unique].sort((a, b) => b[0] - a[0])) {
    text = `${text.slice(0, start)}${replacement(text, start, end)}${text.slice(end)}`;
  }
  return { source: text, redacted: true };
}
