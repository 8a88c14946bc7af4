/**
 * `cloudctl test [PATH...]`: runs `*.test.yaml` files (docs/testing.md), each
 * named, or each of a named folder (default: here and in tests/),
 * each against a fresh simulator of its own in a temporary workspace (or,
 * with `--against URL`, against that API), and prints a line per step with
 * its time and each failure at `file:line:col` of the test file; `--json`
 * prints the results as one document instead, `--junit FILE` also writes
 * them as JUnit XML. With `--against`, every account the run ordered is
 * listed at the end with what became of it (destroyed at the end unless
 * `--keep-state DIR`, which keeps each file's state there). Exit code 0 when every test passed, 1 otherwise (also
 * after a Ctrl-C, which lets the step running finish and starts no other). The
 * runner is src/testing; this only prints what it returns.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  expandTestPaths,
  findTestFiles,
  fileLines,
  jsonReport,
  junitReport,
  runTests,
  stepLines,
  summaryLine,
} from '../../testing/index.js';
import { onInterrupt } from '../io.js';
import type { Workspace } from '../workspace.js';

/** Options of `test`. */
export interface TestCommandOptions {
  /** Print the results as JSON (no line per step). */
  json?: boolean;
  /** Also write JUnit XML to this file. */
  junit?: string;
  /** Run against this API base URL (token: CLOUDCTL_API_KEY) instead of the simulator. */
  against?: string;
  /** With `against`: keep each file's workspace (its state) in a folder under this one instead of destroying what the run created. */
  keepState?: string;
}

/**
 * Runs `test`; resolves with 0 when every test passed, 1 otherwise (also
 * when no test file was found). Errors: DiagnosticError for a bad test file
 * (every problem at `file:line:col`, nothing run) or `--against` with a
 * fault, drift or payment; an Error for a file that cannot be read.
 */
export async function testCommand(ws: Workspace, files: string[], options: TestCommandOptions): Promise<number> {
  const out = (line: string) => ws.io.stdout.write(`${line}\n`);
  const chosen = files.length > 0 ? await expandTestPaths(files, ws.io.cwd) : await findTestFiles(ws.io.cwd);
  if (chosen.length === 0) {
    ws.io.stderr.write('cloudctl: no test files: none given, and no *.test.yaml here or in tests/\n');
    return 1;
  }
  if (options.keepState !== undefined && options.against === undefined) {
    ws.io.stderr.write('cloudctl: --keep-state needs --against URL (a simulator of a test ends with its file); nothing was run\n');
    return 1;
  }
  const token = ws.io.env.CLOUDCTL_API_KEY || undefined;
  // The first Ctrl-C lets the step running finish and starts no other; a second one exits at once.
  const interrupted = new AbortController();
  const dispose = onInterrupt(ws.io, () => interrupted.abort());
  let results;
  try {
    results = await runTests(chosen, {
      signal: interrupted.signal,
      directory: ws.io.cwd,
      env: ws.io.env,
      ...(options.against !== undefined ? { against: options.against, ...(token ? { token } : {}) } : {}),
      ...(options.keepState !== undefined ? { keepState: options.keepState } : {}),
      ...(options.json
        ? {}
        : {
            onStep: (file, step) => stepLines(file, step).forEach(out),
            onFile: (result) => fileLines(result).forEach(out),
          }),
    });
  } finally {
    dispose();
  }
  if (options.junit !== undefined) await writeFile(resolve(ws.io.cwd, options.junit), await junitReport(results));
  if (interrupted.signal.aborted) ws.io.stderr.write('cloudctl: interrupted: the step running finished, and no other started\n');
  if (options.json) out(JSON.stringify(jsonReport(results), null, 2));
  else out(summaryLine(results));
  return !interrupted.signal.aborted && results.every((result) => result.passed) ? 0 : 1;
}
