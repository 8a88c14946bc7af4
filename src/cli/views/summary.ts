/** The end of an apply in Terraform's words: the summary line, failures and skips, the outputs, then what the state holds that the user must act on. */
import type { ApplyResult } from '../../engine/engine.js';
import type { Workspace } from '../workspace.js';
import { renderValue } from './values.js';
import { renderWarnings } from './warnings.js';

/** Prints, after an apply of `manifest` (a path), what the state holds that the user must act on (values lost at create). */
function printStateWarnings(ws: Workspace, result: ApplyResult, manifest?: string): void {
  const warnings = renderWarnings(result.warnings, ws.style, manifest);
  if (warnings) ws.io.stdout.write(`\n${warnings}\n`);
}

/**
 * Prints the apply summary and outputs like Terraform, then the state's
 * warnings (`manifest`: the path to show in their commands). Returns the
 * exit code (0 ok, 1 failures).
 */
export function printApplySummary(ws: Workspace, result: ApplyResult, destroyed: boolean, manifest?: string): number {
  const { style } = ws;
  const added = result.done.filter((entry) => entry.action === 'create' || entry.action === 'replace').length;
  const changed = result.done.filter((entry) => entry.action === 'update').length;
  const removed = result.done.filter((entry) => entry.action === 'delete' || entry.action === 'destroy (replace)').length;
  const { imported, moved } = movedAndImportedCounts(result);
  const out = (line = '') => ws.io.stdout.write(`${line}\n`);
  out();
  if (result.failed.length > 0 || result.skipped.length > 0) {
    out(
      style.red(
        style.bold(
          `Apply incomplete. Resources: ${imported}${added} added, ${changed} changed, ${removed} destroyed${moved}; ${result.failed.length} failed, ${result.skipped.length} skipped.`,
        ),
      ),
    );
    for (const entry of result.failed) out(style.red(`  failed:  ${entry.address}: ${entry.message}`));
    for (const entry of result.skipped)
      out(style.yellow(`  skipped: ${entry.address} (${entry.because === 'interrupted' ? 'interrupted' : `waits for ${entry.because}`})`));
    out('State holds everything that was done; run apply again to continue.');
    printStateWarnings(ws, result, manifest);
    return 1;
  }
  out(
    style.green(
      style.bold(
        destroyed
          ? `Destroy complete! Resources: ${removed} destroyed.`
          : `Apply complete! Resources: ${imported}${added} added, ${changed} changed, ${removed} destroyed${moved}.`,
      ),
    ),
  );
  const outputs = Object.entries(result.outputs);
  if (!destroyed && outputs.length > 0) {
    out();
    out(style.bold('Outputs:'));
    out();
    for (const [name, output] of outputs) out(`${name} = ${renderValue(output.value, output.sensitive)}`);
  }
  printStateWarnings(ws, result, manifest);
  return 0;
}

/** The apply summary's parts for moves and imports (`1 imported, `, `, 1 moved`); empty when there were none. */
function movedAndImportedCounts(result: ApplyResult): { imported: string; moved: string } {
  const imported = result.done.filter((entry) => entry.action === 'import').length;
  const moved = result.done.filter((entry) => entry.action === 'move').length;
  const forgotten = result.done.filter((entry) => entry.action === 'forget').length;
  return {
    imported: imported > 0 ? `${imported} imported, ` : '',
    moved: `${moved > 0 ? `, ${moved} moved` : ''}${forgotten > 0 ? `, ${forgotten} forgotten` : ''}`,
  };
}
