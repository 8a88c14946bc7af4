#!/usr/bin/env node
/**
 * The `cloudctl` program (commander). Every command resolves with an exit
 * code; bad input prints `file:line:col: message` diagnostics and exits 1
 * without touching state or the API.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DiagnosticError } from '../core/types.js';
// The commands load on first call (commands/lazy.ts): `--version` and `--help` load commander and nothing else.
import {
  applyCommand,
  costCommand,
  doctorCommand,
  forceUnlockCommand,
  graphCommand,
  importCommand,
  outputCommand,
  planCommand,
  refreshCommand,
  watchCommand,
  schemaCommand,
  showCommand,
  simulatorCommand,
  stacksApplyCommand,
  stacksDestroyCommand,
  stacksPlanCommand,
  stacksWatchCommand,
  testCommand,
  stateList,
  stateMigrate,
  stateMove,
  stateRemove,
  stateRepair,
  stateShow,
  validateCommand,
  workspaceDelete,
  workspaceList,
  workspaceNew,
  workspaceSelect,
  workspaceShow,
} from './commands/lazy.js';
import { parseDuration } from '../core/duration.js';
import type { CliIo, InterruptHandlers } from './io.js';
import { colorWanted } from './views/style.js';
import { workspace, type GlobalOptions, type Workspace } from './workspace.js';
import { renderDiagnosticReport } from './views/diagnostics.js';
import { addCompletionCommands } from './commands/completion.js';
import { usageAfterErrors } from './usage.js';

function parseBoolean(value: string): boolean {
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new InvalidArgumentError('expected true or false');
}

function parsePositiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return number;
}

function parseSeconds(value: string): number {
  try {
    return parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** The stacks file of `--stacks [file]` (or the argument, when `--stacks` has no value); undefined: the default. */
function stacksFile(argument: string | undefined, options: { stacks?: string | boolean }): string | undefined {
  return typeof options.stacks === 'string' ? options.stacks : argument;
}

/** `value`, or commander's error for a missing argument (as when the argument was required), from `command`. */
function required(value: string | undefined, name: string, command: Command): string {
  if (value === undefined) command.error(`error: missing required argument '${name}'`, { code: 'commander.missingArgument', exitCode: 1 });
  return value as string;
}

/** `--format` of `plan` and `show`: text (the default), json (as `--json`), or markdown (a pull-request comment, docs/ci.md). */
function planFormatOption(): Option {
  return new Option('--format <format>', 'text, json (as --json) or markdown (summary first, for a pull-request comment)').choices([
    'text',
    'json',
    'markdown',
  ]);
}

/** Terraform users type `-out=FILE` and `-refresh=false`: accept the single-dash long forms too. */
export function normaliseArguments(argv: string[]): string[] {
  const long = [
    'out',
    'refresh',
    'replace',
    'target',
    'auto-approve',
    'detailed-exitcode',
    'parallelism',
    'lock-timeout',
    'json',
    'no-color',
    'state',
    'destroy',
    'refresh-only',
    'workspace',
    'backend',
    'var',
    'var-file',
  ];
  return argv.map((argument) => {
    const match = /^-([a-z-]+)(=.*)?$/.exec(argument);
    return match && long.includes(match[1]) ? `-${argument}` : argument;
  });
}

/**
 * Builds the program for one run with `io`: commander's help and errors go
 * to `io`'s streams, and each command's exit code to `onExitCode`.
 */
