/**
 * Go to definition, find references, document symbols (the outline) and
 * workspace symbols, for blocks, data sources, module blocks, variables,
 * locals and outputs across a manifest's files, its modules and its var
 * files (navigation.ts over the index of workspace-index.ts).
 */
import { SymbolKind as LspSymbolKind, type Connection, type Location, type ServerCapabilities } from 'vscode-languageserver/node.js';
import { definitionAt, documentOutline, referencesAt, workspaceSymbols } from './navigation.js';
import type { SymbolKind } from './symbols.js';
import type { FileRange } from './text.js';
import { indexForFile, indexForWorkspace } from './workspace-index.js';
import { pathOfUri, uriOfPath, type ManifestWorkspace } from './workspace.js';

/** How each kind of declaration shows in an editor's outline and symbol search. */
export const LSP_SYMBOL_KINDS: Record<SymbolKind, LspSymbolKind> = {
  resource: LspSymbolKind.Class,
  data: LspSymbolKind.Struct,
  module: LspSymbolKind.Module,
  variable: LspSymbolKind.Variable,
  local: LspSymbolKind.Constant,
  output: LspSymbolKind.Property,
};

/** A file range as the protocol's `Location`. */
export function toLocation(place: FileRange): Location {
  return { uri: uriOfPath(place.file), range: place.range };
}

/** Registers definition, references, document and workspace symbols (see the file's comment). */
export function registerSymbols(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onDefinition((params) => {
    const path = pathOfUri(params.textDocument.uri);
    const found = definitionAt(indexForFile(workspace, path), path, params.position);
    return found ? toLocation(found) : null;
  });
  connection.onReferences((params) => {
    const path = pathOfUri(params.textDocument.uri);
    return referencesAt(indexForFile(workspace, path), path, params.position, params.context.includeDeclaration).map(toLocation);
  });
  connection.onDocumentSymbol((params) => {
    const path = pathOfUri(params.textDocument.uri);
    return documentOutline(indexForFile(workspace, path), path).map((entry) => ({
      name: entry.name,
      kind: LSP_SYMBOL_KINDS[entry.kind],
      ...(entry.detail !== undefined ? { detail: entry.detail } : {}),
      range: entry.range,
      selectionRange: entry.selectionRange,
    }));
  });
  connection.onWorkspaceSymbol((params) =>
    workspaceSymbols(indexForWorkspace(workspace), params.query).map((entry) => ({
      name: entry.name,
      kind: LSP_SYMBOL_KINDS[entry.kind],
      location: toLocation(entry.location),
      containerName: workspace.display(entry.container),
    })),
  );
  return { definitionProvider: true, referencesProvider: true, documentSymbolProvider: true, workspaceSymbolProvider: true };
}
