/**
 * Rename that keeps the money safe. Renaming a resource or a module block
 * edits its declaration and every place naming it, in every file of the
 * index; and when the state of the manifest holds the old address (the
 * block, one of its `count` / `for_each` instances, or, for a module
 * block or a block inside a module, a resource under it), the same edit
 * adds a `moved: { from, to }` entry, so the next plan shows a move and
 * orders nothing (Terraform's refactoring, written for the user). Renaming
 * a data source, a variable (module inputs and var file keys included), a
 * local or an output (`module.X.NAME` included) edits the places naming it.
 *
 * A `moved:` entry already written keeps its `from` (the history); its
 * `to` follows the rename unless a new entry chains from it (the state
 * holds the old address).
 */
import { NAME_PATTERN } from '../manifest/parse/sections.js';
import type { TextRange } from './text.js';
import { childScope, type IndexedFile, type ManifestScope, type ManifestSymbol, type SymbolIndex } from './symbols.js';

/** One text edit: the protocol's `TextEdit`. */
export interface TextEdit {
  range: TextRange;
  newText: string;
}

/** A `moved:` entry a rename adds, and the file it goes in. */
export interface AddedMove {
  file: string;
  from: string;
  to: string;
}

/** The edits of a rename, by file, and the `moved:` entries among them. */
export interface RenameResult {
  edits: Map<string, TextEdit[]>;
  moves: AddedMove[];
}

/** A rename that cannot be made (a bad or taken name, a symbol that cannot be renamed): `message` says why. */
export class RenameRefusedError extends Error {}

/**
 * The addresses the state of each root manifest holds, by the scope's id
 * ({@link ManifestScope.id}); a root without an entry has no state (or
 * none could be read): no `moved:` entry is added for it.
 */
export type StateAddresses = ReadonlyMap<string, ReadonlySet<string>>;

/** Names a resource block may not take (they start the other references). */
const RESERVED = new Set(['data', 'var', 'local', 'module', 'count', 'each', 'self', 'workspace']);

/**
 * Renames `symbol` to `newName`. Errors: {@link RenameRefusedError} when
 * `newName` is not a name (`[A-Za-z_][A-Za-z0-9_-]*`), is reserved for a
 * block (`data`, `var`, `module`, ...), or is declared already in the
 * symbol's manifest (for a block: a resource or module block of that name).
 */
export function renameSymbol(index: SymbolIndex, symbol: ManifestSymbol, newName: string, state: StateAddresses): RenameResult {
  checkNewName(index, symbol, newName);
  const edits = new Map<string, TextEdit[]>();
  const edit = (file: string, range: TextRange) => {
    const list = edits.get(file) ?? [];
    list.push({ range, newText: newName });
    edits.set(file, list);
  };
  const moves = symbol.kind === 'resource' || symbol.kind === 'module' ? movesFor(index, symbol, newName, state) : [];
  const chained = new Set(moves.map((move) => move.from));
  edit(symbol.definition.file, symbol.definition.range);
  for (const occurrence of symbol.references) {
    if (occurrence.role === 'moved_from') continue;
    if (occurrence.role === 'moved_to' && chained.size > 0) continue;
    edit(occurrence.file, occurrence.range);
  }
  for (const [file, added] of groupByFile(moves)) {
    const list = edits.get(file) ?? [];
    list.push(movedInsertion(index.files.get(file)!, added));
    edits.set(file, list);
  }
  return { edits, moves };
}

/** Refuses a name that is not one, reserved, or taken. */
function checkNewName(index: SymbolIndex, symbol: ManifestSymbol, newName: string): void {
  if (!NAME_PATTERN.test(newName))
    throw new RenameRefusedError(`"${newName}" is not a name: use letters, digits, "_" and "-", starting with a letter or "_"`);
  const block = symbol.kind === 'resource' || symbol.kind === 'module';
  if (block && RESERVED.has(newName)) throw new RenameRefusedError(`"${newName}" is reserved: a block cannot be named so`);
  if (newName === symbol.name) return;
  const kinds = block ? (['resource', 'module'] as const) : ([symbol.kind] as const);
  for (const kind of kinds) {
    const taken = index.lookup(symbol.scope, kind, newName);
    if (taken) {
      const { line, character } = taken.definition.range.start;
      throw new RenameRefusedError(`"${newName}" is declared already at ${taken.definition.file}:${line + 1}:${character + 1}`);
    }
  }
}

/**
 * The `moved:` entries renaming `symbol` needs: for each root manifest
 * whose state holds an address under it (directly, or through the module
 * blocks that instantiate the module declaring it), one entry per module
 * instance prefix found in state (`cluster[0].`), the block moved whole
 * (every `count` / `for_each` instance with it).
 */
