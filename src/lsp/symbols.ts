/**
 * The symbol index of a workspace's manifests, for the language server's
 * go to definition, find references, document and workspace symbols,
 * rename and code actions: every declaration (resources, data sources,
 * module blocks, variables, locals, outputs) of a manifest (one file or a
 * folder's files, src/manifest/folder.ts), of the modules it names
 * (recursively) and of its var files, with the exact range of its name,
 * and every place that names it.
 *
 * Built on the manifest parser (src/manifest/parse): each file is parsed as
 * `cloudctl validate` parses it, and the references are the parser's
 * (`referencesOf` over every expression, `depends_on`,
 * `replace_triggered_by`, `moved:` and `import:` addresses, module inputs);
 * their `line:column` locations are turned into the range of the name
 * (symbol-sites.ts). Nothing is evaluated and nothing is read but the files.
 */
import { dirname, join, resolve } from 'node:path';
import { folderManifestPath, parseManifest, type ParseResult } from '../manifest/index.js';
import { readYaml, treeOfDocument } from '../manifest/syntax/yaml.js';
import { isMap, isScalar, type TreePair } from '../manifest/syntax/source-tree.js';
import { SourceText, compareRanges, rangeContains, type FileRange, type TextPosition, type TextRange } from './text.js';
import { declarationsOf, referenceSitesOf, type Declaration, type OccurrenceRole, type Site, type SymbolKind } from './symbol-sites.js';

export type { OccurrenceRole, SymbolKind } from './symbol-sites.js';

/** One place naming a symbol: the range of the name only (`web` in `${web.id}`, `cycle` in `${var.cycle}`). */
export interface Occurrence extends FileRange {
  role: OccurrenceRole;
}

/** A declaration of a manifest with every place naming it. */
export interface ManifestSymbol {
  /** `SCOPE#kind.name`: unique in the index. */
  id: string;
  kind: SymbolKind;
  name: string;
  /** The manifest (root or module) declaring it: {@link ManifestScope.id}. */
  scope: string;
  /** The range of the name where it is declared (the key under its section, quotes excluded). */
  definition: FileRange;
  /** From the key to the end of its value (what an editor's outline selects). */
  extent: TextRange;
  /** The type of a resource or data source, the path of a module block. */
  detail?: string;
  /** `count` or `for_each` is written on the block: its state entries are instances (`web[0]`, `web["eu"]`). */
  repeated: boolean;
  /** Every place naming it, sorted by file and position. */
  references: Occurrence[];
}

/** A manifest of the index: a root manifest (one file or a folder's files) or a module file. */
export interface ManifestScope {
  /** The manifest's path (a folder's `DIR/*.yaml`), or the module file's absolute path. */
  id: string;
  files: string[];
  module: boolean;
  /** For a module: the module blocks naming it (their symbol ids). */
  parents: string[];
  /** For a root manifest: its var files. */
  varFiles: string[];
}

/** What the index is built from. */
export interface IndexInput {
  /** The root manifests: each one's files (one file, or a folder's manifest files) and var files, as absolute paths. */
  manifests: Array<{ files: string[]; varFiles?: string[] }>;
  /** A file's text (an open document's text first, else the disk's); `undefined` when it cannot be read (or is a folder). */
  read(path: string): string | undefined;
}

/** One file of the index, parsed. */
export interface IndexedFile {
  path: string;
  text: SourceText;
  scope: string;
  /** The parse of a manifest or module file (absent for a var file). */
  parsed?: ParseResult;
}

/** The symbol at a position of a file: the symbol and the occurrence (or definition) under the position. */
export interface SymbolHit {
  symbol: ManifestSymbol;
  at: FileRange;
  role: OccurrenceRole | 'definition';
}

/** The symbols of a workspace ({@link buildSymbolIndex}). */
export class SymbolIndex {
  readonly symbols = new Map<string, ManifestSymbol>();
  readonly scopes = new Map<string, ManifestScope>();
  readonly files = new Map<string, IndexedFile>();

