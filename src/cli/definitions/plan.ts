/** `cloudctl plan [MANIFEST]` (src/cli/commands/plan.ts), or every stack's plan with `--stacks` (commands/stacks.ts). */
import { manifestArgument } from './manifest-argument.js';
import { lazy, option, type CommandDefinition } from './define.js';
import { planFormatOption, planningOptions, stacksFile } from './options.js';

const planCommand = lazy(() => import('../commands/plan.js'), 'planCommand');
const stacksPlanCommand = lazy(() => import('../commands/stacks.js'), 'stacksPlanCommand');

export const plan: CommandDefinition = {
  name: 'plan',
  description: 'show what apply would do, and save the plan',
  arguments: [{ name: '[manifest]', description: 'manifest YAML file or folder (default: cloudctl.yaml here, or the one manifest here)' }],
  options: [
    option('--out <path>', 'where to save the plan (default .cloudctl/last-plan.cplan)'),
    option('--destroy', 'plan the destruction of everything in state', false),
    option('--refresh-only', 'plan only recording in state what changed outside cloudctl', false),
    option('--json', 'print the plan document as JSON (schemas/plan.schema.json) and nothing else', false),
    planFormatOption(),
    option('--html <file>', 'also write the plan as one self-contained HTML page (graph, reasons, prices, budget)'),
    option(
      '--generate-config-out <file>',
      'write the manifest YAML of import: blocks whose address has no resource block (never overwrites)',
    ),
    option('--detailed-exitcode', 'exit 0 with no changes, 2 with changes, 1 on error', false),
    ...planningOptions(),
  ],
  action: async (context, file: string | undefined, options) => {
    const ws = context.workspace(options);
    const run = { ...options, lockTimeoutSeconds: options.lockTimeout };
    if (options.stacks !== undefined) return stacksPlanCommand(ws, stacksFile(file, options), run);
    return planCommand(ws, await manifestArgument(context, file), run);
  },
};
