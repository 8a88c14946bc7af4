/**
 * Characters as Terraform counts them: grapheme clusters (what a reader
 * sees as one character: `é` written as `e` and a combining accent is one,
 * and so is a flag emoji), for `length`, `substr`, `strrev` and `format`
 * widths.
 */

let segmenter: Intl.Segmenter | undefined;

/** The characters (grapheme clusters) of `text`, in order. */
export function characters(text: string): string[] {
  // Plain ASCII is one character a code unit: skip the segmenter (the common case, and much faster).
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text) && !text.includes('\r\n')) return text.split('');
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (segment) => segment.segment);
}
