/** `cloudctl schema` (src/cli/commands/schema.ts): the manifest JSON Schema. */
import { lazy, type CommandDefinition } from './define.js';

const schemaCommand = lazy(() => import('../commands/schema.js'), 'schemaCommand');

export const schema: CommandDefinition = {
  name: 'schema',
  description: 'print the manifest JSON Schema (for editors)',
  action: (context) => schemaCommand(context.io),
};
