/** `cloudctl force-unlock LOCK_ID` (src/cli/commands/force-unlock.ts). */
import { lazy, option, type CommandDefinition } from './define.js';

const forceUnlockCommand = lazy(() => import('../commands/force-unlock.js'), 'forceUnlockCommand');

export const forceUnlock: CommandDefinition = {
  name: 'force-unlock',
  description: 'remove the state lock a run left behind (its id is in the "state is locked" error)',
  arguments: [{ name: '<lock-id>', description: 'the lock id to remove' }],
  options: [option('--force', 'remove it even when its holder still runs on this host', false)],
  action: (context, id: string, options) => forceUnlockCommand(context.workspace(), id, options),
};
