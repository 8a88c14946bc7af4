/** `cloudctl graph MANIFEST` (src/cli/commands/graph.ts). */
import { lazy, option, type CommandDefinition } from './define.js';
import { variableOptions } from './options.js';

const graphCommand = lazy(() => import('../commands/graph.js'), 'graphCommand');

export const graph: CommandDefinition = {
  name: 'graph',
  description: 'print the dependency graph of a manifest in Graphviz DOT (or SVG)',
  arguments: [{ name: '<manifest>', description: 'manifest YAML file' }],
  options: [...variableOptions(), option('--format <format>', 'dot or svg', 'dot')],
  action: (context, file: string, options) => graphCommand(context.workspace(options), file, options),
};
