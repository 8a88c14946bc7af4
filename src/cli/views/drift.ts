/** Renders what refresh found changed outside cloudctl. */
import type { RefreshResult } from '../../engine/refresh.js';
import type { Style } from './style.js';
import { renderValue } from './values.js';

/** Drift text, or '' when nothing drifted. */
export function renderDrift(refresh: RefreshResult, style: Style): string {
  if (refresh.drift.length === 0 && refresh.gone.length === 0) return '';
  const lines = [style.bold('Objects have changed outside of cloudctl:'), ''];
  for (const address of refresh.gone) lines.push(`  ${style.red('-')} ${address} was deleted outside of cloudctl (404 or Terminated)`);
  let current = '';
  for (const entry of refresh.drift) {
    if (entry.address !== current) {
      current = entry.address;
      lines.push(`  ${style.yellow('~')} ${entry.address} changed outside of cloudctl:`);
    }
    lines.push(`      ${entry.attribute} = ${renderValue(entry.before, entry.sensitive)} -> ${renderValue(entry.after, entry.sensitive)}`);
  }
  return lines.join('\n');
}
