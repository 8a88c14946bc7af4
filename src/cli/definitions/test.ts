/** `cloudctl test [PATH...]` (src/cli/commands/test.ts): test files and folders of them. */
import { lazy, option, type CommandDefinition } from './define.js';

const testCommand = lazy(() => import('../commands/test.js'), 'testCommand');

export const test: CommandDefinition = {
  name: 'test',
  description: 'run *.test.yaml files: each manifest test against a fresh simulator (docs/testing.md)',
  arguments: [{ name: '[files...]', description: 'test files, or folders (their *.test.yaml); default: *.test.yaml here and in tests/' }],
  options: [
    option('--json', 'print the results as JSON', false),
    option('--junit <file>', 'also write the results as JUnit XML'),
    option('--against <url>', 'run against this API base URL (token: CLOUDCTL_API_KEY) instead of the simulator'),
    option('--keep-state <dir>', "with --against: keep each file's state under DIR instead of destroying what the run created"),
  ],
  action: (context, files: string[], options) => testCommand(context.workspace(), files, options),
};
