/**
 * `cloudctl apply [MANIFEST|PLAN]` and `cloudctl destroy [MANIFEST]`
 * (src/cli/commands/apply.ts), or every stack in order with `--stacks`
 * (commands/stacks.ts). Without an argument, `apply` applies the last saved
 * plan when there is one (and no option shaping a new plan was given), else
 * the current folder's manifest; `destroy` reads the current folder's.
 */
import { existsSync } from 'node:fs';
import { manifestArgument } from './manifest-argument.js';
import { lazy, option, type CommandContext, type CommandDefinition } from './define.js';
import { planningOptions, stacksFile } from './options.js';

const applyCommand = lazy(() => import('../commands/apply.js'), 'applyCommand');
const stacksApplyCommand = lazy(() => import('../commands/stacks.js'), 'stacksApplyCommand');
const stacksDestroyCommand = lazy(() => import('../commands/stacks.js'), 'stacksDestroyCommand');

/** Options that shape a new plan: given them, `apply` without an argument plans the current folder's manifest. */
function shapesAPlan(options: { target?: string[]; exclude?: string[]; replace?: string[]; refreshOnly?: boolean }): boolean {
  return (
    (options.target ?? []).length > 0 || (options.exclude ?? []).length > 0 || (options.replace ?? []).length > 0 || !!options.refreshOnly
  );
}

/**
 * What `apply` without an argument applies: the last saved plan
 * (`.cloudctl/last-plan.cplan`, or `last-plan.json` written by an older
 * cloudctl) when there is one, else the current folder's manifest.
 */
async function applyTarget(
  context: CommandContext,
  target: string | undefined,
  options: Parameters<typeof shapesAPlan>[0],
): Promise<string | undefined> {
  if (target !== undefined) return target;
  const ws = context.workspace();
  if (!shapesAPlan(options)) {
    if (existsSync(ws.resolve(ws.lastPlanPath))) return undefined;
    if (existsSync(ws.resolve(ws.legacyLastPlanPath))) return ws.legacyLastPlanPath;
  }
  return manifestArgument(context, undefined);
}

export const apply: CommandDefinition = {
  name: 'apply',
  description: 'apply a manifest (after confirmation), or exactly a saved plan',
  arguments: [
    {
      name: '[manifest-or-plan]',
      description:
        'manifest YAML (or folder), or a saved plan (any file `plan --out` wrote, or a .json one); default: the last saved plan, else cloudctl.yaml here',
    },
  ],
  options: [
    option('--refresh-only', 'only record in state what changed outside cloudctl', false),
    option('--auto-approve', 'do not ask for confirmation', false),
    option('--auto-approve-by-rules', 'with --stacks: apply the stacks whose plans every approve: rule approves, stop on the rest', false),
    ...planningOptions(),
  ],
  action: async (context, target: string | undefined, options) => {
    const ws = context.workspace(options);
    const run = { ...options, lockTimeoutSeconds: options.lockTimeout };
    if (options.stacks !== undefined) return stacksApplyCommand(ws, stacksFile(target, options), run);
    return applyCommand(ws, await applyTarget(context, target, options), { ...run, destroy: false });
  },
};

export const destroy: CommandDefinition = {
  name: 'destroy',
  description: 'destroy every resource the state holds for this manifest',
  arguments: [{ name: '[manifest]', description: 'manifest YAML file or folder (default: cloudctl.yaml here, or the one manifest here)' }],
  options: [option('--auto-approve', 'do not ask for confirmation', false), ...planningOptions()],
  action: async (context, file: string | undefined, options) => {
    const ws = context.workspace(options);
    const run = { ...options, lockTimeoutSeconds: options.lockTimeout };
    if (options.stacks !== undefined) return stacksDestroyCommand(ws, stacksFile(file, options), run);
    return applyCommand(ws, await manifestArgument(context, file), { ...run, destroy: true });
  },
};
