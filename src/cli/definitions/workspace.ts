/** `cloudctl workspace list|show|new|select|delete` (src/cli/commands/workspace.ts). */
import { lazy, type CommandDefinition } from './define.js';

const workspaceModule = () => import('../commands/workspace.js');
const workspaceList = lazy(workspaceModule, 'workspaceList');
const workspaceShow = lazy(workspaceModule, 'workspaceShow');
const workspaceNew = lazy(workspaceModule, 'workspaceNew');
const workspaceSelect = lazy(workspaceModule, 'workspaceSelect');
const workspaceDelete = lazy(workspaceModule, 'workspaceDelete');

export const workspace: CommandDefinition = {
  name: 'workspace',
  description: 'several states for one manifest (staging, production, ...)',
  commands: [
    { name: 'list', description: 'list workspaces, the current one starred', action: (context) => workspaceList(context.workspace()) },
    { name: 'show', description: 'print the current workspace', action: (context) => workspaceShow(context.workspace()) },
    {
      name: 'new',
      description: 'create a workspace and switch to it',
      arguments: [{ name: '<name>' }],
      action: (context, name: string) => workspaceNew(context.workspace(), name),
    },
    {
      name: 'select',
      description: 'switch to a workspace',
      arguments: [{ name: '<name>' }],
      action: (context, name: string) => workspaceSelect(context.workspace(), name),
    },
    {
      name: 'delete',
      description: 'delete a workspace that manages nothing',
      arguments: [{ name: '<name>' }],
      action: (context, name: string) => workspaceDelete(context.workspace(), name),
    },
  ],
};
