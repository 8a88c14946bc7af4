/**
 * `cloudctl lsp [--stdio]`: the language server for editors (src/lsp/,
 * docs/editors.md), speaking the Language Server Protocol over stdin and
 * stdout until the editor closes the connection.
 */
import { runLanguageServer } from '../../lsp/server.js';
import type { Workspace } from '../workspace.js';

/** `lsp`: serves the editor on stdin / stdout (the only transport; `--stdio` is what clients pass). Resolves with 0 once the client exits. */
export async function lspCommand(ws: Workspace): Promise<number> {
  await runLanguageServer({ input: process.stdin, output: process.stdout, root: ws.io.cwd });
  return 0;
}
