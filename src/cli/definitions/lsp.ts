/** `cloudctl lsp [--stdio]` (src/cli/commands/lsp.ts): the language server for editors. */
import { lazy, option, type CommandDefinition } from './define.js';

const lspCommand = lazy(() => import('../commands/lsp.js'), 'lspCommand');

export const lsp: CommandDefinition = {
  name: 'lsp',
  description: 'the language server for editors (docs/editors.md)',
  options: [option('--stdio', 'over stdin and stdout (the only transport)')],
  action: (context) => lspCommand(context.workspace()),
};
