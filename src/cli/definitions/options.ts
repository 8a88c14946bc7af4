/**
 * What several commands' definitions share: parsers of option values
 * (commander calls them; a bad value is a usage error) and the option sets
 * of the commands that load a manifest (`--var`, `--var-file`) and of those
 * that plan (`--target`, `--replace`, `--stacks`, ...).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { parseDuration } from '../../core/duration.js';
import { option } from './define.js';

/** `true|1|yes` or `false|0|no` (any case). @throws InvalidArgumentError otherwise. */
export function parseBoolean(value: string): boolean {
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new InvalidArgumentError('expected true or false');
}

/** A whole number of at least 1. @throws InvalidArgumentError otherwise. */
export function parsePositiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return number;
}

/** A duration (`30s`, `5m`, `90`) in seconds. @throws InvalidArgumentError for a bad one. */
export function parseSeconds(value: string): number {
  try {
    return parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** A repeatable option's values, in order. */
export const collect = (value: string, previous: string[]) => [...previous, value];

/** `--lock-timeout DURATION` (seconds, default 0), worded `what`. */
export function lockTimeoutOption(what = 'wait this long for the state lock'): Option {
  return option('--lock-timeout <duration>', what, parseSeconds, 0);
}

/** `--parallelism N` (default 10), worded `what`. */
export function parallelismOption(what: string): Option {
  return option('--parallelism <n>', what, parsePositiveInteger, 10);
}

/** `--var` and `--var-file`, on every command that loads a manifest. */
export function variableOptions(): Option[] {
  return [
    option('--var <name=value>', 'set a variable (repeatable; wins over --var-file, CLOUDCTL_VAR_name, env: and default:)', collect, []),
    option('--var-file <file>', 'read variables from a YAML file of name: value (repeatable; a later file wins)', collect, []),
  ];
}

/** The options of `plan`, `apply` and `destroy` after their own: variables, stacks, refresh, replace, target, exclude and limits. */
export function planningOptions(): Option[] {
  return [
    ...variableOptions(),
    option('--stacks [file]', 'every stack of a stacks file (default cloudctl.stacks.yaml; docs/stacks.md), in dependency order'),
    option('--stack <name>', 'with --stacks: only this stack (a glob; repeatable) and the stacks it reads', collect, []),
    option('--refresh <bool>', 'read every managed resource before planning', parseBoolean, true),
    option(
      '--replace <address>',
      'replace this resource even if nothing changed (repeatable; web: every instance, web[0]: one)',
      collect,
      [],
    ),
    option(
      '--target <address>',
      'limit to this resource (or data.NAME; web: every instance, web[0] or web["eu"]: one; or a pattern: web[*], disk_*, cluster.*) and what it depends on (repeatable)',
      collect,
      [],
    ),
    option(
      '--exclude <address>',
      'leave out this resource or pattern and what depends on it (in a destroy: what it depends on); the plan lists them (repeatable)',
      collect,
      [],
    ),
    parallelismOption('operations in flight at once'),
    lockTimeoutOption('wait this long for the state lock (e.g. 30s)'),
    option('--allow-over-budget', "go past the manifest's budget: (or a saved plan's risen prices); written to the journal", false),
  ];
}

/** `--format` of `plan` and `show`: text (the default), json (as `--json`), or markdown (a pull-request comment, docs/ci.md). */
export function planFormatOption(): Option {
  return new Option('--format <format>', 'text, json (as --json) or markdown (summary first, for a pull-request comment)').choices([
    'text',
    'json',
    'markdown',
  ]);
}

/** The stacks file of `--stacks [file]` (or the argument, when `--stacks` has no value); undefined: the default. */
export function stacksFile(argument: string | undefined, options: { stacks?: string | boolean }): string | undefined {
  return typeof options.stacks === 'string' ? options.stacks : argument;
}

/** `value`, or commander's error for a missing argument (as when the argument was required), from `command`. */
export function required(value: string | undefined, name: string, command: Command): string {
  if (value === undefined) command.error(`error: missing required argument '${name}'`, { code: 'commander.missingArgument', exitCode: 1 });
  return value as string;
}
