/**
 * How test results are told: a line per step with its time (as steps end),
 * each failure at `file:line:col`, a summary line; the `--json` document;
 * and JUnit XML for CI (junit-report-builder).
 */
import type { Builder } from 'junit-report-builder';
import type { SourceLocation } from '../core/types.js';
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

/** The lines after every step of a file: its own failures and its verdict. */
export function fileLines(result: FileResult): string[] {
  const lines = result.failures.map((failure) => `FAIL ${where(failure.location)}: ${failure.message}`);
  lines.push(`${result.passed ? 'PASS' : 'FAIL'} ${result.file} (${result.steps.length} steps, ${result.seconds.toFixed(2)} s)`);
  return lines;
}

/** The summary line of a run: `2 test files, 9 steps: all passed in 1.62 s` or `..., 1 failed`. */
export function summaryLine(results: FileResult[]): string {
  const steps = results.reduce((sum, result) => sum + result.steps.length, 0);
  const failed = results.filter((result) => !result.passed).length;
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  return `${results.length} test file${results.length === 1 ? '' : 's'}, ${steps} steps: ${failed === 0 ? 'all passed' : `${failed} failed`} in ${seconds.toFixed(2)} s`;
}

/** The `--json` document: `{ passed, files: [{ file, passed, seconds, failures, steps: [{ name, command, status, seconds, failures }] }] }`, each failure `{ message, file, line, column }`. */
export function jsonReport(results: FileResult[]): unknown {
  const failure = (entry: { message: string; location: SourceLocation }) => ({ message: entry.message, ...entry.location });
  return {
    passed: results.every((result) => result.passed),
    files: results.map((result) => ({
      file: result.file,
      passed: result.passed,
      seconds: Number(result.seconds.toFixed(3)),
      failures: result.failures.map(failure),
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
