/**
 * Positions in a manifest's text as the Language Server Protocol counts
 * them (0-based lines, 0-based UTF-16 characters, which is how JavaScript
 * strings count), from the 1-based `line:column` locations the manifest
 * parser gives (src/manifest/parse), and back.
 */
import type { SourceLocation } from '../core/types.js';

/** A position in a text: 0-based line and character (UTF-16 code units), the LSP's `Position`. */
export interface TextPosition {
  line: number;
  character: number;
}

/** A range in a text, `end` excluded: the LSP's `Range`. */
export interface TextRange {
  start: TextPosition;
  end: TextPosition;
}

/** A range in one file (`file` as the workspace gives paths: absolute). */
export interface FileRange {
  file: string;
  range: TextRange;
}

/** A text with its line starts, to turn offsets into positions and back. */
export class SourceText {
  readonly #lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) this.#lineStarts.push(index + 1);
  }

  /** Number of lines (a text ending with a line break has an empty last line). */
  get lineCount(): number {
    return this.#lineStarts.length;
  }

  /** The offset of a position (clamped to the text). */
  offsetAt(position: TextPosition): number {
    const line = Math.min(Math.max(position.line, 0), this.#lineStarts.length - 1);
    return Math.min(this.#lineStarts[line] + Math.max(position.character, 0), this.text.length);
  }

  /** The position of an offset. */
  positionAt(offset: number): TextPosition {
    let low = 0;
    let high = this.#lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: offset - this.#lineStarts[low] };
  }

  /** The offset of a parser location (1-based line and column). */
  offsetOf(location: Pick<SourceLocation, 'line' | 'column'>): number {
    return this.offsetAt({ line: location.line - 1, character: location.column - 1 });
  }

  /** The range `[start, start + length)` as positions. */
  rangeAt(start: number, length: number): TextRange {
    return { start: this.positionAt(start), end: this.positionAt(start + length) };
  }

  /** The text of a line, without its line break. */
  lineText(line: number): string {
    const start = this.#lineStarts[line] ?? this.text.length;
    const next = this.#lineStarts[line + 1];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }
}

/** True when `position` lies within `outer` (both ends included, so a cursor just after a name is on it). */
export function rangeContains(outer: TextRange, position: TextPosition): boolean {
  const after = (a: TextPosition, b: TextPosition) => a.line > b.line || (a.line === b.line && a.character >= b.character);
  return after(position, outer.start) && after(outer.end, position);
}

/** Orders ranges by where they start. */
export function compareRanges(a: FileRange, b: FileRange): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}
