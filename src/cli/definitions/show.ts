/** `cloudctl show [PLAN]` (src/cli/commands/show.ts): a saved plan as text, JSON, Markdown or HTML. */
import { existsSync } from 'node:fs';
import { lazy, option, type CommandDefinition } from './define.js';
import { planFormatOption } from './options.js';

const showCommand = lazy(() => import('../commands/show.js'), 'showCommand');

export const show: CommandDefinition = {
  name: 'show',
  description: 'show a saved plan (default: the last one)',
  arguments: [{ name: '[plan]', description: 'plan file (default .cloudctl/last-plan.cplan)' }],
  options: [
    option('--json', 'print the plan document as JSON (schemas/plan.schema.json)', false),
    planFormatOption(),
    option('--html <file>', 'write the plan as one self-contained HTML page instead (graph, reasons, prices, budget)'),
  ],
  action: (context, file: string | undefined, options) => {
    const ws = context.workspace();
    // A last plan an older cloudctl saved under its old name is still the last plan.
    const legacy = file === undefined && !existsSync(ws.resolve(ws.lastPlanPath)) && existsSync(ws.resolve(ws.legacyLastPlanPath));
    return showCommand(ws, legacy ? ws.legacyLastPlanPath : file, options);
  },
};
