/**
 * The language server's code actions, as edits of the files of a
 * {@link SymbolIndex}:
 *
 * - apply the did-you-mean suggestion of a diagnostic (`cloudctl validate`
 *   ends a message with `; did you mean "vm_name"?`): the misspelled name
 *   at the diagnostic's position replaced by the suggestion;
 * - add the required attributes a resource or data source block lacks
 *   (from the catalogue in src/resources), each with a placeholder of its
 *   type (an enumeration's first value) for the user to fill in;
 * - turn a hard-coded id that is the id of a resource of the state into a
 *   reference to that resource's block (`keypair_id: 5012` →
 *   `keypair_id: ${key.keypair_id}`), so the dependency is planned.
 */
import type { Value } from '../core/types.js';
import { defaultCatalogue, type CatalogueView } from '../manifest/index.js';
import type { BlockDeclaration } from '../manifest/types.js';
import type { Attribute } from '../resources/attribute.js';
import { editDistance } from '../manifest/suggest.js';
import { rangeContains, type TextPosition, type TextRange } from './text.js';
import type { TextEdit } from './rename.js';
import type { IndexedFile, SymbolIndex } from './symbols.js';
import type { StateResource } from './state-view.js';

/** A diagnostic as the editor sends it back with a code action request. */
export interface DiagnosticInput {
  range: TextRange;
  message: string;
  code?: string | number;
}

/** A code action: its title, kind, edits by file, and the diagnostic it fixes. */
export interface CodeActionResult {
  title: string;
  kind: 'quickfix' | 'refactor.rewrite';
  edits: Map<string, TextEdit[]>;
  diagnostic?: DiagnosticInput;
  preferred?: boolean;
}

const SUGGESTION = /did you mean "(.+)"\?$/;

/**
 * The did-you-mean fixes of `diagnostics` in `file`: for each whose
 * message ends with a suggestion, the misspelled name (the quoted word of
 * the message closest to the suggestion) found at or after the
 * diagnostic's start on its line, replaced by the suggestion. A suggestion
 * of a whole reference (`"${data.img.id}"`) replaces the `${...}` there.
 */
export function didYouMeanFixes(file: IndexedFile, diagnostics: DiagnosticInput[]): CodeActionResult[] {
  const actions: CodeActionResult[] = [];
  for (const diagnostic of diagnostics) {
    const suggestion = SUGGESTION.exec(diagnostic.message)?.[1];
    if (suggestion === undefined) continue;
    const written = misspelled(diagnostic.message, suggestion);
    if (written === undefined) continue;
    const line = file.text.lineText(diagnostic.range.start.line);
    const column = findWord(line, written, diagnostic.range.start.character);
    if (column < 0) continue;
    const range = {
      start: { line: diagnostic.range.start.line, character: column },
      end: { line: diagnostic.range.start.line, character: column + written.length },
    };
    actions.push({
      title: `Change "${written}" to "${suggestion}"`,
      kind: 'quickfix',
      edits: new Map([[file.path, [{ range, newText: suggestion }]]]),
      diagnostic,
      preferred: true,
    });
  }
  return actions;
}

