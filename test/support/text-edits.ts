/** Making a language server's text edits on a text, as an editor does (for the language server's tests). */
import { SourceText } from '../../src/lsp/text.js';

/** An edit as the protocol has it: a range of the original text (0-based) and its new text. */
export interface TextEditLike {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/** `text` with `edits` made (ranges of the original text, as the protocol has them; made from the last one back). */
export function applyEdits(text: string, edits: TextEditLike[]): string {
  const source = new SourceText(text);
  const sorted = [...edits].sort((a, b) => source.offsetAt(b.range.start) - source.offsetAt(a.range.start));
  let result = text;
  for (const edit of sorted)
    result = result.slice(0, source.offsetAt(edit.range.start)) + edit.newText + result.slice(source.offsetAt(edit.range.end));
  return result;
}
