/**
 * `cloudctl completion SHELL` and the hidden `cloudctl complete -- WORDS`
 * the completion script calls (src/cli/commands/completion.ts, light enough
 * to import at once: the completion library loads when one of them runs).
 */
import { COMPLETION_SHELLS, completeCommand, completionCommand } from '../commands/completion.js';
import type { CommandDefinition } from './define.js';

export const completion: CommandDefinition = {
  name: 'completion',
  description: 'print a shell completion script: source <(cloudctl completion bash), or save it where your shell reads completions',
  arguments: [{ name: '<shell>', description: `the shell: ${COMPLETION_SHELLS.join(', ')}` }],
  action: (context, shell: string) => completionCommand(context.command, context.workspace(), shell),
};

export const complete: CommandDefinition = {
  name: 'complete',
  hidden: true,
  description: 'the completions of a command line being typed (called by the completion script)',
  arguments: [{ name: '[words...]' }],
  configure: (command) => command.allowUnknownOption().helpOption(false),
  action: (context, words: string[]) => completeCommand(context.command, context.workspace(), words),
};