/** The word of `message` the suggestion corrects: the quoted one closest to it (a whole `${...}` for a suggested reference). */
function misspelled(message: string, suggestion: string): string | undefined {
  const body = message.slice(0, message.lastIndexOf('did you mean'));
  const quoted = [...body.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  const candidates = suggestion.startsWith('${')
    ? quoted.filter((word) => word.startsWith('${'))
    : quoted.filter((word) => !word.startsWith('${'));
  let best: string | undefined;
  let distance = Infinity;
  for (const word of candidates) {
    const score = editDistance(word, suggestion);
    if (score < distance) [best, distance] = [word, score];
  }
  return best;
}

/** The column of `word` on `line` at or after `from`, not inside a longer name (-1 when absent). */
function findWord(line: string, word: string, from: number): number {
  for (let at = line.indexOf(word, from); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = at > 0 ? line[at - 1] : '';
    const after = line[at + word.length] ?? '';
    if (!/[A-Za-z0-9_]/.test(before) && !/[A-Za-z0-9_]/.test(after)) return at;
  }
  return -1;
}

/** The resource or data source block of `file` whose text holds `position`, with its section. */
function blockAt(
  index: SymbolIndex,
  file: IndexedFile,
  position: TextPosition,
): { block: BlockDeclaration; section: 'resources' | 'data' } | undefined {
  const manifest = file.parsed?.manifest;
  if (!manifest) return undefined;
  for (const symbol of index.declaredIn(file.path)) {
    if ((symbol.kind !== 'resource' && symbol.kind !== 'data') || !rangeContains(symbol.extent, position)) continue;
    const section = symbol.kind === 'resource' ? 'resources' : 'data';
    const block = manifest[section][symbol.name];
    if (block) return { block, section };
  }
  return undefined;
}

/** A placeholder value for an attribute, as YAML: an enumeration's first value, else an empty value of its type. */
function placeholder(attribute: Attribute): string {
  const allowed = attribute.constraints?.enum;
  if (allowed && allowed.length > 0) return JSON.stringify(allowed[0]);
  switch (attribute.type) {
    case 'int64':
      return '0';
    case 'bool':
      return 'false';
    case 'list':
      return '[]';
    case 'block':
      return '{}';
    default:
      return '""';
  }
}

/**
 * The action adding the required attributes the block at `position` lacks,
 * each with a {@link placeholder}: inside its `properties:` mapping (after
 * the last entry of a block mapping, indented like its entries; before the
 * `}` of a flow mapping), or a new `properties:` under the block. Undefined
 * when the cursor is on no block, its type is unknown or nothing is missing.
 */
export function missingAttributesFix(
  index: SymbolIndex,
  file: IndexedFile,
  position: TextPosition,
  catalogue: CatalogueView = defaultCatalogue,
): CodeActionResult | undefined {
  const found = blockAt(index, file, position);
  if (!found) return undefined;
  const { block, section } = found;
  const entry = catalogue.lookup(block.type);
  if (!entry) return undefined;
  const missing = Object.entries(entry.attributes).filter(
    ([name, attribute]) => attribute.mode === 'required' && !(name in block.properties),
  );
  if (missing.length === 0) return undefined;
  const sourceMap = file.parsed!.sourceMap;
  const source = file.text.text;
  const properties = sourceMap.nodeAt([section, block.name, 'properties']);
  let edit: TextEdit;
  if (properties?.range && source[properties.range[0]] === '{') {
    // After the last entry (before the blanks ahead of the closing brace).
    let last = properties.range[0] + source.slice(properties.range[0], properties.range[1]).lastIndexOf('}');
    while (/\s/.test(source[last - 1])) last--;
    const empty = source[last - 1] === '{';
    const text = missing.map(([name, attribute]) => `${name}: ${placeholder(attribute)}`).join(', ');
    const at = file.text.positionAt(last);
    edit = { range: { start: at, end: at }, newText: empty ? ` ${text} ` : `, ${text}` };
  } else if (properties?.range) {
    const indent = ' '.repeat(file.text.positionAt(properties.range[0]).character);
    edit = insertAfter(
      file,
      properties.range,
      missing.map(([name, attribute]) => `${indent}${name}: ${placeholder(attribute)}`),
    );
  } else {
    const blockNode = sourceMap.nodeAt([section, block.name]);
    if (!blockNode?.range || source[blockNode.range[0]] === '{') return undefined;
    const indent = ' '.repeat(file.text.positionAt(blockNode.range[0]).character);
    const lines = [`${indent}properties:`, ...missing.map(([name, attribute]) => `${indent}  ${name}: ${placeholder(attribute)}`)];
    edit = insertAfter(file, blockNode.range, lines);
  }
  const names = missing.map(([name]) => name).join(', ');
  return {
    title: `Add the required attribute${missing.length === 1 ? '' : 's'} of ${block.address} (${names})`,
    kind: 'quickfix',
    edits: new Map([[file.path, [edit]]]),
  };
}

/** An insertion of whole `lines` after the last line of the node at `range`. */
function insertAfter(file: IndexedFile, range: readonly [number, number], lines: string[]): TextEdit {
  const source = file.text.text;
  let last = range[1];
  while (last > range[0] && /\s/.test(source[last - 1])) last--;
  const lineEnd = source.indexOf('\n', last);
  const at = file.text.positionAt(lineEnd < 0 ? source.length : lineEnd);
  return { range: { start: at, end: at }, newText: lines.map((line) => `\n${line}`).join('') };
}

/**
 * The actions turning a literal property value of a block of `file` that
 * lies in `range` into a reference, when the value is the id of a resource
 * of the state (`state`) declared in the same manifest (not the block
 * itself): its `id`, the attribute the catalogue says the property takes
 * (`references`), or, for a property named `id` or `*_id`, its attribute of
 * the same name. Module resources
 * (`cluster.web`) cannot be named from the manifest and are skipped.
 */
export function stateReferenceFixes(
  index: SymbolIndex,
  file: IndexedFile,
  range: TextRange,
  state: StateResource[],
  catalogue: CatalogueView = defaultCatalogue,
): CodeActionResult[] {
  const manifest = file.parsed?.manifest;
  if (!manifest) return [];
  const actions: CodeActionResult[] = [];
  for (const [section, blocks] of [
    ['resources', manifest.resources],
    ['data', manifest.data],
  ] as const) {
    for (const block of Object.values(blocks)) {
      for (const [property, expression] of Object.entries(block.properties)) {
        if (expression.kind !== 'literal' || (typeof expression.value !== 'string' && typeof expression.value !== 'number')) continue;
        const node = file.parsed!.sourceMap.nodeAt([section, block.name, 'properties', property]);
        if (!node?.range) continue;
        const valueRange = file.text.rangeAt(node.range[0], node.range[1] - node.range[0]);
        if (!overlaps(valueRange, range)) continue;
        const attribute = catalogue.lookup(block.type)?.attributes[property];
        const target = referenceFor(index, file.scope, block.address, property, attribute, expression.value, state);
        if (!target) continue;
        actions.push({
          title: `Refer to ${target} instead of the id ${JSON.stringify(expression.value)}`,
          kind: 'refactor.rewrite',
          edits: new Map([[file.path, [{ range: valueRange, newText: `"\${${target}}"` }]]]),
        });
      }
    }
  }
  return actions;
}

/** The reference (`key.keypair_id`, `web[0].id`) to a state resource of `scope` whose id is `value`, if any. */
function referenceFor(
  index: SymbolIndex,
  scope: string,
  own: string,
  property: string,
  attribute: Attribute | undefined,
  value: Value,
  state: StateResource[],
): string | undefined {
  const text = String(value);
  for (const resource of state) {
    const name = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(resource.address)?.[0];
    if (name === undefined || name === own || !/^[A-Za-z_][A-Za-z0-9_-]*(\[[^\]]*\])?$/.test(resource.address)) continue;
    if (!index.lookup(scope, 'resource', name)) continue;
    // Only an id is worth a reference: the catalogue's `references`, or a property named `id` / `*_id`.
    const named = property === 'id' || property.endsWith('_id');
    const candidates = [
      ...(attribute?.references && attribute.references.type === resource.type ? [attribute.references.attribute] : []),
      ...(named ? [property, 'id'] : []),
    ];
    for (const candidate of candidates) {
      const held = candidate === 'id' ? resource.id : resource.attributes[candidate];
      if (held !== undefined && held !== null && String(held) === text) return `${resource.address}.${candidate}`;
    }
  }
  return undefined;
}

/** True when two ranges share a position (an empty range touching the other counts). */
function overlaps(a: TextRange, b: TextRange): boolean {
  const before = (x: TextPosition, y: TextPosition) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}
