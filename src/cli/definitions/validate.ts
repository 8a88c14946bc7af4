/** `cloudctl validate [MANIFEST]` (src/cli/commands/validate.ts): checks a manifest without state or API. */
import { manifestArgument } from './manifest-argument.js';
import { lazy, type CommandDefinition } from './define.js';
import { variableOptions } from './options.js';

const validateCommand = lazy(() => import('../commands/validate.js'), 'validateCommand');

export const validate: CommandDefinition = {
  name: 'validate',
  description: 'check a manifest without calling the API',
  arguments: [{ name: '[manifest]', description: 'manifest YAML file or folder (default: cloudctl.yaml here, or the one manifest here)' }],
  options: variableOptions(),
  action: async (context, file: string | undefined, options) =>
    validateCommand(context.workspace(options), await manifestArgument(context, file)),
};
