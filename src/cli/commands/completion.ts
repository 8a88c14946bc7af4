/**
 * `cloudctl completion bash|zsh|fish|powershell`: prints the shell's
 * completion script (`source <(cloudctl completion bash)`, or save it where
 * the shell reads completions), and the hidden `cloudctl complete -- WORDS`
 * the script calls back at each Tab. Both are `@bomb.sh/tab`'s: the
 * commands, options (with their choices) and arguments come from the
 * program's own commander definitions, so a new command or option
 * completes without an edit here; manifest arguments complete `*.yaml`
 * files of the current folder, and addresses (`state show ADDRESS`,
 * `--target`, `--replace`) those of the workspace's state.
 * Light on purpose: its definitions (src/cli/definitions/completion.ts)
 * import it on every run, and the library and the engine load only when
 * one of them runs.
 */
import { readdir } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Workspace } from '../workspace.js';

/** The shells a script is printed for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** Argument names that take a manifest file. */
const MANIFEST_ARGUMENTS = new Set(['manifest', 'plan', 'files']);
/** Argument and option names that take an address of the state. */
const ADDRESS_NAMES = new Set(['address', 'addresses', 'from', 'target', 'replace']);

type Complete = (value: string, description: string) => void;

/** What completes one argument or option value: manifest files, state addresses, or the choices commander knows. */
interface Sources {
  manifests(): Promise<string[]>;
  addresses(): Promise<string[]>;
}

/** Runs `print` with `console.log` sent to `write` (the library prints with console.log). */
async function capturing(write: (text: string) => void, print: () => void | Promise<void>): Promise<void> {
  const log = console.log;
  console.log = (...parts: unknown[]) => write(`${parts.map(String).join(' ')}\n`);
  try {
    await print();
  } finally {
    console.log = log;
  }
}

/** The visible commands of `command`, by their full name (`state show`), depth first. */
function commandsOf(command: Command, prefix = ''): Array<[string, Command]> {
  return command
    .createHelp()
    .visibleCommands(command)
    .flatMap((sub) => {
      const name = prefix ? `${prefix} ${sub.name()}` : sub.name();
      return [[name, sub] as [string, Command], ...commandsOf(sub, name)];
    });
}

/** The completion tree of `program` in the library's root, with the values each argument and option takes. */
async function completionTree(program: Command, values: Map<string, string[]>) {
  const { default: root } = await import('@bomb.sh/tab');
  const handler = (name: string) => {
    const known = values.get(name);
    return known ? (complete: Complete) => known.forEach((value) => complete(value, '')) : undefined;
  };
  type Node = {
    option: (typeof root)['option'];
    argument(name: string, handler?: (complete: Complete) => void, variadic?: boolean): unknown;
  };
  const describe = (node: Node, command: Command) => {
    for (const option of command.createHelp().visibleOptions(command)) {
      const long = option.long?.slice(2);
      if (!long) continue;
      const takesValue = option.required || option.optional;
      const choices = option.argChoices ?? values.get(long);
      if (takesValue)
        node.option(long, option.description, (complete: Complete) => (choices ?? []).forEach((value) => complete(value, '')));
      else node.option(long, option.description);
    }
    for (const argument of command.registeredArguments)
      node.argument(
        argument.name(),
        argument.argChoices
          ? (complete: Complete) => argument.argChoices!.forEach((value) => complete(value, ''))
          : handler(argument.name()),
        argument.variadic,
      );
  };
  describe(root, program);
  for (const [name, command] of commandsOf(program)) describe(root.command(name, command.description()), command);
  return root;
}

/** The values completion offers, by argument or option name: manifest files and state addresses. */
async function valuesFor(sources: Sources): Promise<Map<string, string[]>> {
  const [manifests, addresses] = await Promise.all([sources.manifests(), sources.addresses()]);
  const values = new Map<string, string[]>();
  for (const name of MANIFEST_ARGUMENTS) values.set(name, manifests);
  for (const name of ADDRESS_NAMES) values.set(name, addresses);
  return values;
}

/** The `*.yaml` / `*.yml` files of `folder`, sorted (none when it cannot be read). */
async function manifestFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The addresses the workspace's state holds (none when there is no state or it cannot be read: completion never fails). */
async function stateAddresses(ws: Workspace): Promise<string[]> {
  try {
    const { openEngine } = await import('../run.js');
    const engine = await openEngine(ws);
    try {
      return Object.keys((await engine.state()).resources).sort();
    } finally {
      await engine.close();
    }
  } catch {
    return [];
  }
}

/** The program `command` belongs to (its root command). */
function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/**
 * `completion SHELL`: prints the completion script of `command`'s program
 * for `shell` on the run's stdout; resolves with 0.
 * @throws commander's usage error for a shell it has no script for.
 */
export async function completionCommand(command: Command, ws: Workspace, shell: string): Promise<number> {
  if (!(COMPLETION_SHELLS as readonly string[]).includes(shell))
    command.error(`error: no completion for the shell "${shell}" (choices: ${COMPLETION_SHELLS.join(', ')})`);
  const program = rootOf(command);
  const root = await completionTree(program, new Map());
  await capturing(
    (text) => ws.io.stdout.write(text),
    () => root.setup(program.name(), program.name(), shell),
  );
  return 0;
}

/**
 * `complete -- WORDS`: prints the completions of the command line being
 * typed (`words`), with the manifest files of the current folder and the
 * addresses of the workspace's state; resolves with 0.
 */
export async function completeCommand(command: Command, ws: Workspace, words: string[]): Promise<number> {
  const values = await valuesFor({
    manifests: () => manifestFiles(ws.resolve('.')),
    addresses: () => stateAddresses(ws),
  });
  const root = await completionTree(rootOf(command), values);
  await capturing(
    (text) => ws.io.stdout.write(text),
    () => root.parse(words),
  );
  return 0;
}
