/**
 * How a command declares itself: each `src/cli/definitions/NAME.ts` exports
 * a {@link CommandDefinition} (its name, arguments, options, help and
 * action), `main.ts` lists them, and {@link addCommands} turns the list into
 * commander commands. The man page (scripts/generate-man.ts) and shell
 * completion (commands/completion.ts) read the commander commands made from
 * these definitions, so a new command is documented and completes without
 * an edit anywhere else.
 *
 * A definition is light on purpose: it imports commander and nothing that
 * runs a command. Its action loads the command's module (`src/cli/commands/
 * NAME.ts`, which imports the engine, the manifest pipeline, the views...)
 * on first call through {@link lazy}, so `cloudctl --help` and `cloudctl
 * plan --help` load commander and no heavy part (test/integration/startup.test.ts).
 */
import { Option, type Command } from 'commander';
import type { CliIo } from '../io.js';
import type { Workspace } from '../workspace.js';

/** The command's `--var` / `--var-file` values (commander's option names). */
export interface VariableFlags {
  var?: string[];
  varFile?: string[];
}

/** What a command's action is given besides its arguments and options. */
export interface CommandContext {
  /** The run's I/O. */
  io: CliIo;
  /** The commander command being run (for `command.error(...)`, or its parent program). */
  command: Command;
  /** The run's workspace (global options); `flags`: the command's, whose `--var` / `--var-file` give variable values. */
  workspace(flags?: VariableFlags): Workspace;
}

/** One positional argument: commander's syntax (`<name>` required, `[name]` optional, `name...` variadic) and its help line. */
export interface ArgumentDefinition {
  name: string;
  description?: string;
}

/**
 * A command as it declares itself. `action` receives the context, then
 * commander's values: each argument in order, then the options object.
 * It resolves with the exit code; errors propagate to `runCli`, which
 * prints them (diagnostics at `file:line:col`, or `Error: message`).
 */
export interface CommandDefinition {
  name: string;
  /** The help line (the first line of `cloudctl NAME --help`, and its line in `cloudctl --help` and the man page). */
  description: string;
  arguments?: readonly ArgumentDefinition[];
  /** Its options, in the order its help lists them. */
  options?: readonly Option[];
  /** Subcommands (`state list`, `workspace new`), each declared the same way. */
  commands?: readonly CommandDefinition[];
  /** Left out of the help, the man page and completion (`complete`, which the completion script calls). */
  hidden?: boolean;
  /** Further commander settings (`allowUnknownOption`, `helpOption(false)`). */
  configure?(command: Command): void;
  action?(context: CommandContext, ...values: any[]): Promise<number>;
}

/**
 * An option as commander's `.option(flags, description, default)` or
 * `.option(flags, description, parse, default)` would make it.
 */
export function option(flags: string, description: string, defaultValue?: unknown): Option;
export function option(
  flags: string,
  description: string,
  parse: (value: string, previous: any) => unknown,
  defaultValue?: unknown,
): Option;
export function option(flags: string, description: string, parseOrDefault?: unknown, defaultValue?: unknown): Option {
  const made = new Option(flags, description);
  if (typeof parseOrDefault === 'function') {
    made.argParser(parseOrDefault as (value: string, previous: unknown) => unknown);
    if (defaultValue !== undefined) made.default(defaultValue);
  } else if (parseOrDefault !== undefined) made.default(parseOrDefault);
  return made;
}

/** A function of module `M` (any exported function), named `K`, as a promise-returning one. */
type Exported<M, K extends keyof M> = M[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * Stands for the function `name` of the module `load` imports: the module is
 * imported on the first call (Node caches it for the next ones); each call
 * resolves with what that function resolves with (same errors). With the
 * bundle (scripts/lib/bundle.ts), each such module is a chunk of its own.
 */
export function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K): Exported<M, K> {
  const call = async (...args: unknown[]) => {
    const loaded = (await load())[name] as (...args: unknown[]) => unknown;
    return loaded(...args);
  };
  return call as Exported<M, K>;
}

/**
 * Adds `definitions` (and their subcommands) to `parent` as commander
 * commands, in order. `context` makes the context of a run of a command;
 * each action's exit code goes to `onExitCode`.
 */
export function addCommands(
  parent: Command,
  definitions: readonly CommandDefinition[],
  context: (command: Command) => CommandContext,
  onExitCode: (code: number) => void,
): void {
  for (const definition of definitions) {
    const command = parent.command(definition.name, definition.hidden ? { hidden: true } : {}).description(definition.description);
    for (const argument of definition.arguments ?? []) command.argument(argument.name, argument.description);
    for (const made of definition.options ?? []) command.addOption(made);
    definition.configure?.(command);
    if (definition.commands) addCommands(command, definition.commands, context, onExitCode);
    const { action } = definition;
    if (action)
      command.action(async (...values: unknown[]) => {
        const self = values[values.length - 1] as Command;
        onExitCode(await action(context(self), ...values.slice(0, -1)));
      });
  }
}
