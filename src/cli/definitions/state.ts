/**
 * `cloudctl state list|show|rm|mv|repair|migrate` (src/cli/commands/state.ts;
 * `migrate` in commands/workspace.ts) and `cloudctl output` (commands/state.ts).
 */
import { lazy, option, type CommandDefinition } from './define.js';
import { lockTimeoutOption } from './options.js';

const stateModule = () => import('../commands/state.js');
const stateList = lazy(stateModule, 'stateList');
const stateShow = lazy(stateModule, 'stateShow');
const stateRemove = lazy(stateModule, 'stateRemove');
const stateMove = lazy(stateModule, 'stateMove');
const stateRepair = lazy(stateModule, 'stateRepair');
const outputCommand = lazy(stateModule, 'outputCommand');
const stateMigrate = lazy(() => import('../commands/workspace.js'), 'stateMigrate');

export const state: CommandDefinition = {
  name: 'state',
  description: 'inspect and edit the state',
  commands: [
    { name: 'list', description: 'list managed addresses', action: (context) => stateList(context.workspace()) },
    {
      name: 'show',
      description: 'show one resource (secrets as (sensitive))',
      arguments: [{ name: '<address>' }],
      action: (context, address: string) => stateShow(context.workspace(), address),
    },
    {
      name: 'rm',
      description: 'forget resources without deleting them',
      arguments: [{ name: '<addresses...>' }],
      options: [lockTimeoutOption()],
      action: (context, addresses: string[], options) => stateRemove(context.workspace(), addresses, options.lockTimeout),
    },
    {
      name: 'mv',
      description:
        'rename an address without destroying anything; a lite VM migrated to lite pro moves to a cloud_lite_pro_vm address (found by listing, never ordered)',
      arguments: [{ name: '<from>' }, { name: '<to>' }, { name: '[manifest]', description: "checks that TO's block is of the right type" }],
      options: [lockTimeoutOption()],
      action: (context, from: string, to: string, manifest: string | undefined, options) =>
        stateMove(context.workspace(), from, to, options.lockTimeout, manifest),
    },
    {
      name: 'repair',
      description: 'drop damaged lines of the change log and journal (originals kept as .damaged)',
      options: [lockTimeoutOption()],
      action: (context, options) => stateRepair(context.workspace(), options.lockTimeout),
    },
    {
      name: 'migrate',
      description: "move this workspace's state, journal and outputs to another backend, verified",
      options: [option('--to <url>', 'postgres://... or local').makeOptionMandatory(), lockTimeoutOption('wait this long for each lock')],
      action: (context, options) => stateMigrate(context.workspace(), options.to, options.lockTimeout),
    },
  ],
};

export const output: CommandDefinition = {
  name: 'output',
  description: 'show outputs saved by the last apply (sensitive ones masked unless --json or --raw)',
  arguments: [{ name: '[name]' }],
  options: [
    option('--json', 'JSON output with the real values, sensitive ones too (each with its sensitive flag)', false),
    option('--raw', "print NAME's value as is, sensitive too, with no newline (a string, number or boolean)", false),
  ],
  action: (context, name: string | undefined, options) => outputCommand(context.workspace(), name, options),
};
