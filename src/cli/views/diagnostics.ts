/**
 * How bad input is reported: `file:line:col: message` diagnostics, at most
 * {@link DIAGNOSTICS_SHOWN} of them, each line at most
 * {@link DIAGNOSTIC_LINE_CHARACTERS} characters long, so that garbage input
 * cannot print megabytes.
 */
import { formatDiagnostic, MAX_DESCRIBED_ERRORS, type Diagnostic, type DiagnosticError } from '../../core/types.js';

/** Diagnostics printed for one run; the rest are counted. As many as loading a manifest describes. */
export const DIAGNOSTICS_SHOWN = MAX_DESCRIBED_ERRORS;
/** Characters of one printed diagnostic; the rest are counted. */
export const DIAGNOSTIC_LINE_CHARACTERS = 1000;

/** `3 errors` / `1 warning`. */
function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * The lines printed for a run stopped by bad input: the first
 * {@link DIAGNOSTICS_SHOWN} diagnostics in the order given (each cut to
 * {@link DIAGNOSTIC_LINE_CHARACTERS} characters), then
 * `... and 950 more errors (and 2 more warnings) not shown` when some were
 * left out, then `N errors; nothing was changed.` counting every error.
 * When checking stopped at the limit of errors described (`stopped`, from
 * `DiagnosticError.stopped`), the line before the count says so, with the
 * errors found but not described
 * (`... and 74,950 more errors not described: checking stops at 50 errors`),
 * and the count reads `at least N errors`, since the checks after the limit
 * did not run.
 */
export function renderDiagnosticReport(
  diagnostics: Diagnostic[],
  shown = DIAGNOSTICS_SHOWN,
  stopped?: DiagnosticError['stopped'],
): string[] {
  const lines = diagnostics.slice(0, shown).map((diagnostic) => {
    const line = formatDiagnostic(diagnostic);
    return line.length <= DIAGNOSTIC_LINE_CHARACTERS
      ? line
      : `${line.slice(0, DIAGNOSTIC_LINE_CHARACTERS)}... (${(line.length - DIAGNOSTIC_LINE_CHARACTERS).toLocaleString('en-US')} more characters)`;
  });
  const hidden = diagnostics.slice(shown);
  if (hidden.length > 0) {
    const errors = hidden.filter((diagnostic) => diagnostic.severity === 'error').length;
    const warnings = hidden.length - errors;
    const parts = [errors > 0 ? plural(errors, 'more error') : '', warnings > 0 ? plural(warnings, 'more warning') : ''].filter(Boolean);
    lines.push(`... and ${parts.join(' and ')} not shown`);
  }
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  if (!stopped) {
    lines.push(`${plural(errors, 'error')}; nothing was changed.`);
    return lines;
  }
  const limit = `checking stops at ${plural(MAX_DESCRIBED_ERRORS, 'error')}`;
  lines.push(
    stopped.notDescribed > 0
      ? `... and ${plural(stopped.notDescribed, 'more error').replace(/^\d+/, (count) => Number(count).toLocaleString('en-US'))} not described: ${limit}`
      : `... ${limit}; there may be more`,
  );
  lines.push(`at least ${(errors + stopped.notDescribed).toLocaleString('en-US')} errors; nothing was changed.`);
  return lines;
}
