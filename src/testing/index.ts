/**
 * `cloudctl test`'s library (docs/testing.md): finds the test files, reads
 * each (test-file.ts), runs it (runner.ts) and tells the results
 * (report.ts). The CLI command (src/cli/commands/test.ts) only prints what
 * this returns.
 */
import { readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { DiagnosticError } from '../core/types.js';
import { runTestFile, type FileResult, type RunTestFileOptions, type StepResult } from './runner.js';
import { readTestFile, type TestFile } from './test-file.js';

export type { FileResult, StepResult, RunTestFileOptions } from './runner.js';
export type { TestFailure } from './checks.js';
export { fileLines, jsonReport, junitReport, stepLines, summaryLine } from './report.js';

/** `*.test.yaml` files of `folder` (not recursive), sorted; none when it does not exist. */
async function testFilesIn(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.yaml'))
      .map((entry) => join(folder, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The test files to run when none is named: `*.test.yaml` in `directory`
 * (beside the manifests) and in `directory/tests/`, as paths relative to
 * `directory`.
 */
export async function findTestFiles(directory: string): Promise<string[]> {
  const found = [...(await testFilesIn(directory)), ...(await testFilesIn(join(directory, 'tests')))];
  return found.map((file) => relative(directory, file));
}

/** Options of {@link runTests}. */
export interface RunTestsOptions extends Omit<RunTestFileOptions, 'onStep'> {
  /** Where relative file names are read from (default `process.cwd()`). */
  directory?: string;
  /** Called as each step ends. */
  onStep?: (file: string, step: StepResult) => void;
  /** Called as each file ends. */
  onFile?: (result: FileResult) => void;
  /** Aborted (Ctrl-C): the step running finishes, no other step or file starts. */
  signal?: AbortSignal;
}

/**
 * Reads every file of `files` first (a bad one stops everything before any
 * run: DiagnosticError with every problem at `file:line:col`), then runs
 * them one after another; resolves with their results.
 * Errors: DiagnosticError (bad test files; `--against` with a fault, drift or
 * payment); an Error when a file cannot be read.
 */
export async function runTests(files: string[], options: RunTestsOptions = {}): Promise<FileResult[]> {
  const directory = options.directory ?? process.cwd();
  const read: TestFile[] = [];
  const problems: DiagnosticError[] = [];
  for (const file of files) {
    try {
      read.push(await readTestFile(resolve(directory, file), file));
    } catch (error) {
      if (error instanceof DiagnosticError) problems.push(error);
      else throw error;
    }
  }
  if (problems.length > 0) throw new DiagnosticError(problems.flatMap((problem) => problem.diagnostics));
  const results: FileResult[] = [];
  for (const file of read) {
    const result = await runTestFile(file, {
      ...(options.against !== undefined ? { against: options.against } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      onStep: (test, step) => options.onStep?.(test.shown, step),
    });
    results.push(result);
    options.onFile?.(result);
  }
  return results;
}
