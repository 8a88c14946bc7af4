/**
 * How test results are told: a line per step with its time (as steps end),
 * each failure at `file:line:col`, a summary line; the `--json` document;
 * and JUnit XML for CI (junit-report-builder).
 */
import type { Builder } from 'junit-report-builder';
import type { SourceLocation } from '../core/types.js';
import { accountLine } from './real-api.js';
import type { FileResult, StepResult } from './runner.js';

function where(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** The line of one finished step, and one indented line per failure: `  ok  orders one VM (apply, 0.41 s)`. */
export function stepLines(file: string, step: StepResult): string[] {
  const mark = step.failures.length === 0 ? 'ok  ' : 'FAIL';
  const lines = [`${mark} ${file}: ${step.name} (${step.command}, ${step.status}, ${step.seconds.toFixed(2)} s)`];
  if (step.message !== undefined && (step.status === 'failed' || step.status === 'incomplete'))
    lines.push(`       (${step.status}: ${step.message})`);
  for (const failure of step.failures) lines.push(`       ${where(failure.location)}: ${failure.message}`);
  return lines;
}

/**
 * The lines after every step of a file: against a real API, every account
 * the run ordered and what became of it, and where its state was kept; its
 * own failures and its verdict.
 */
export function fileLines(result: FileResult): string[] {
  const lines: string[] = [];
  if (result.accounts !== undefined) {
    lines.push(
      `     ${result.file}: ${plural(result.accounts.length, 'account')} ordered on the real API${result.accounts.length > 0 ? ':' : ''}`,
    );
    for (const account of result.accounts) lines.push(`       ${accountLine(account)}`);
  }
  if (result.keptState !== undefined)
    lines.push(
      `     ${result.file}: the run's state is kept in ${result.keptState} (.cloudctl/state.json; cloudctl destroy there removes what it holds)`,
    );
  lines.push(...result.failures.map((failure) => `FAIL ${where(failure.location)}: ${failure.message}`));
  lines.push(`${result.passed ? 'PASS' : 'FAIL'} ${result.file} (${result.steps.length} steps, ${result.seconds.toFixed(2)} s)`);
  return lines;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The summary line of a run: `2 test files, 9 steps: all passed in 1.62 s`
 * or `..., 1 failed`; against a real API, then what was ordered and what
 * became of it (`; 2 accounts ordered: 2 destroyed`), or that nothing was.
 */
export function summaryLine(results: FileResult[]): string {
  const steps = results.reduce((sum, result) => sum + result.steps.length, 0);
  const failed = results.filter((result) => !result.passed).length;
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const line = `${plural(results.length, 'test file')}, ${steps} steps: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${seconds.toFixed(2)} s`;
  if (!results.some((result) => result.accounts !== undefined)) return line;
  const accounts = results.flatMap((result) => result.accounts ?? []);
  if (accounts.length === 0) return `${line}; no account ordered on the real API`;
  const counts = (['destroyed', 'kept', 'left'] as const)
    .map((outcome) => [outcome, accounts.filter((account) => account.outcome === outcome).length] as const)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${count} ${outcome === 'left' ? 'LEFT BEHIND' : outcome}`);
  return `${line}; ${plural(accounts.length, 'account')} ordered on the real API: ${counts.join(', ')}`;
}

/**
 * The `--json` document: `{ passed, files: [{ file, passed, seconds,
 * failures, steps: [{ name, command, status, seconds, failures }] }] }`,
 * each failure `{ message, file, line, column }`; against a real API each
 * file also has `accounts: [{ address, type, id, step, outcome, detail }]`
 * and, when its state was kept, `kept_state` (the folder).
 */
export function jsonReport(results: FileResult[]): unknown {
  const failure = (entry: { message: string; location: SourceLocation }) => ({ message: entry.message, ...entry.location });
  return {
    passed: results.every((result) => result.passed),
    files: results.map((result) => ({
      file: result.file,
      passed: result.passed,
      seconds: Number(result.seconds.toFixed(3)),
      failures: result.failures.map(failure),
      ...(result.accounts !== undefined ? { accounts: result.accounts } : {}),
      ...(result.keptState !== undefined ? { kept_state: result.keptState } : {}),
      steps: result.steps.map((step) => ({
        name: step.name,
        command: step.command,
        status: step.status,
        ...(step.message !== undefined ? { message: step.message } : {}),
        seconds: Number(step.seconds.toFixed(3)),
        failures: step.failures.map(failure),
      })),
    })),
  };
}

/**
 * The run as JUnit XML, built with junit-report-builder (loaded on first
 * use): a `<testsuite>` per file, a `<testcase>` per step (classname the
 * file, name the step and its command, time in seconds), a `<failure>` on a
 * failed one (message: its first failure; text: every failure at
 * `file:line:col`), and a test case `(file checks)` for the file's own
 * failures (an orphaned account, a file that could not run).
 */
export async function junitReport(results: FileResult[]): Promise<string> {
  // A CommonJS package whose module.exports is the builder (its types declare it as `export default`).
  const { default: junit } = (await import('junit-report-builder')) as unknown as { default: Builder };
  const builder = junit.newBuilder().name('cloudctl test');
  for (const result of results) {
    const suite = builder
      .testSuite()
      .name(result.file)
      .time(Number(result.seconds.toFixed(3)));
    const cases: Array<{ name: string; seconds: number; failures: FileResult['failures'] }> = result.steps.map((step) => ({
      name: `${step.name} (${step.command})`,
      seconds: step.seconds,
      failures: step.failures,
    }));
    if (result.failures.length > 0) cases.push({ name: '(file checks)', seconds: 0, failures: result.failures });
    for (const entry of cases) {
      const testCase = suite
        .testCase()
        .className(result.file)
        .name(entry.name)
        .time(Number(entry.seconds.toFixed(3)));
      if (entry.failures.length > 0)
        testCase
          .failure(entry.failures[0]!.message, 'expectation')
          .stacktrace(entry.failures.map((failure) => `${where(failure.location)}: ${failure.message}`).join('\n'));
    }
  }
  return `${builder.build()}\n`;
}
