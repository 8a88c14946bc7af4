/**
 * How bad input is reported: `file:line:col: message` diagnostics, at most
 * {@link DIAGNOSTICS_SHOWN} of them, each line at most
 * {@link DIAGNOSTIC_LINE_CHARACTERS} characters long, so that garbage input
 * cannot print megabytes.
 */
import { formatDiagnostic, type Diagnostic } from '../../core/types.js';

/** Diagnostics printed for one run; the rest are counted. */
export const DIAGNOSTICS_SHOWN = 50;
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
 */
export function renderDiagnosticReport(diagnostics: Diagnostic[], shown = DIAGNOSTICS_SHOWN): string[] {
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
  lines.push(`${plural(errors, 'error')}; nothing was changed.`);
  return lines;
}
