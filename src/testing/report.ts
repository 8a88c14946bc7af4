/**
 * How test results are told: a line per step with its time (as steps end),
 * each failure at `file:line:col`, a summary line; the `--json` document;
 * and JUnit XML for CI (a test suite per file, a test case per step, a
 * `<failure>` per failed step; the file's own failures as a test case
 * `(file checks)`), written by a small writer that escapes every text.
 */
import type { SourceLocation } from '../core/types.js';
import type { FileResult, StepResult } from './runner.js';

function where(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** The line of one finished step, and one indented line per failure: `  ok  orders one VM (apply, 0.41 s)`. */
export function stepLines(file: string, step: StepResult): string[] {
  const mark = step.failures.length === 0 ? 'ok  ' : 'FAIL';
  const lines = [`${mark} ${file}: ${step.name} (${step.command}, ${step.status}, ${step.seconds.toFixed(2)} s)`];
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
        seconds: Number(step.seconds.toFixed(3)),
        failures: step.failures.map(failure),
      })),
    })),
  };
}

/** `text` escaped for XML (attribute values and text), characters XML 1.0 cannot hold dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** The run as JUnit XML (`<testsuites>`, a `<testsuite>` per file, a `<testcase>` per step). */
export function junitReport(results: FileResult[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const totalTests = results.reduce((sum, result) => sum + result.steps.length + (result.failures.length > 0 ? 1 : 0), 0);
  const totalFailures = results.reduce(
    (sum, result) => sum + result.steps.filter((step) => step.failures.length > 0).length + (result.failures.length > 0 ? 1 : 0),
    0,
  );
  lines.push(`<testsuites name="cloudctl test" tests="${totalTests}" failures="${totalFailures}" errors="0">`);
  for (const result of results) {
    const cases: Array<{ name: string; seconds: number; failures: FileResult['failures'] }> = result.steps.map((step) => ({
      name: `${step.name} (${step.command})`,
      seconds: step.seconds,
      failures: step.failures,
    }));
    if (result.failures.length > 0) cases.push({ name: '(file checks)', seconds: 0, failures: result.failures });
    const failures = cases.filter((entry) => entry.failures.length > 0).length;
    lines.push(
      `  <testsuite name="${escapeXml(result.file)}" tests="${cases.length}" failures="${failures}" errors="0" time="${result.seconds.toFixed(3)}">`,
    );
    for (const entry of cases) {
      const head = `    <testcase classname="${escapeXml(result.file)}" name="${escapeXml(entry.name)}" time="${entry.seconds.toFixed(3)}"`;
      if (entry.failures.length === 0) {
        lines.push(`${head}/>`);
        continue;
      }
      const text = entry.failures.map((failure) => `${where(failure.location)}: ${failure.message}`).join('\n');
      lines.push(
        `${head}>`,
        `      <failure message="${escapeXml(entry.failures[0]!.message)}">${escapeXml(text)}</failure>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
