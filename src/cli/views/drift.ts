/** Renders what refresh found changed outside cloudctl, attribute by attribute. */
import type { PlanDrift } from '../../core/types.js';
import type { Style } from './style.js';
import { renderValue } from './values.js';

/**
 * Drift text, or '' when nothing drifted (or the plan was made without a
 * refresh). Deleted resources first, then each changed resource with its
 * attributes `before -> after` (sensitive ones as `(sensitive)`).
 */
export function renderDrift(drift: PlanDrift | undefined, style: Style): string {
  if (!drift || (drift.changed.length === 0 && drift.deleted.length === 0)) return '';
  const lines = [style.bold('Objects have changed outside of cloudctl:'), ''];
  for (const address of drift.deleted) lines.push(`  ${style.red('-')} ${address} was deleted outside of cloudctl (404 or Terminated)`);
  let current = '';
  for (const entry of drift.changed) {
    if (entry.address !== current) {
      current = entry.address;
      lines.push(`  ${style.yellow('~')} ${entry.address} changed outside of cloudctl:`);
    }
    lines.push(`      ${entry.attribute} = ${renderValue(entry.before, entry.sensitive)} -> ${renderValue(entry.after, entry.sensitive)}`);
  }
  return lines.join('\n');
}
