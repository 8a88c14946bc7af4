/**
 * The man page `cloudctl(1)` written from the program's own commander
 * definitions (src/cli/main.ts): every command with its arguments, options
 * and description, so `man cloudctl` says what `--help` says. Roff by hand:
 * the `man` macros (TH, SH, TP, B, I) and escaping are all it needs.
 */
import type { Command, Help } from 'commander';

/** `text` safe in roff: backslashes, leading dots and quotes, and hyphens of options kept as hyphens. */
export function roffText(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

/** The commands under `command` (hidden ones left out), with their full names, depth first. */
function commands(command: Command, prefix: string): Array<[string, Command]> {
  const help: Help = command.createHelp();
  return help.visibleCommands(command).flatMap((sub) => {
    const name = `${prefix} ${sub.name()}`;
    return sub.commands.length > 0 ? [[name, sub] as [string, Command], ...commands(sub, name)] : [[name, sub] as [string, Command]];
  });
}

/** The `.TP` entries of `command`'s options. */
function options(command: Command): string[] {
  const help = command.createHelp();
  return help
    .visibleOptions(command)
    .flatMap((option) => ['.TP', `.B ${roffText(help.optionTerm(option))}`, roffText(help.optionDescription(option))]);
}

/** The whole page of `program`, dated `date` (YYYY-MM-DD), for `version`. */
export function manPage(program: Command, version: string, date: string): string {
  const name = program.name();
  const lines = [
    `.TH ${name.toUpperCase()} 1 "${date}" "${name} ${version}" "User Commands"`,
    '.SH NAME',
    `${name} \\- ${roffText(program.description())}`,
    '.SH SYNOPSIS',
    `.B ${name}`,
    `[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]`,
    '.SH DESCRIPTION',
    roffText(program.description()),
    'Each command is described below; \\fBcloudctl\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR says the same.',
    '.SH GLOBAL OPTIONS',
    ...options(program),
    '.SH COMMANDS',
  ];
  for (const [full, command] of commands(program, name)) {
    lines.push('.SS', `.B ${roffText(`${full} ${command.usage()}`)}`, '.PP', roffText(command.description()));
    for (const argument of command.registeredArguments)
      if (argument.description) lines.push('.TP', `.I ${roffText(argument.name())}`, roffText(argument.description));
    lines.push(...options(command));
  }
  lines.push(
    '.SH ENVIRONMENT',
    '.TP',
    '.B CLOUDCTL_BASE_URL, CLOUDCTL_API_KEY',
    'The API and its token (none: the embedded simulator).',
    '.TP',
    '.B CLOUDCTL_WORKSPACE, CLOUDCTL_BACKEND',
    'The workspace, and where state lives (as \\-\\-workspace and \\-\\-backend).',
    '.TP',
    '.B NO_COLOR',
    'Plain output.',
    '.SH SEE ALSO',
    'The README and docs/ folder of the package (automation.md, testing.md, watch.md, ci.md).',
  );
  return `${lines.join('\n')}\n`;
}
