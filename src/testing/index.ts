/**
 * `cloudctl test`'s library (docs/testing.md): finds the test files, reads
 * each (test-file.ts), runs it (runner.ts) and tells the results
 * (report.ts). The CLI command (src/cli/commands/test.ts) only prints what
 * this returns.
 */
import { access, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { DiagnosticError } from '../core/types.js';
import { refusalsOnRealApi, runTestFile, type FileResult, type RunTestFileOptions, type StepResult } from './runner.js';
import { readTestFile, type TestFile } from './test-file.js';

export type { FileResult, StepResult, RunTestFileOptions } from './runner.js';
export type { TestFailure } from './checks.js';
export type { OrderedAccount } from './real-api.js';
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

/**
 * The test files `paths` name (relative to `directory`, or absolute), in
 * order: a file as given; a folder, its `*.test.yaml` files (not its
 * sub-folders), sorted, as `FOLDER/NAME.test.yaml`. A path that does not
 * exist is kept (reading it says so). A file named twice is run once.
 * @throws Error for a folder holding no `*.test.yaml` file.
 */
export async function expandTestPaths(paths: readonly string[], directory: string): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const found = await stat(resolve(directory, path)).catch(() => undefined);
    if (!found?.isDirectory()) {
      files.push(path);
      continue;
    }
    const inFolder = await testFilesIn(resolve(directory, path));
    if (inFolder.length === 0) throw new Error(`${path} is a folder holding no *.test.yaml file: name test files, or a folder of them`);
    files.push(...inFolder.map((file) => join(path, basename(file))));
  }
  return [...new Set(files)];
}

/** Options of {@link runTests}. */
export interface RunTestsOptions extends Omit<RunTestFileOptions, 'onStep' | 'keepState'> {
  /**
   * With `against`: keep each file's workspace in a folder of its own under
   * this one (named after the file) instead of destroying what the run
   * created; each folder must not hold a state yet.
   */
  keepState?: string;
  /** Where relative file names are read from (default `process.cwd()`). */
  directory?: string;
  /** Called as each step ends. */
  onStep?: (file: string, step: StepResult) => void;
  /** Called as each file ends. */
  onFile?: (result: FileResult) => void;
  /** Aborted (Ctrl-C): the step running finishes, no other step or file starts. */
  signal?: AbortSignal;
}

/** The folders under `keepState` the files' workspaces are kept in: `NAME` of `NAME.test.yaml`, `NAME-2` for a second file of that name. */
function keptFolders(keepState: string, files: TestFile[]): string[] {
  const used = new Map<string, number>();
  return files.map((file) => {
    const name = basename(file.path).replace(/\.test\.yaml$/, '');
    const count = (used.get(name) ?? 0) + 1;
    used.set(name, count);
    return join(keepState, count === 1 ? name : `${name}-${count}`);
  });
}

/** True when `path` exists. */
async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Reads every file of `files` first, and with `against` checks every
 * file's refusals (faults, crashes, drift, invoice payments need the
 * simulator) and that no folder `keepState` would use holds a state yet:
 * any problem stops everything before the first request of the first file
 * (DiagnosticError with every problem at `file:line:col`). Then runs them
 * one after another; resolves with their results.
 * Errors: DiagnosticError (bad test files; `--against` with a fault, drift or
 * payment); an Error when a file cannot be read, or a `--keep-state` folder
 * already holds a state.
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
  if (options.against !== undefined) {
    const refused = read.flatMap((file) => refusalsOnRealApi(file));
    if (refused.length > 0) throw new DiagnosticError(refused);
  }
  const kept =
    options.against !== undefined && options.keepState !== undefined ? keptFolders(resolve(directory, options.keepState), read) : [];
  for (const folder of kept)
    if (await exists(join(folder, '.cloudctl', 'state.json')))
      throw new Error(`--keep-state: ${folder} already holds a state (.cloudctl/state.json); give a new folder, nothing was run`);
  const results: FileResult[] = [];
  for (const [index, file] of read.entries()) {
    const result = await runTestFile(file, {
      ...(options.against !== undefined ? { against: options.against } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(kept[index] !== undefined ? { keepState: kept[index] } : {}),
      onStep: (test, step) => options.onStep?.(test.shown, step),
    });
    results.push(result);
    options.onFile?.(result);
  }
  return results;
}
