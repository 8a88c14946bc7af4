/**
 * The text `cloudctl --version` and `cloudctl --help` print, as commander
 * prints it (the program of src/cli/main.ts run in process), for the
 * binary's fast entry (src/cli/entry.ts): the build passes it in
 * (scripts/lib/bundle.ts) and test/integration/startup.test.ts compares the
 * built binary's answers with it.
 */
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.js';

/** What the fast entry answers with (see `FastOutput` in src/cli/entry.ts). */
export interface FastOutput {
  version: string;
  help80: string;
  helpWide: string;
  wideFrom: number;
}

/**
 * What `cloudctl ARGS` prints on stdout, run in process by commander, with
 * stdout a terminal of `columns` columns (`undefined`: not a terminal).
 * Errors: throws when the run exits non-zero or writes to stderr.
 */
export async function commanderOutput(args: string[], columns?: number): Promise<string> {
  const { runCli } = await import('../../src/cli/main.js');
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd: process.cwd(),
    env: {},
    stdin: Readable.from([]),
    stdout: { write: (text: string) => ((stdout += text), true), isTTY: columns !== undefined, columns } as unknown as CliIo['stdout'],
    stderr: { write: (text: string) => ((stderr += text), true), isTTY: false } as unknown as CliIo['stderr'],
  };
  const code = await runCli(['node', 'cloudctl', ...args], io);
  if (code !== 0 || stderr !== '') throw new Error(`cloudctl ${args.join(' ')} exited with ${code}: ${stderr}`);
  return stdout;
}

/**
 * The fast entry's text: the version line, the help for 80 columns, and
 * the help for wide terminals with the narrowest width from which it no
 * longer changes (found by asking commander at each width from 81 up).
 */
export async function fastOutput(): Promise<FastOutput> {
  const version = await commanderOutput(['--version']);
  const help80 = await commanderOutput(['--help']);
  const helpWide = await commanderOutput(['--help'], 10_000);
  let wideFrom = 81;
  while (wideFrom < 10_000 && (await commanderOutput(['--help'], wideFrom)) !== helpWide) wideFrom++;
  return { version, help80, helpWide, wideFrom };
}