  /** The symbol `kind.name` of a scope. */
  lookup(scope: string, kind: SymbolKind, name: string): ManifestSymbol | undefined {
    return this.symbols.get(symbolId(scope, kind, name));
  }

  /** The symbol whose definition or one of whose occurrences holds `position` in `file`. */
  symbolAt(file: string, position: TextPosition): SymbolHit | undefined {
    for (const symbol of this.symbols.values()) {
      if (symbol.definition.file === file && rangeContains(symbol.definition.range, position))
        return { symbol, at: symbol.definition, role: 'definition' };
      const occurrence = symbol.references.find((entry) => entry.file === file && rangeContains(entry.range, position));
      if (occurrence) return { symbol, at: occurrence, role: occurrence.role };
    }
    return undefined;
  }

  /** The symbols declared in `file`, in source order. */
  declaredIn(file: string): ManifestSymbol[] {
    return [...this.symbols.values()]
      .filter((symbol) => symbol.definition.file === file)
      .sort((a, b) => compareRanges(a.definition, b.definition));
  }
}

/** `SCOPE#kind.name`. */
export function symbolId(scope: string, kind: SymbolKind, name: string): string {
  return `${scope}#${kind}.${name}`;
}

/**
 * Builds the index of `input`'s manifests: each file parsed (a file that
 * cannot be read is left out), module blocks followed to their files
 * (relative to the file naming them; a folder means its `main.yaml`), each
 * module file indexed once whoever names it. Never throws: a manifest with
 * errors is indexed as far as it parses.
 */
export function buildSymbolIndex(input: IndexInput): SymbolIndex {
  const index = new SymbolIndex();
  const pendingModules: Array<{ parent: ManifestSymbol; path: string }> = [];
  for (const root of input.manifests) {
    const files = root.files.filter((file) => input.read(file) !== undefined);
    if (files.length === 0) continue;
    const id = files.length === 1 && root.files.length === 1 ? files[0] : folderManifestPath(dirname(files[0]));
    const scope: ManifestScope = { id, files, module: false, parents: [], varFiles: root.varFiles ?? [] };
    pendingModules.push(...indexScope(index, scope, input));
  }
  while (pendingModules.length > 0) {
    const { parent, path } = pendingModules.shift()!;
    const existing = index.scopes.get(path);
    if (existing) {
      if (!existing.parents.includes(parent.id)) existing.parents.push(parent.id);
      continue;
    }
    if (input.read(path) === undefined) continue;
    pendingModules.push(...indexScope(index, { id: path, files: [path], module: true, parents: [parent.id], varFiles: [] }, input));
  }
  linkScopes(index);
  for (const symbol of index.symbols.values()) symbol.references.sort(compareRanges);
  return index;
}

/** Parses a scope's files, adds its declarations and its own references; returns the module files it names. */
function indexScope(index: SymbolIndex, scope: ManifestScope, input: IndexInput): Array<{ parent: ManifestSymbol; path: string }> {
  index.scopes.set(scope.id, scope);
  const parsedFiles: IndexedFile[] = scope.files.map((path) => {
    const source = input.read(path) ?? '';
    const parsed = parseManifest(source.trim() === '' ? '{}' : source, path);
    const file: IndexedFile = { path, text: new SourceText(source), scope: scope.id, parsed };
    index.files.set(path, file);
    return file;
  });
  const modules: Array<{ parent: ManifestSymbol; path: string }> = [];
  for (const file of parsedFiles) {
    for (const declaration of declarationsOf(file.parsed!, file.text)) {
      const id = symbolId(scope.id, declaration.kind, declaration.name);
      if (index.symbols.has(id)) continue; // declared in two files of a folder: validate reports it; the first one counts
      const symbol = toSymbol(scope.id, file.path, declaration);
      index.symbols.set(id, symbol);
      if (declaration.moduleSource !== undefined) {
        modules.push({ parent: symbol, path: moduleFile(resolve(dirname(file.path), declaration.moduleSource), input) });
      }
    }
  }
  // Sites naming a module's outputs or variables wait for the module to be indexed (linkScopes).
  for (const file of parsedFiles) {
    const own = referenceSitesOf(file.parsed!.manifest, file.text).filter((site) => site.module === undefined);
    addSites(index, scope.id, file.path, own);
  }
  for (const varFile of scope.varFiles) indexVarFile(index, scope.id, varFile, input);
  return modules;
}