function movesFor(index: SymbolIndex, symbol: ManifestSymbol, newName: string, state: StateAddresses): AddedMove[] {
  const moves: AddedMove[] = [];
  for (const { root, prefix } of rootPrefixes(index, index.scopes.get(symbol.scope)!)) {
    const addresses = state.get(root.id);
    if (!addresses) continue;
    const pattern = new RegExp(`^(${prefix})${escapeRegExp(symbol.name)}(?:$|[.[])`);
    const found = new Set<string>();
    for (const address of addresses) {
      const match = pattern.exec(address);
      if (match) found.add(match[1]);
    }
    for (const instance of [...found].sort()) {
      moves.push({ file: movedFile(index, root, symbol), from: `${instance}${symbol.name}`, to: `${instance}${newName}` });
    }
  }
  return moves;
}

/**
 * The root manifests a scope's blocks end up in, each with the pattern of
 * the address prefix they take there (`` for a root's own blocks,
 * `cluster(\[...\])?\.` for a module's named by the block `cluster`).
 */
function rootPrefixes(index: SymbolIndex, scope: ManifestScope, seen = new Set<string>()): Array<{ root: ManifestScope; prefix: string }> {
  if (!scope.module) return [{ root: scope, prefix: '' }];
  if (seen.has(scope.id)) return [];
  seen.add(scope.id);
  const found: Array<{ root: ManifestScope; prefix: string }> = [];
  for (const parentId of scope.parents) {
    const parent = index.symbols.get(parentId);
    if (!parent || childScope(index, parent)?.id !== scope.id) continue;
    for (const outer of rootPrefixes(index, index.scopes.get(parent.scope)!, seen)) {
      found.push({ root: outer.root, prefix: `${outer.prefix}${escapeRegExp(parent.name)}(?:\\[[^\\]]*\\])?\\.` });
    }
  }
  return found;
}

/** The file of `root` a new `moved:` entry goes in: the one with `moved:` already, else the block's own, else the first. */
function movedFile(index: SymbolIndex, root: ManifestScope, symbol: ManifestSymbol): string {
  const withMoved = root.files.find((file) => index.files.get(file)?.parsed?.sourceMap.nodeAt(['moved'])?.key !== undefined);
  if (withMoved) return withMoved;
  return root.files.includes(symbol.definition.file) ? symbol.definition.file : root.files[0];
}

/** An address as a YAML scalar: quoted when it holds brackets or quotes. */
function yamlAddress(address: string): string {
  return /^[A-Za-z0-9_.-]+$/.test(address) ? address : `'${address.replace(/'/g, "''")}'`;
}

/**
 * The edit adding `moves` to a file's `moved:` list: after its last entry
 * (a block list, entries indented like its first one; a flow list, before
 * its `]`), or a new `moved:` section at the end of the file.
 */
export function movedInsertion(file: IndexedFile, moves: AddedMove[]): TextEdit {
  const source = file.text.text;
  const section = file.parsed?.sourceMap.nodeAt(['moved']);
  const range = section?.range;
  if (section?.key && range) {
    const value = source.slice(range[0], range[1]);
    if (value.startsWith('[')) {
      const close = range[0] + value.lastIndexOf(']');
      const items = moves.map((move) => `{ from: ${yamlAddress(move.from)}, to: ${yamlAddress(move.to)} }`).join(', ');
      const empty = /^\[\s*\]$/.test(value);
      const at = file.text.positionAt(close);
      return { range: { start: at, end: at }, newText: empty ? items : `, ${items}` };
    }
    const indent = ' '.repeat(file.text.positionAt(range[0]).character);
    // After the list's last line (its range may take trailing blanks and line breaks along).
    let last = range[1];
    while (last > range[0] && /\s/.test(source[last - 1])) last--;
    const lineEnd = source.indexOf('\n', last);
    const at = file.text.positionAt(lineEnd < 0 ? source.length : lineEnd);
    return { range: { start: at, end: at }, newText: moves.map((move) => `\n${entryText(indent, move)}`).join('') };
  }
  const end = file.text.positionAt(source.length);
  const separator = source === '' || source.endsWith('\n') ? '' : '\n';
  const entries = moves.map((move) => `${entryText('  ', move)}\n`).join('');
  return { range: { start: end, end }, newText: `${separator}\nmoved:\n${entries}` };
}

/** One block-list entry of `moved:`, its `-` at `indent`. */
function entryText(indent: string, move: AddedMove): string {
  return `${indent}- from: ${yamlAddress(move.from)}\n${indent}  to: ${yamlAddress(move.to)}`;
}

/** `moves` by the file they go in, in order. */
function groupByFile(moves: AddedMove[]): Map<string, AddedMove[]> {
  const grouped = new Map<string, AddedMove[]>();
  for (const move of moves) grouped.set(move.file, [...(grouped.get(move.file) ?? []), move]);
  return grouped;
}

/** `text` with the characters regular expressions treat specially escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
