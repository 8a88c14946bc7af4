/**
 * Rename over the protocol (`textDocument/prepareRename`,
 * `textDocument/rename`): rename.ts's edits as one `WorkspaceEdit`, with
 * the `moved:` entry the state calls for. The state is read fresh for a
 * rename of a block, without a lock; when it cannot be read, the rename is
 * refused rather than made without the `moved:` entry that keeps a paid
 * resource from being destroyed and ordered again.
 */
import { LSPErrorCodes, ResponseError, type Connection, type ServerCapabilities, type WorkspaceEdit } from 'vscode-languageserver/node.js';
import { renameSymbol, RenameRefusedError, type RenameResult, type StateAddresses } from './rename.js';
import type { SymbolIndex, ManifestSymbol } from './symbols.js';
import { indexForFile, stateOf } from './workspace-index.js';
import { pathOfUri, uriOfPath, type ManifestWorkspace } from './workspace.js';

/** Registers rename (see the file's comment). */
export function registerRename(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onPrepareRename((params) => {
    const path = pathOfUri(params.textDocument.uri);
    const hit = indexForFile(workspace, path).symbolAt(path, params.position);
    return hit ? { range: hit.at.range, placeholder: hit.symbol.name } : null;
  });
  connection.onRenameRequest(async (params) => {
    const path = pathOfUri(params.textDocument.uri);
    const index = indexForFile(workspace, path);
    const hit = index.symbolAt(path, params.position);
    if (!hit)
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        'nothing to rename here: put the cursor on the name of a block, variable, local or output',
      );
    const state = await stateAddresses(workspace, index, hit.symbol);
    let result: RenameResult;
    try {
      result = renameSymbol(index, hit.symbol, params.newName, state);
    } catch (error) {
      if (error instanceof RenameRefusedError) throw new ResponseError(LSPErrorCodes.RequestFailed, error.message);
      throw error;
    }
    return workspaceEdit(result);
  });
  return { renameProvider: { prepareProvider: true } };
}

/**
 * The addresses of each root manifest's state, for a rename of a resource
 * or module block (nothing else is in state). Errors: `ResponseError` when
 * a state cannot be read.
 */
async function stateAddresses(workspace: ManifestWorkspace, index: SymbolIndex, symbol: ManifestSymbol): Promise<StateAddresses> {
  const addresses = new Map<string, Set<string>>();
  if (symbol.kind !== 'resource' && symbol.kind !== 'module') return addresses;
  for (const scope of index.scopes.values()) {
    if (scope.module) continue;
    const read = await stateOf(workspace, index, scope, true);
    if ('error' in read) {
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        `cannot rename ${symbol.name}: the state could not be read (${read.error}), so whether it needs a moved: entry is unknown; renaming without one would destroy it and order it again`,
      );
    }
    addresses.set(scope.id, new Set(read.resources.map((resource) => resource.address)));
  }
  return addresses;
}

/** A rename's edits as the protocol's `WorkspaceEdit` (`changes` by URI). */
export function workspaceEdit(result: Pick<RenameResult, 'edits'>): WorkspaceEdit {
  return { changes: Object.fromEntries([...result.edits].map(([file, edits]) => [uriOfPath(file), edits])) };
}