export function program(io: CliIo, onExitCode: (code: number) => void = () => undefined): Command {
  const run =
    (action: (...args: any[]) => Promise<number>) =>
    async (...args: any[]) => {
      onExitCode(await action(...args));
    };
  const cli = new Command('cloudctl')
    .description('Declarative infrastructure for bare-metal servers, lite VPS and lite pro VPS: plan, apply, import, destroy.')
    .version('0.1.0')
    .option('--state <path>', 'state file of the default workspace (others: workspaces/NAME/ beside it)', '.cloudctl/state.json')
    .option('--workspace <name>', 'the workspace to use (also CLOUDCTL_WORKSPACE; default: the selected one, else "default")')
    .option(
      '--backend <url>',
      'where state lives: postgres://user@host:port/database[?schema=name] or local (also CLOUDCTL_BACKEND; the password from PGPASSWORD)',
    )
    .option('--no-color', 'plain output (also NO_COLOR)')
    .exitOverride() // commander throws instead of exiting: runCli turns it into an exit code
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text),
      // Help as wide as the terminal (commander's default width when not one), colour as for the rest of the output.
      getOutHelpWidth: () => (io.stdout.isTTY ? io.stdout.columns : undefined) as number,
      getErrHelpWidth: () => (io.stderr.isTTY ? io.stderr.columns : undefined) as number,
      getOutHasColors: () => colorWanted(undefined, io.stdout, io.env),
      getErrHasColors: () => colorWanted(undefined, io.stderr, io.env),
    });

  /** The workspace of the run; `options`: the command's, whose `--var` / `--var-file` give variable values. */
  const ws = (options?: { var?: string[]; varFile?: string[] }): Workspace => ({
    ...workspace(cli.opts<GlobalOptions>(), io),
    ...(options ? { variables: { assignments: options.var ?? [], files: options.varFile ?? [] } } : {}),
  });
  /** `--var` and `--var-file`, on every command that loads a manifest. */
  const variables = (command: Command) =>
    command
      .option('--var <name=value>', 'set a variable (repeatable; wins over --var-file, CLOUDCTL_VAR_name, env: and default:)', collect, [])
      .option('--var-file <file>', 'read variables from a YAML file of name: value (repeatable; a later file wins)', collect, []);
  const planning = (command: Command) =>
    variables(command)
      .option('--stacks [file]', 'every stack of a stacks file (default cloudctl.stacks.yaml; docs/stacks.md), in dependency order')
      .option('--stack <name>', 'with --stacks: only this stack (a glob; repeatable) and the stacks it reads', collect, [])
      .option('--refresh <bool>', 'read every managed resource before planning', parseBoolean, true)
      .option(
        '--replace <address>',
        'replace this resource even if nothing changed (repeatable; web: every instance, web[0]: one)',
        collect,
        [],
      )
      .option(
        '--target <address>',
        'limit to this resource (or data.NAME; web: every instance, web[0] or web["eu"]: one; or a pattern: web[*], disk_*, cluster.*) and what it depends on (repeatable)',
        collect,
        [],
      )
      .option(
        '--exclude <address>',
        'leave out this resource or pattern and what depends on it (in a destroy: what it depends on); the plan lists them (repeatable)',
        collect,
        [],
      )
      .option('--parallelism <n>', 'operations in flight at once', parsePositiveInteger, 10)
      .option('--lock-timeout <duration>', 'wait this long for the state lock (e.g. 30s)', parseSeconds, 0)
      .option('--allow-over-budget', "go past the manifest's budget: (or a saved plan's risen prices); written to the journal", false);

  planning(
    cli
      .command('plan')
      .description('show what apply would do, and save the plan')
      .argument('[manifest]', 'manifest YAML file')
      .option('--out <path>', 'where to save the plan (default .cloudctl/last-plan.json)')
      .option('--destroy', 'plan the destruction of everything in state', false)
      .option('--refresh-only', 'plan only recording in state what changed outside cloudctl', false)
      .option('--json', 'print the plan document as JSON (schemas/plan.schema.json) and nothing else', false)
      .addOption(planFormatOption())
      .option('--html <file>', 'also write the plan as one self-contained HTML page (graph, reasons, prices, budget)')
      .option(
        '--generate-config-out <file>',
        'write the manifest YAML of import: blocks whose address has no resource block (never overwrites)',
      )
      .option('--detailed-exitcode', 'exit 0 with no changes, 2 with changes, 1 on error', false),
  ).action(
    run((file: string | undefined, options, command: Command) =>
      options.stacks !== undefined
        ? stacksPlanCommand(ws(options), stacksFile(file, options), { ...options, lockTimeoutSeconds: options.lockTimeout })
        : planCommand(ws(options), required(file, 'manifest', command), { ...options, lockTimeoutSeconds: options.lockTimeout }),
    ),
  );

  planning(
    cli
      .command('apply')
      .description('apply a manifest (after confirmation), or exactly a saved plan')
      .argument(
        '[manifest-or-plan]',
        'manifest YAML, or a saved plan (any file `plan --out` wrote, or a .json one); default: the last saved plan',
      )
      .option('--refresh-only', 'only record in state what changed outside cloudctl', false)
      .option('--auto-approve', 'do not ask for confirmation', false)
      .option(
        '--auto-approve-by-rules',
        'with --stacks: apply the stacks whose plans every approve: rule approves, stop on the rest',
        false,
      ),
  ).action(
    run((target: string | undefined, options) =>
      options.stacks !== undefined
        ? stacksApplyCommand(ws(options), stacksFile(target, options), { ...options, lockTimeoutSeconds: options.lockTimeout })
        : applyCommand(ws(options), target, { ...options, lockTimeoutSeconds: options.lockTimeout, destroy: false }),
    ),
  );

  planning(
    cli
      .command('destroy')
      .description('destroy every resource the state holds for this manifest')
      .argument('[manifest]', 'manifest YAML file')
      .option('--auto-approve', 'do not ask for confirmation', false),
  ).action(
    run((file: string | undefined, options, command: Command) =>
      options.stacks !== undefined
        ? stacksDestroyCommand(ws(options), stacksFile(file, options), { ...options, lockTimeoutSeconds: options.lockTimeout })
        : applyCommand(ws(options), required(file, 'manifest', command), {
            ...options,
            lockTimeoutSeconds: options.lockTimeout,
            destroy: true,
          }),
    ),
  );

  variables(cli.command('refresh'))
    .description('record in state what changed outside cloudctl (no infrastructure change)')
    .argument('<manifest>', 'manifest YAML file')
    .option('--target <address>', 'refresh only this resource or pattern and what it depends on (repeatable)', collect, [])
    .option('--exclude <address>', 'do not refresh this resource or pattern, nor what depends on it (repeatable)', collect, [])
    .option('--parallelism <n>', 'reads in flight at once', parsePositiveInteger, 10)
    .option('--lock-timeout <duration>', 'wait this long for the state lock (e.g. 30s)', parseSeconds, 0)
    .action(run((file: string, options) => refreshCommand(ws(options), file, { ...options, lockTimeoutSeconds: options.lockTimeout })));

  variables(cli.command('watch'))
    .description('keep watching: find drift, pending changes and unmanaged accounts every interval (JSON lines on stdout; docs/watch.md)')
    .argument('[manifest]', 'manifest YAML file')
    .option('--stacks [file]', 'watch every stack of a stacks file, shared with the other replicas on PostgreSQL (docs/stacks.md)')
    .option('--replica <name>', "with --stacks: this replica's name in events and metrics (default HOST-PID)")
    .addOption(new Option('--interval <duration>', 'time between cycles (e.g. 5m, 30s)').argParser(parseSeconds).default(300, '5m'))
    .option('--max-requests-per-minute <n>', 'never send more API requests than this in any minute (at least 2)', parsePositiveInteger)
    .option('--once', 'run one cycle and exit: 0 nothing found, 2 drift or changes found, 1 error', false)
    .addOption(
      new Option('--repair <mode>', 'none: report only; free: apply the changes that order nothing and destroy nothing')
        .choices(['none', 'free'])
        .default('none'),
    )
    .option('--notify <url>', 'POST each new finding to this URL (JSON, secrets masked)')
    .option('--metrics-listen <address>', 'serve Prometheus metrics at /metrics on HOST:PORT or :PORT')
    .option('--parallelism <n>', 'operations in flight at once', parsePositiveInteger, 10)
    .action(
      run((file: string | undefined, options, command: Command) =>
        options.stacks !== undefined
          ? stacksWatchCommand(ws(options), stacksFile(file, options), options)
          : watchCommand(ws(options), required(file, 'manifest', command), options),
      ),
    );

  variables(cli.command('cost'))
    .description('what the managed resources cost now, per resource and in total (state after a refresh)')
    .argument('[manifest]', 'the manifest (for its provider block)')
    .option('--refresh <bool>', 'read every managed resource first', parseBoolean, true)
    .option('--parallelism <n>', 'reads in flight at once', parsePositiveInteger, 10)
    .option('--lock-timeout <duration>', 'wait this long for the state lock (e.g. 30s)', parseSeconds, 0)
    .option('--json', 'print the figures as JSON', false)
    .action(
      run((file: string | undefined, options) => costCommand(ws(options), file, { ...options, lockTimeoutSeconds: options.lockTimeout })),
    );

  cli
    .command('show')
    .description('show a saved plan (default: the last one)')
    .argument('[plan]', 'plan file (default .cloudctl/last-plan.json)')
    .option('--json', 'print the plan document as JSON (schemas/plan.schema.json)', false)
    .addOption(planFormatOption())
    .option('--html <file>', 'write the plan as one self-contained HTML page instead (graph, reasons, prices, budget)')
    .action(run((file: string | undefined, options) => showCommand(ws(), file, options)));

  variables(cli.command('graph'))
    .description('print the dependency graph of a manifest in Graphviz DOT (or SVG)')
    .argument('<manifest>', 'manifest YAML file')
    .option('--format <format>', 'dot or svg', 'dot')
    .action(run((file: string, options) => graphCommand(ws(options), file, options)));

  cli
    .command('import')
    .description(
      'adopt an existing resource into state and print its manifest YAML; or, with --all, write the manifest adopting every account (read-only)',
    )
    .argument(
      '[type-or-address]',
      'a type (lite_vm, cloud_lite_vm, cloud:index:LiteVm) with --name, or TYPE.NAME (TYPE.NAME[0] for an instance)',
    )
    .argument('[id]', 'import id (e.g. the numeric account id)')
    .option('--name <name>', 'the resource name in the manifest')
    .option('--lock-timeout <duration>', 'wait this long for the state lock', parseSeconds, 0)
    .option('--all', 'list every account the state does not manage and write a manifest adopting them (no order, no state write)', false)
    .option('--generate-config-out <file>', 'with --all: the manifest file to write (never overwritten)')
    .option('--type <type>', 'with --all: list only this resource type (repeatable)', collect, [])
    .option('--include-pending', 'with --all: adopt accounts awaiting payment too (default: report them only)', false)
    .option('--exclude-state <path>', 'with --all: leave out the accounts this other state file manages (repeatable)', collect, [])
    .action(
      run((target: string | undefined, id: string | undefined, options) =>
        importCommand(ws(), target, id, { ...options, lockTimeoutSeconds: options.lockTimeout }),
      ),
    );

  cli
    .command('test')
    .description('run *.test.yaml files: each manifest test against a fresh simulator (docs/testing.md)')
    .argument('[files...]', 'test files (default: *.test.yaml here and in tests/)')
    .option('--json', 'print the results as JSON', false)
    .option('--junit <file>', 'also write the results as JUnit XML')
    .option('--against <url>', 'run against this API base URL (token: CLOUDCTL_API_KEY) instead of the simulator')
    .option('--keep-state <dir>', "with --against: keep each file's state under DIR instead of destroying what the run created")
    .action(run((files: string[], options) => testCommand(ws(), files, options)));

  variables(cli.command('validate'))
    .description('check a manifest without calling the API')
    .argument('<manifest>', 'manifest YAML file')
    .action(run((file: string, options) => validateCommand(ws(options), file)));

  const state = cli.command('state').description('inspect and edit the state');
  state
    .command('list')
    .description('list managed addresses')
    .action(run(() => stateList(ws())));
  state
    .command('show')
    .description('show one resource (secrets as (sensitive))')
    .argument('<address>')
    .action(run((address: string) => stateShow(ws(), address)));
  state
    .command('rm')
    .description('forget resources without deleting them')
    .argument('<addresses...>')
    .option('--lock-timeout <duration>', 'wait this long for the state lock', parseSeconds, 0)
    .action(run((addresses: string[], options) => stateRemove(ws(), addresses, options.lockTimeout)));
  state
    .command('mv')
    .description(
      'rename an address without destroying anything; a lite VM migrated to lite pro moves to a cloud_lite_pro_vm address (found by listing, never ordered)',
    )
    .argument('<from>')
    .argument('<to>')
    .argument('[manifest]', "checks that TO's block is of the right type")
    .option('--lock-timeout <duration>', 'wait this long for the state lock', parseSeconds, 0)
    .action(
      run((from: string, to: string, manifest: string | undefined, options) => stateMove(ws(), from, to, options.lockTimeout, manifest)),
    );
  state
    .command('repair')
    .description('drop damaged lines of the change log and journal (originals kept as .damaged)')
    .option('--lock-timeout <duration>', 'wait this long for the state lock', parseSeconds, 0)
    .action(run((options) => stateRepair(ws(), options.lockTimeout)));

  state
    .command('migrate')
    .description("move this workspace's state, journal and outputs to another backend, verified")
    .requiredOption('--to <url>', 'postgres://... or local')
    .option('--lock-timeout <duration>', 'wait this long for each lock', parseSeconds, 0)
    .action(run((options) => stateMigrate(ws(), options.to, options.lockTimeout)));

  const workspaces = cli.command('workspace').description('several states for one manifest (staging, production, ...)');
  workspaces
    .command('list')
    .description('list workspaces, the current one starred')
    .action(run(() => workspaceList(ws())));
  workspaces
    .command('show')
    .description('print the current workspace')
    .action(run(() => workspaceShow(ws())));
  workspaces
    .command('new')
    .description('create a workspace and switch to it')
    .argument('<name>')
    .action(run((name: string) => workspaceNew(ws(), name)));
  workspaces
    .command('select')
    .description('switch to a workspace')
    .argument('<name>')
    .action(run((name: string) => workspaceSelect(ws(), name)));
  workspaces
    .command('delete')
    .description('delete a workspace that manages nothing')
    .argument('<name>')
    .action(run((name: string) => workspaceDelete(ws(), name)));

  cli
    .command('force-unlock')
    .description('remove the state lock a run left behind (its id is in the "state is locked" error)')
    .argument('<lock-id>', 'the lock id to remove')
    .option('--force', 'remove it even when its holder still runs on this host', false)
    .action(run((id: string, options) => forceUnlockCommand(ws(), id, options)));

  cli
    .command('output')
    .description('show outputs saved by the last apply (sensitive ones masked unless --json or --raw)')
    .argument('[name]')
    .option('--json', 'JSON output with the real values, sensitive ones too (each with its sensitive flag)', false)
    .option('--raw', "print NAME's value as is, sensitive too, with no newline (a string, number or boolean)", false)
    .action(run((name: string | undefined, options) => outputCommand(ws(), name, options)));

  cli
    .command('simulator')
    .description('run the cloud simulator (the API of docs/api/) on loopback')
    .option('--port <n>', 'port (0 picks a free one)', '4010')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--token <token>', 'require this x-token (also CLOUDCTL_SIM_TOKEN)')
    .option('--data <file>', 'keep the simulated cloud in this file')
    .option('--provision-seconds <duration>', 'time from order to Active (default 12s)')
    .option('--seed <n>', 'seed for ids, faults and reply variations')
    .option(
      '--profile <profile>',
      'strict (friendly replies, the default) or variant (replies vary within the contract, seeded; also CLOUDCTL_SIM_PROFILE)',
    )
    .action(run((options) => simulatorCommand(io, options)));

  cli
    .command('doctor')
    .description('read-only check of the configured API and token: lists every group and reports reply fields cloudctl cannot rely on')
    .action(run(() => doctorCommand(ws())));

  cli
    .command('schema')
    .description('print the manifest JSON Schema (for editors)')
    .action(run(() => schemaCommand(io)));

  addCompletionCommands(cli, () => ws());
  cli.addOption(new Option('--debug', 'print stack traces').hideHelp());
  usageAfterErrors(cli);
  return cli;
}

