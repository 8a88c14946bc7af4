/** `cloudctl refresh MANIFEST` (src/cli/commands/refresh.ts). */
import { lazy, option, type CommandDefinition } from './define.js';
import { collect, lockTimeoutOption, parallelismOption, variableOptions } from './options.js';

const refreshCommand = lazy(() => import('../commands/refresh.js'), 'refreshCommand');

export const refresh: CommandDefinition = {
  name: 'refresh',
  description: 'record in state what changed outside cloudctl (no infrastructure change)',
  arguments: [{ name: '<manifest>', description: 'manifest YAML file' }],
  options: [
    ...variableOptions(),
    option('--target <address>', 'refresh only this resource or pattern and what it depends on (repeatable)', collect, []),
    option('--exclude <address>', 'do not refresh this resource or pattern, nor what depends on it (repeatable)', collect, []),
    parallelismOption('reads in flight at once'),
    lockTimeoutOption('wait this long for the state lock (e.g. 30s)'),
  ],
  action: (context, file: string, options) =>
    refreshCommand(context.workspace(options), file, { ...options, lockTimeoutSeconds: options.lockTimeout }),
};
