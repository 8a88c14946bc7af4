/** `cloudctl watch [MANIFEST]` (src/cli/commands/watch.ts), or every stack shared between replicas with `--stacks` (commands/stacks.ts). */
import { Option } from 'commander';
import { lazy, option, type CommandDefinition } from './define.js';
import { parallelismOption, parsePositiveInteger, parseSeconds, required, stacksFile, variableOptions } from './options.js';

const watchCommand = lazy(() => import('../commands/watch.js'), 'watchCommand');
const stacksWatchCommand = lazy(() => import('../commands/stacks.js'), 'stacksWatchCommand');

export const watch: CommandDefinition = {
  name: 'watch',
  description: 'keep watching: find drift, pending changes and unmanaged accounts every interval (JSON lines on stdout; docs/watch.md)',
  arguments: [{ name: '[manifest]', description: 'manifest YAML file' }],
  options: [
    ...variableOptions(),
    option('--stacks [file]', 'watch every stack of a stacks file, shared with the other replicas on PostgreSQL (docs/stacks.md)'),
    option('--replica <name>', "with --stacks: this replica's name in events and metrics (default HOST-PID)"),
    new Option('--interval <duration>', 'time between cycles (e.g. 5m, 30s)').argParser(parseSeconds).default(300, '5m'),
    option('--max-requests-per-minute <n>', 'never send more API requests than this in any minute (at least 2)', parsePositiveInteger),
    option('--once', 'run one cycle and exit: 0 nothing found, 2 drift or changes found, 1 error', false),
    new Option('--repair <mode>', 'none: report only; free: apply the changes that order nothing and destroy nothing')
      .choices(['none', 'free'])
      .default('none'),
    option('--notify <url>', 'POST each new finding to this URL (JSON, secrets masked)'),
    option('--metrics-listen <address>', 'serve Prometheus metrics at /metrics on HOST:PORT or :PORT'),
    parallelismOption('operations in flight at once'),
  ],
  action: (context, file: string | undefined, options) =>
    options.stacks !== undefined
      ? stacksWatchCommand(context.workspace(options), stacksFile(file, options), options)
      : watchCommand(context.workspace(options), required(file, 'manifest', context.command), options),
};
