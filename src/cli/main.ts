#!/usr/bin/env node
/**
 * The `cloudctl` program (commander). Every command resolves with an exit
 * code; bad input prints `file:line:col: message` diagnostics and exits 1
 * without touching state or the API.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { DiagnosticError } from '../core/types.js';
import type { CliIo, InterruptHandlers } from './io.js';
import { colorWanted } from './views/style.js';
import { workspace, type GlobalOptions, type Workspace } from './workspace.js';
import { renderDiagnosticReport } from './views/diagnostics.js';
import { usageAfterErrors } from './usage.js';
import { addCommands, type CommandContext, type CommandDefinition, type VariableFlags } from './definitions/define.js';
// Each command declares itself in src/cli/definitions/NAME.ts; its action loads the command's module on first call,
// so `--version` and `--help` load commander and the definitions, nothing else.
import { plan } from './definitions/plan.js';
import { apply, destroy } from './definitions/apply.js';
import { refresh } from './definitions/refresh.js';
import { watch } from './definitions/watch.js';
import { cost } from './definitions/cost.js';
import { show } from './definitions/show.js';
import { graph } from './definitions/graph.js';
import { importDefinition } from './definitions/import.js';
import { test } from './definitions/test.js';
import { validate } from './definitions/validate.js';
import { output, state } from './definitions/state.js';
import { workspace as workspaceCommands } from './definitions/workspace.js';
import { forceUnlock } from './definitions/force-unlock.js';
import { simulator } from './definitions/simulator.js';
import { doctor } from './definitions/doctor.js';
import { schema } from './definitions/schema.js';
import { complete, completion } from './definitions/completion.js';
import { lsp } from './definitions/lsp.js';
import { fmt } from './definitions/fmt.js';

/**
 * Every command of the program, in the order `cloudctl --help` and the man
 * page list them. A new command: its definition in
 * src/cli/definitions/NAME.ts, one line here (CONTRIBUTING.md).
 */
export const COMMANDS: readonly CommandDefinition[] = [
  plan,
  apply,
  destroy,
  refresh,
  watch,
  cost,
  show,
  graph,
  importDefinition,
  test,
  validate,
  fmt,
  state,
  workspaceCommands,
  forceUnlock,
  output,
  simulator,
  doctor,
  schema,
  lsp,
  completion,
  complete,
];

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

/** The program's own options and output settings: help and errors to `io`'s streams, as wide as its terminal. */
function rootCommand(io: CliIo): Command {
  return new Command('cloudctl')
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
}

/**
 * Builds the program for one run with `io`: the root command with the
 * commands of {@link COMMANDS}; commander's help and errors go to `io`'s
 * streams, and each command's exit code to `onExitCode`.
 */
export function program(io: CliIo, onExitCode: (code: number) => void = () => undefined): Command {
  const cli = rootCommand(io);
  /** The workspace of the run; `flags`: the command's, whose `--var` / `--var-file` give variable values. */
  const ws = (flags?: VariableFlags): Workspace => ({
    ...workspace(cli.opts<GlobalOptions>(), io),
    ...(flags ? { variables: { assignments: flags.var ?? [], files: flags.varFile ?? [] } } : {}),
  });
  const context = (command: Command): CommandContext => ({ io, command, workspace: ws });
  addCommands(cli, COMMANDS, context, onExitCode);
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