/**
 * Runs the CLI on `argv` (`[node, script, ...arguments]`) with `io` and
 * resolves with the exit code, printing errors as the binary does (bad
 * input: `file:line:col: message` diagnostics; anything else: `Error:
 * message`, with the stack only under `--debug`). Never exits the process
 * and keeps nothing between runs, so tests run the binary's code path in
 * process, several at once if they like.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const cli = program(io, (code) => (exitCode = code));
  try {
    await cli.parseAsync(normaliseArguments(argv));
  } catch (error) {
    exitCode = 1;
    if (error instanceof CommanderError) {
      exitCode = error.exitCode; // commander printed its message (or the help / version) already
    } else if (error instanceof DiagnosticError) {
      for (const line of renderDiagnosticReport(error.diagnostics, undefined, error.stopped)) io.stderr.write(`${line}\n`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(`Error: ${message}\n`);
      if (cli.opts().debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    }
  }
  return exitCode;
}

/**
 * The binary's wiring of Ctrl-C ({@link CliIo.interrupts}): SIGINT (and
 * SIGTERM with `terminate`) calls `handlers.first` the first time, then
 * `handlers.again` and exits with code 130.
 */
function processInterrupts(handlers: InterruptHandlers, options: { terminate?: boolean } = {}): () => void {
  let received = 0;
  const listener = () => {
    received += 1;
    if (received === 1) {
      handlers.first();
      return;
    }
    handlers.again();
    process.exit(130);
  };
  const signals: NodeJS.Signals[] = options.terminate ? ['SIGINT', 'SIGTERM'] : ['SIGINT'];
  for (const signal of signals) process.on(signal, listener);
  return () => {
    for (const signal of signals) process.off(signal, listener);
  };
}

/** The I/O of the process: its working directory, environment, standard streams and signals. */
export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    get stdin() {
      return process.stdin; // read only when asked for: opening stdin for nothing could keep the process alive
    },
    stdout: process.stdout,
    stderr: process.stderr,
    interrupts: processInterrupts,
  };
}

/**
 * Resolves once what was written to `stream` so far is handed to the
 * system (a pipe's writes are asynchronous: a reader slower than the CLI
 * leaves them queued in the process), or the stream failed.
 */
function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    stream.write('', () => resolve());
  });
}

/** Runs the CLI with the process's I/O and exits. */
export async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv, processIo());
  process.exitCode = code;
  // The exit below must not cut the output short: a plan of 100,000 creates is megabytes through a pipe.
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  // Everything is closed by now; should a stray keep-alive handle remain, do not hang.
  setTimeout(() => process.exit(code), 200).unref();
}

/** True when this module is the program being run (not imported, e.g. by a test). */
function isEntryPoint(): boolean {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) await main(process.argv);
