/** `cloudctl import TYPE.NAME ID`, or `import --all` (src/cli/commands/import.ts). */
import { lazy, option, type CommandDefinition } from './define.js';
import { collect, lockTimeoutOption } from './options.js';

const importCommand = lazy(() => import('../commands/import.js'), 'importCommand');

export const importDefinition: CommandDefinition = {
  name: 'import',
  description:
    'adopt an existing resource into state and print its manifest YAML; or, with --all, write the manifest adopting every account (read-only)',
  arguments: [
    {
      name: '[type-or-address]',
      description: 'a type (lite_vm, cloud_lite_vm, cloud:index:LiteVm) with --name, or TYPE.NAME (TYPE.NAME[0] for an instance)',
    },
    { name: '[id]', description: 'import id (e.g. the numeric account id)' },
  ],
  options: [
    option('--name <name>', 'the resource name in the manifest'),
    lockTimeoutOption(),
    option('--all', 'list every account the state does not manage and write a manifest adopting them (no order, no state write)', false),
    option('--generate-config-out <file>', 'with --all: the manifest file to write (never overwritten)'),
    option('--type <type>', 'with --all: list only this resource type (repeatable)', collect, []),
    option('--include-pending', 'with --all: adopt accounts awaiting payment too (default: report them only)', false),
    option('--exclude-state <path>', 'with --all: leave out the accounts this other state file manages (repeatable)', collect, []),
  ],
  action: (context, target: string | undefined, id: string | undefined, options) =>
    importCommand(context.workspace(), target, id, { ...options, lockTimeoutSeconds: options.lockTimeout }),
};
