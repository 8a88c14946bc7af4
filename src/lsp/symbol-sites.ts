/**
 * What one parsed manifest file declares and where it names declarations,
 * as ranges of names (symbols.ts gathers them into the index). The places
 * are the parser's: `referencesOf` over every expression of the file, the
 * `depends_on`, `replace_triggered_by`, `moved:` and `import:` addresses
 * and module inputs, each at the `line:column` the parser recorded (a
 * reference's `${`, or its first character inside a longer expression;
 * the scalar's start when it spans lines, where the reference is then
 * found in the scalar's text, in order).
 */
import type { SourceLocation } from '../core/types.js';
import { conditionExpressions, referencesOf, type ParseResult } from '../manifest/index.js';
import type { Expression, Manifest, Reference } from '../manifest/types.js';
import type { SourceText, TextRange } from './text.js';

/** What a symbol declares. */
export type SymbolKind = 'resource' | 'data' | 'module' | 'variable' | 'local' | 'output';

/**
 * How a place names a symbol: `reference` (an expression, `depends_on`,
 * `replace_triggered_by`, an `import:` target), `moved_from` / `moved_to`
 * (a `moved:` block's addresses), `input` (a module block's input key,
 * naming the module's variable), `var_file` (a var file's key, naming a
 * variable of the root manifest).
 */
export type OccurrenceRole = 'reference' | 'moved_from' | 'moved_to' | 'input' | 'var_file';

/** A declaration of a file: its kind, name, the range of its name, its extent. */
export interface Declaration {
  kind: SymbolKind;
  name: string;
  range: TextRange;
  extent: TextRange;
  detail?: string;
  repeated: boolean;
  /** A module block's path, as written. */
  moduleSource?: string;
}

/**
 * A place naming a declaration: `kind` `resource` names a resource or a
 * module block (depends_on and addresses do not tell them apart); with
 * `module`, an output or a variable of that module block's module.
 */
export interface Site {
  kind: SymbolKind;
  name: string;
  module?: string;
  range: TextRange;
  role: OccurrenceRole;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*/;

/** The offset of the name written at `location` (a key or a value: an opening quote skipped). */
function nameOffset(text: SourceText, location: SourceLocation): number {
  const offset = text.offsetOf(location);
  const first = text.text[offset];
  return first === '"' || first === "'" ? offset + 1 : offset;
}

/** The declarations of one file's parse, in section order. */
export function declarationsOf(parsed: ParseResult, text: SourceText): Declaration[] {
  const { manifest, sourceMap } = parsed;
  const declarations: Declaration[] = [];
  const add = (
    kind: SymbolKind,
    section: string,
    name: string,
    location: SourceLocation,
    extra: Partial<Pick<Declaration, 'detail' | 'repeated' | 'moduleSource'>> = {},
  ) => {
    const start = nameOffset(text, location);
    const end = sourceMap.nodeAt([section, name])?.range?.[1] ?? start + name.length;
    declarations.push({
      kind,
      name,
      range: text.rangeAt(start, name.length),
      extent: { start: text.positionAt(text.offsetOf(location)), end: text.positionAt(Math.max(end, start + name.length)) },
      repeated: false,
      ...extra,
    });
  };
  for (const variable of Object.values(manifest.variables)) add('variable', 'variables', variable.name, variable.location);
  for (const local of Object.values(manifest.locals ?? {})) add('local', 'locals', local.name, local.location);
  for (const block of Object.values(manifest.data))
    add('data', 'data', block.name, block.location, { detail: block.type, repeated: Boolean(block.count || block.forEach) });
  for (const block of Object.values(manifest.resources))
    add('resource', 'resources', block.name, block.location, { detail: block.type, repeated: Boolean(block.count || block.forEach) });
  for (const module of Object.values(manifest.modules ?? {}))
    add('module', 'resources', module.name, module.location, {
      detail: `module ${module.source}`,
      repeated: Boolean(module.count || module.forEach),
      moduleSource: module.source,
    });
  for (const output of Object.values(manifest.outputs)) add('output', 'outputs', output.name, output.location);
  return declarations;
}

/** Every place of one file's manifest naming a declaration, with the range of the name. */
export function referenceSitesOf(manifest: Manifest, text: SourceText): Site[] {
  const sites: Site[] = [];
  const finder = new ReferenceFinder(text);
  const expressions = (list: Array<Expression | undefined>) => {
    for (const expression of list) if (expression) for (const reference of referencesOf(expression)) sites.push(...finder.sites(reference));
  };
  const address = (written: string, location: SourceLocation, role: OccurrenceRole) => {
    const site = addressSite(text, written, location, role);
    if (site) sites.push(site);
  };
  for (const variable of Object.values(manifest.variables)) expressions((variable.validations ?? []).map((entry) => entry.condition));
  for (const local of Object.values(manifest.locals ?? {})) expressions([local.value]);
  for (const block of [...Object.values(manifest.data), ...Object.values(manifest.resources)]) {
    const lifecycle = block.lifecycle.expressions;
    expressions([
      block.count,
      block.forEach,
      ...Object.values(block.properties),
      ...conditionExpressions(block),
      lifecycle?.preventDestroy,
      lifecycle?.ignoreChanges,
    ]);
    for (const dependency of block.dependsOn) address(dependency.address, dependency.location, 'reference');
    for (const trigger of block.lifecycle.replaceTriggeredBy ?? []) address(trigger.text, trigger.location, 'reference');
  }
  for (const module of Object.values(manifest.modules ?? {})) {
    expressions([module.count, module.forEach, ...Object.values(module.inputs)]);
    for (const dependency of module.dependsOn) address(dependency.address, dependency.location, 'reference');
    for (const [input, location] of Object.entries(module.inputLocations)) {
      const start = nameOffset(text, location);
      sites.push({ kind: 'variable', module: module.name, name: input, range: text.rangeAt(start, input.length), role: 'input' });
    }
  }
  for (const output of Object.values(manifest.outputs)) expressions([output.value]);
  for (const move of manifest.moved ?? []) {
    address(move.from, move.fromLocation, 'moved_from');
    address(move.to, move.toLocation, 'moved_to');
  }
  for (const entry of manifest.imports ?? []) address(entry.to, entry.toLocation, 'reference');
  return sites;
}

/** The site of an address written at `location` (`web`, `web[0]`, `data.img`, `cluster.web`): its first block name. */
function addressSite(text: SourceText, written: string, location: SourceLocation, role: OccurrenceRole): Site | undefined {
  const start = nameOffset(text, location);
  const data = /^data\.([A-Za-z_][A-Za-z0-9_-]*)/.exec(written);
  const name = data ? data[1] : NAME.exec(written)?.[0];
  if (name === undefined) return undefined;
  const at = data ? start + 'data.'.length : start;
  if (!text.text.startsWith(name, at)) return undefined;
  return { kind: data ? 'data' : 'resource', name, range: text.rangeAt(at, name.length), role };
}

/** Where the `.NAME` steps of a module reference are: `module.cluster.ip`, `module.cluster[0].ip`. */
const MODULE_REFERENCE = /^module\.([A-Za-z_][A-Za-z0-9_-]*)((?:\[[^\]]*\])?)\.([A-Za-z_][A-Za-z0-9_-]*)/;

