/**
 * What a plan document keeps of the manifest it was made from: the source
 * with every sensitive literal redacted, and the digest of the original
 * text (apply compares it with the manifest file).
 */
import { createHash } from 'node:crypto';
import { MASK } from '../core/mask.js';

/** Hex SHA-256 of a text (the manifest a plan was made from). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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
  const replacement = (text: string, start: number, end: number) => `"${MASK}"${/\s*$/.exec(text.slice(start, end))![0]}`;
  // One node reached twice (an anchored value used again through an alias) is redacted once.
  const unique = [...new Map(sensitiveLiterals.map((range) => [`${range[0]}:${range[1]}`, range])).values()];
  const ascending = unique.sort((a, b) => a[0] - b[0]);
  const disjoint = ascending.every(
    ([start], index) => index === 0 || (start > ascending[index - 1][0] && start >= ascending[index - 1][1]),
  );
  if (disjoint) {
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
  // Ranges that overlap (one node reached twice through aliases): replace
  // one by one from the end, as always.
  let text = source;
  for (const [start, end] of [...unique].sort((a, b) => b[0] - a[0])) {
    text = `${text.slice(0, start)}${replacement(text, start, end)}${text.slice(end)}`;
  }
  return { source: text, redacted: true };
}
