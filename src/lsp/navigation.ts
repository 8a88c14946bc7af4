/**
 * Go to definition, find references, document symbols and workspace
 * symbols over a {@link SymbolIndex}: the answers in file paths and ranges
 * (references.ts turns them into the protocol's URIs and kinds).
 */
import type { FileRange, TextPosition, TextRange } from './text.js';
import type { ManifestSymbol, SymbolIndex, SymbolKind } from './symbols.js';

/** A symbol as an outline shows it. */
export interface OutlineEntry {
  /** As a reference names it: `web`, `data.products`, `var.cycle`, `local.name`, `output.ip`, `module.cluster`. */
  name: string;
  kind: SymbolKind;
  detail?: string;
  /** From the key to the end of the value. */
  range: TextRange;
  /** The name's range. */
  selectionRange: TextRange;
}

/** A symbol as a workspace search lists it. */
export interface WorkspaceEntry {
  name: string;
  kind: SymbolKind;
  location: FileRange;
  /** The manifest declaring it (its path, or a folder's `DIR/*.yaml`). */
  container: string;
}

/** How a symbol is named in a reference (`var.cycle`), which is how outlines and searches show it. */
export function displayName(symbol: Pick<ManifestSymbol, 'kind' | 'name'>): string {
  switch (symbol.kind) {
    case 'resource':
      return symbol.name;
    case 'data':
      return `data.${symbol.name}`;
    case 'variable':
      return `var.${symbol.name}`;
    case 'local':
      return `local.${symbol.name}`;
    case 'output':
      return `output.${symbol.name}`;
    case 'module':
      return `module.${symbol.name}`;
  }
}

/** Where the symbol at `position` of `file` is declared; `undefined` when no symbol is there. */
export function definitionAt(index: SymbolIndex, file: string, position: TextPosition): FileRange | undefined {
  return index.symbolAt(file, position)?.symbol.definition;
}

/**
 * Every place naming the symbol at `position` of `file` (its declaration
 * first when `includeDeclaration`), in file and position order; empty
 * when no symbol is there.
 */
export function referencesAt(index: SymbolIndex, file: string, position: TextPosition, includeDeclaration: boolean): FileRange[] {
  const hit = index.symbolAt(file, position);
  if (!hit) return [];
  const places: FileRange[] = hit.symbol.references.map(({ file: at, range }) => ({ file: at, range }));
  return includeDeclaration ? [hit.symbol.definition, ...places] : places;
}

/** The outline of `file`: its declarations in source order. */
export function documentOutline(index: SymbolIndex, file: string): OutlineEntry[] {
  return index.declaredIn(file).map((symbol) => ({
    name: displayName(symbol),
    kind: symbol.kind,
    ...(symbol.detail !== undefined ? { detail: symbol.detail } : {}),
    range: symbol.extent,
    selectionRange: symbol.definition.range,
  }));
}

/**
 * The declarations of every manifest of the index whose name (as
 * {@link displayName} shows it) holds the letters of `query` in order,
 * case-insensitively (an empty query lists all), the closest matches
 * first (a name containing the query as written before a scattered
 * match), at most `limit`.
 */
export function workspaceSymbols(index: SymbolIndex, query: string, limit = 500): WorkspaceEntry[] {
  const wanted = query.toLowerCase();
  const scored: Array<{ entry: WorkspaceEntry; score: number }> = [];
  for (const symbol of index.symbols.values()) {
    const name = displayName(symbol);
    const score = matchScore(name.toLowerCase(), wanted);
    if (score === undefined) continue;
    scored.push({ entry: { name, kind: symbol.kind, location: symbol.definition, container: symbol.scope }, score });
  }
  scored.sort((a, b) => a.score - b.score || (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0));
  return scored.slice(0, limit).map(({ entry }) => entry);
}

/** 0: `name` contains `query`; 1: its letters in order; `undefined`: no match. */
function matchScore(name: string, query: string): number | undefined {
  if (name.includes(query)) return 0;
  let at = 0;
  for (const letter of query) {
    at = name.indexOf(letter, at);
    if (at < 0) return undefined;
    at++;
  }
  return 1;
}
