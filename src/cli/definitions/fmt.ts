/** `cloudctl fmt [PATHS...]` (src/cli/commands/fmt.ts): manifests in the canonical order and style. */
import { lazy, option, type CommandDefinition } from './define.js';

const fmtCommand = lazy(() => import('../commands/fmt.js'), 'fmtCommand');

export const fmt: CommandDefinition = {
  name: 'fmt',
  description: 'rewrite manifests in the canonical order and style (--check: list unformatted files, exit 3; --diff: show the changes)',
  arguments: [{ name: '[paths...]', description: 'manifest files or folders (default: the current folder)' }],
  options: [
    option('--check', 'write nothing; list the files that are not formatted and exit 3 if any'),
    option('--diff', 'print a unified diff of each change'),
    option('--recursive', "also format the folders' sub-folders (modules)"),
  ],
  action: (context, paths: string[], options) => fmtCommand(context.workspace(), paths, options),
};
