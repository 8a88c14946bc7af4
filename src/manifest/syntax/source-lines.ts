/**
 * A manifest's text as the fast reader (fast-yaml.ts) sees it: whether it
 * takes the text at all ({@link takes}), and its lines as it cuts them to
 * find a node's range (where top-level entries start, and the entries of a
 * section's block mapping, by indentation).
 */
import { MAX_MANIFEST_CHARACTERS, MAX_NESTING_DEPTH, nestingUpperBound } from './yaml.js';

/**
 * What the fast reader leaves to the position-keeping one (see the module
 * comment): characters it does not take, `<<`, a collection as a key,
 * `&`, `!`, `?`, `%` or `*` (but `[*]`) where a node may start.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern looks for
const LEFT_TO_POSITION_KEEPING = /[\t\r\uFEFF\u0000-\u0008\u000B-\u001F\u007F]|<<|[\]}] *:|(?:^|[\s[{,])(?:[&!?%]|\*(?!\]))/;
/** A document marker at the start of a line. */
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?:[ \n]|$)/gm;
/**
 * A line whose value is one quoted scalar on its own (`count: '${var.prod ?
 * 3 : 1}'`, `- condition: "${a != b}"`): indentation, list dashes, an
 * optional plain key, the quoted scalar (its first closing quote is the one
 * the line ends with, so the match never reaches past it: a `''` escape
 * makes the line not match), an optional comment. What is inside such a
 * scalar is text, whatever characters the operators use (`?`, `!`, `%`,
 * `*`, `&`), so {@link LEFT_TO_POSITION_KEEPING} does not look at it.
 */
const QUOTED_VALUE_LINE = /^([ \t]*(?:- +)*(?:[A-Za-z0-9_.-]+: +)?)(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*")([ \t]*(?:#[^\n]*)?)$/gm;

/** Whether the fast reader may read `source` (see the module comment). */
export function takes(source: string): boolean {
  if (source.length > MAX_MANIFEST_CHARACTERS) return false;
  // The quoted values are taken out only when the whole text has something to leave: `''` in their place cannot make a match.
  if (LEFT_TO_POSITION_KEEPING.test(source)) {
    const outsideExpressions = source.includes('${') ? source.replace(QUOTED_VALUE_LINE, "$1''$2") : source;
    if (LEFT_TO_POSITION_KEEPING.test(outsideExpressions)) return false;
  }
  DOCUMENT_MARKER.lastIndex = 0;
  for (let marker = DOCUMENT_MARKER.exec(source); marker; marker = DOCUMENT_MARKER.exec(source)) {
    if (marker.index !== 0 || marker[0].startsWith('.')) return false;
  }
  return nestingUpperBound(source) <= MAX_NESTING_DEPTH;
}

/** One line of the source: where it starts, its indentation, and whether it holds content (not blank, not only a comment). */
export interface SourceLine {
  start: number;
  indent: number;
  content: boolean;
}

/**
 * The offsets of the lines that start top-level entries: lines whose first
 * character is not a space or `#` (a first `---` aside).
 */
export function topLevelEntries(source: string): number[] {
  const starts: number[] = [];
  const pattern = /^[^ #\n]/gm;
  for (let found = pattern.exec(source); found; found = pattern.exec(source)) {
    if (found.index === 0 && /^---(?: |\n|$)/.test(source)) continue;
    starts.push(found.index);
  }
  return starts;
}

/** The lines of `source[from, to)` (`from` at a line start). */
export function sourceLines(source: string, from: number, to: number): SourceLine[] {
  const lines: SourceLine[] = [];
  for (let start = from; start < to;) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 || newline > to ? to : newline;
    let indent = start;
    while (indent < end && source.charCodeAt(indent) === 32) indent++;
    lines.push({ start, indent: indent - start, content: indent < end && source[indent] !== '#' });
    start = end + 1;
  }
  return lines;
}

/**
 * The indexes of the lines that start the entries of the block mapping that
 * is the value of the entry whose key is on `lines[0]`: lines with content
 * at the indentation of the first content line after it (which must be
 * deeper), in order. `undefined` when there is none, or a content line is
 * less indented than the entries.
 */
export function entryLines(lines: SourceLine[]): number[] | undefined {
  let first = 1;
  while (first < lines.length && !lines[first]!.content) first++;
  if (first >= lines.length || lines[first]!.indent <= lines[0]!.indent) return undefined;
  const indent = lines[first]!.indent;
  const entries: number[] = [];
  for (let line = first; line < lines.length; line++) {
    const { content, indent: at } = lines[line]!;
    if (!content) continue;
    if (at < indent) return undefined;
    if (at === indent) entries.push(line);
  }
  return entries;
}
