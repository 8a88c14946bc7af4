/** `cloudctl cost [MANIFEST]` (src/cli/commands/cost.ts). */
import { lazy, option, type CommandDefinition } from './define.js';
import { lockTimeoutOption, parallelismOption, parseBoolean, variableOptions } from './options.js';

const costCommand = lazy(() => import('../commands/cost.js'), 'costCommand');

export const cost: CommandDefinition = {
  name: 'cost',
  description: 'what the managed resources cost now, per resource and in total (state after a refresh)',
  arguments: [{ name: '[manifest]', description: 'the manifest (for its provider block)' }],
  options: [
    ...variableOptions(),
    option('--refresh <bool>', 'read every managed resource first', parseBoolean, true),
    parallelismOption('reads in flight at once'),
    lockTimeoutOption('wait this long for the state lock (e.g. 30s)'),
    option('--json', 'print the figures as JSON', false),
  ],
  action: (context, file: string | undefined, options) =>
    costCommand(context.workspace(options), file, { ...options, lockTimeoutSeconds: options.lockTimeout }),
};
