/** `cloudctl simulator` (src/cli/commands/simulator.ts): the cloud simulator on loopback. */
import { lazy, option, type CommandDefinition } from './define.js';

const simulatorCommand = lazy(() => import('../commands/simulator.js'), 'simulatorCommand');

export const simulator: CommandDefinition = {
  name: 'simulator',
  description: 'run the cloud simulator (the API of docs/api/) on loopback',
  options: [
    option('--port <n>', 'port (0 picks a free one)', '4010'),
    option('--host <address>', 'address to listen on', '127.0.0.1'),
    option('--token <token>', 'require this x-token (also CLOUDCTL_SIM_TOKEN)'),
    option('--data <file>', 'keep the simulated cloud in this file'),
    option('--provision-seconds <duration>', 'time from order to Active (default 12s)'),
    option('--seed <n>', 'seed for ids, faults and reply variations'),
    option(
      '--profile <profile>',
      'strict (friendly replies, the default) or variant (replies vary within the contract, seeded; also CLOUDCTL_SIM_PROFILE)',
    ),
  ],
  action: (context, options) => simulatorCommand(context.io, options),
};