/** Finds references in a file's text from the parser's locations. */
class ReferenceFinder {
  /** For a location that is a multi-line scalar's start: how many times each reference text was found after it. */
  readonly #found = new Map<string, number>();

  constructor(readonly text: SourceText) {}

  /** The sites of one reference (two for `module.cluster.ip`: the module block and its output). */
  sites(reference: Reference): Site[] {
    if (reference.root === 'count' || reference.root === 'each' || reference.name === 'self' || reference.name.startsWith('@')) return [];
    const start = this.#start(reference);
    if (start === undefined) return [];
    const site = (kind: SymbolKind, name: string, offset: number, module?: string): Site => ({
      kind,
      name,
      ...(module !== undefined ? { module } : {}),
      range: this.text.rangeAt(start + offset, name.length),
      role: 'reference',
    });
    switch (reference.root) {
      case 'var':
        return [site('variable', reference.name, 'var.'.length)];
      case 'local':
        return [site('local', reference.name, 'local.'.length)];
      case 'data':
        return [site('data', reference.name, 'data.'.length)];
      default:
        break;
    }
    if (reference.name !== 'module') return [site('resource', reference.name, 0)];
    const module = MODULE_REFERENCE.exec(reference.text);
    if (!module) return [];
    const outputOffset = 'module.'.length + module[1].length + module[2].length + 1;
    return [site('module', module[1], 'module.'.length), site('output', module[3], outputOffset, module[1])];
  }

  /** The offset where the reference's text starts. */
  #start(reference: Reference): number | undefined {
    const source = this.text.text;
    let offset = this.text.offsetOf(reference.location);
    if (source.startsWith('${', offset)) {
      offset += 2;
      while (source[offset] === ' ' || source[offset] === '\t') offset++;
    }
    if (source.startsWith(reference.text, offset) && !wordBefore(source, offset)) return offset;
    // A scalar written on several lines: the location is its start; the reference is the next one not yet found after it.
    const key = `${this.text.offsetOf(reference.location)}\u0000${reference.text}`;
    const nth = this.#found.get(key) ?? 0;
    this.#found.set(key, nth + 1);
    let found = this.text.offsetOf(reference.location) - 1;
    for (let count = 0; count <= nth; count++) {
      do found = source.indexOf(reference.text, found + 1);
      while (found >= 0 && wordBefore(source, found));
      if (found < 0) return undefined;
    }
    return found;
  }
}

/** True when the character before `offset` continues a name or a path (`xweb`, `a.web`). */
function wordBefore(source: string, offset: number): boolean {
  return offset > 0 && /[A-Za-z0-9_.-]/.test(source[offset - 1]);
}
