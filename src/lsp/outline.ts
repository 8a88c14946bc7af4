/**
 * Where the cursor is in a manifest's YAML, read from the lines' indentation
 * rather than a YAML parse, so that text being typed (`    ty`, `type:` with
 * no value yet) still has a place: the keys enclosing a position
 * ({@link keyPathAt}) and the names a file declares ({@link outline}:
 * blocks with their types, variables, locals, outputs). Block-style YAML
 * only (what manifests are written in); a flow mapping is one value.
 */

/** One `key: value` line. */
export interface KeyLine {
  /** 0-based line. */
  line: number;
  /** Column of the key (after a list item's `- `). */
  indent: number;
  key: string;
  /** The text after `key:` (trimmed; empty when the value is on the next lines). */
  value: string;
  /** Column where the value starts. */
  valueColumn: number;
}

const KEY_LINE = /^(\s*)((?:- +)*)("[^"]*"|'[^']*'|[A-Za-z0-9_$][\w.$-]*)\s*:(?=\s|$)\s*(.*)$/;

/** The `key: value` of `text` (one line), at line number `line`; `undefined` when the line is not one. */
export function keyLine(text: string, line: number): KeyLine | undefined {
  const match = KEY_LINE.exec(text);
  if (!match) return undefined;
  const indent = match[1].length + match[2].length;
  const key = match[3].replace(/^["']|["']$/g, '');
  const value = match[4].replace(/\s+#.*$/, '').trim();
  return { line, indent, key, value, valueColumn: text.length - match[4].length };
}

/** The indentation of a line that holds something (not blank nor a comment), else `undefined`. */
function indentOf(text: string): number | undefined {
  const match = /^(\s*)((?:- +)*)(\S)/.exec(text);
  if (!match || match[3] === '#') return undefined;
  return match[1].length + match[2].length;
}

/**
 * The keys enclosing column `column` of line `line` (0-based), outermost
 * first: for a cursor at `      cyc|` under `resources:` / `web:` /
 * `properties:`, the key lines of `resources`, `web` and `properties`.
 * The line's own key is not included.
 */
export function keyPathAt(lines: readonly string[], line: number, column: number): KeyLine[] {
  const own = lines[line] ?? '';
  const ownIndent = indentOf(own);
  let limit = ownIndent === undefined || ownIndent > column ? column : ownIndent;
  const path: KeyLine[] = [];
  for (let index = line - 1; index >= 0 && limit > 0; index -= 1) {
    const indent = indentOf(lines[index]);
    if (indent === undefined || indent >= limit) continue;
    const found = keyLine(lines[index], index);
    if (found && found.indent === indent) path.unshift(found);
    limit = indent;
  }
  return path;
}

/** A named block (resource, data source or module block) of a file. */
export interface OutlineBlock {
  name: string;
  /** The `type:` written, if any. */
  type?: string;
  /** The module's `source:` for a module block. */
  source?: string;
  /** Whether it has `count:` / `for_each:`. */
  count: boolean;
  forEach: boolean;
  /** 0-based line of its name. */
  line: number;
}

/** The names a manifest file declares. */
export interface Outline {
  resources: Map<string, OutlineBlock>;
  data: Map<string, OutlineBlock>;
  /** Other top-level sections' entries (`variables`, `locals`, `outputs`, `stacks`, ...) by section: name → 0-based line. */
  sections: Map<string, Map<string, number>>;
}

/** The names `text` (one file) declares; see {@link Outline}. */
export function outline(text: string): Outline {
  const result: Outline = { resources: new Map(), data: new Map(), sections: new Map() };
  const lines = text.split('\n');
  let section: string | undefined;
  let entryIndent: number | undefined;
  let block: OutlineBlock | undefined;
  let childIndent: number | undefined;
  lines.forEach((raw, index) => {
    const indent = indentOf(raw);
    if (indent === undefined) return;
    const found = keyLine(raw, index);
    if (indent === 0) {
      section = found?.key;
      entryIndent = undefined;
      block = undefined;
      return;
    }
    if (!section || !found) return;
    entryIndent ??= indent;
    if (indent === entryIndent) {
      block = undefined;
      childIndent = undefined;
      if (section === 'resources' || section === 'data') {
        block = { name: found.key, count: false, forEach: false, line: index };
        result[section].set(found.key, block);
      } else {
        if (!result.sections.has(section)) result.sections.set(section, new Map());
        result.sections.get(section)!.set(found.key, index);
      }
    } else if (block && indent > entryIndent) {
      childIndent ??= indent;
      if (indent === childIndent) blockField(block, found);
    }
  });
  return result;
}

/** Notes a field of a block's body (`type`, `module`/`source`, `count`, `for_each`). */
function blockField(block: OutlineBlock, found: KeyLine): void {
  const value = found.value.replace(/^["']|["']$/g, '');
  if (found.key === 'type' && value && block.type === undefined) block.type = value;
  else if ((found.key === 'source' || found.key === 'module') && value) block.source = value;
  else if (found.key === 'count') block.count = true;
  else if (found.key === 'for_each' || found.key === 'forEach') block.forEach = true;
}

/** The outlines of several files merged (a folder manifest's): the first file declaring a name wins. */
export function mergeOutlines(outlines: readonly Outline[]): Outline {
  const merged: Outline = { resources: new Map(), data: new Map(), sections: new Map() };
  for (const each of outlines) {
    for (const [name, block] of each.resources) if (!merged.resources.has(name)) merged.resources.set(name, block);
    for (const [name, block] of each.data) if (!merged.data.has(name)) merged.data.set(name, block);
    for (const [section, names] of each.sections) {
      if (!merged.sections.has(section)) merged.sections.set(section, new Map());
      for (const [name, line] of names) if (!merged.sections.get(section)!.has(name)) merged.sections.get(section)!.set(name, line);
    }
  }
  return merged;
}