/** The file a module path stands for: the path itself, or its `main.yaml` when it is a folder. */
function moduleFile(path: string, input: IndexInput): string {
  if (input.read(path) !== undefined) return path;
  return join(path, 'main.yaml');
}

/** A declaration as a symbol without references. */
function toSymbol(scope: string, file: string, declaration: Declaration): ManifestSymbol {
  return {
    id: symbolId(scope, declaration.kind, declaration.name),
    kind: declaration.kind,
    name: declaration.name,
    scope,
    definition: { file, range: declaration.range },
    extent: declaration.extent,
    ...(declaration.detail !== undefined ? { detail: declaration.detail } : {}),
    repeated: declaration.repeated,
    references: [],
  };
}

/** Adds the reference sites of one file of `scope` to the symbols they name (sites naming nothing declared are dropped). */
function addSites(index: SymbolIndex, scope: string, file: string, sites: Site[]): void {
  for (const site of sites) {
    const target = resolveSite(index, scope, site);
    if (target) target.references.push({ file, range: site.range, role: site.role });
  }
}

/** The symbol a site names: in its own scope, or (a module's output) in the module's. */
function resolveSite(index: SymbolIndex, scope: string, site: Site): ManifestSymbol | undefined {
  if (site.kind === 'output' && site.module !== undefined) {
    const module = index.lookup(scope, 'module', site.module);
    const child = module ? childScope(index, module) : undefined;
    return child ? index.lookup(child.id, 'output', site.name) : undefined;
  }
  if (site.kind === 'variable' && site.module !== undefined) {
    const module = index.lookup(scope, 'module', site.module);
    const child = module ? childScope(index, module) : undefined;
    return child ? index.lookup(child.id, 'variable', site.name) : undefined;
  }
  if (site.kind === 'resource') return index.lookup(scope, 'resource', site.name) ?? index.lookup(scope, 'module', site.name);
  return index.lookup(scope, site.kind, site.name);
}

/** The module scope a module block names, once indexed. */
export function childScope(index: SymbolIndex, module: ManifestSymbol): ManifestScope | undefined {
  for (const scope of index.scopes.values()) if (scope.module && scope.parents.includes(module.id)) return scope;
  return undefined;
}

/**
 * Sites naming another scope's symbols (a module's outputs and variables)
 * can only be resolved once the module is indexed: the parent scopes are
 * walked again for those.
 */
function linkScopes(index: SymbolIndex): void {
  for (const file of index.files.values()) {
    if (!file.parsed) continue;
    const sites = referenceSitesOf(file.parsed.manifest, file.text).filter((site) => site.module !== undefined);
    addSites(index, file.scope, file.path, sites);
  }
}

/** A var file's keys, as occurrences of the root manifest's variables. */
function indexVarFile(index: SymbolIndex, scope: string, path: string, input: IndexInput): void {
  const source = input.read(path);
  if (source === undefined) return;
  const text = new SourceText(source);
  index.files.set(path, { path, text, scope });
  const read = readYaml(source, path);
  if (!read.document) return;
  const root = treeOfDocument(read.document).root;
  if (!isMap(root)) return;
  for (const pair of root.items as TreePair[]) {
    const key = pair.key;
    if (!isScalar(key) || typeof key.value !== 'string' || !key.range) continue;
    const symbol = index.lookup(scope, 'variable', key.value);
    if (!symbol) continue;
    const quoted = source[key.range[0]] === '"' || source[key.range[0]] === "'" ? 1 : 0;
    symbol.references.push({ file: path, range: text.rangeAt(key.range[0] + quoted, key.value.length), role: 'var_file' });
  }
}
