/**
 * What a usage error prints (a mistyped option, a missing argument): one
 * line saying what is wrong (commander's, with its "Did you mean" guess),
 * the command's usage line, and where the rest is, instead of the whole help.
 */
import type { Command } from 'commander';

/** The full name of `command`: `cloudctl state show`. */
function fullName(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current; current = current.parent) names.unshift(current.name());
  return names.join(' ');
}

/** commander's error with its guess on the same line: `error: unknown option '--refersh' (did you mean --refresh?)`. */
function oneLine(text: string): string {
  return text.replace(/\n\(Did you mean (.*)\)\n$/, ' (did you mean $1)\n');
}

/** Sets, on `program` and every command under it, the error on one line and the lines printed after it. */
export function usageAfterErrors(program: Command): void {
  const name = fullName(program);
  const write = program.configureOutput().outputError ?? ((text: string, to: (text: string) => void) => to(text));
  program.configureOutput({ outputError: (text, to) => write(oneLine(text), to) });
  program.showHelpAfterError(
    `Usage: ${name} ${program.usage()}\nRun '${name} --help' for ${program.commands.length > 0 ? 'the commands and options' : 'the options'}.`,
  );
  for (const command of program.commands) usageAfterErrors(command);
}
