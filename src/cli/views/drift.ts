/** Renders what refresh found changed outside cloudctl, attribute by attribute. */
import type { PlanDrift, ReadBackNote } from '../../plan/document.js';
import type { Style } from './style.js';
import { renderValue } from './values.js';

/**
 * Drift text, or '' when nothing drifted (or the plan was made without a
 * refresh). Deleted resources first, then each changed resource with its
 * attributes `before -> after` (sensitive ones as `(sensitive)`), then the
 * read-back notes (`renderReadBackNotes`).
 */
export function renderDrift(drift: PlanDrift | undefined, style: Style): string {
  const notes = renderReadBackNotes(drift?.notes, style);
  if (!drift || (drift.changed.length === 0 && drift.deleted.length === 0)) return notes;
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
  return notes === '' ? lines.join('\n') : `${lines.join('\n')}\n\n${notes}`;
}

/**
 * The read-back notes of a refresh, or '' when there are none: per
 * attribute, "not reported by the API; keeping X" or "the API reports Y
 * (informational; state keeps X, nothing is done)".
 */
export function renderReadBackNotes(notes: ReadBackNote[] | undefined, style: Style): string {
  if (!notes || notes.length === 0) return '';
  const lines = [style.bold('Read-back notes (nothing is planned because of them):'), ''];
  for (const note of notes) {
    const kept = renderValue(note.kept, note.sensitive);
    lines.push(
      note.kind === 'not_listed'
        ? `  ${note.address}: not in its list yet (lists may lag behind a create; it has no GET by id); keeping id ${kept}. If it was deleted outside cloudctl, run \`cloudctl state rm ${note.address}\``
        : note.kind === 'not_reported'
          ? `  ${note.address}.${note.attribute}: not reported by the API (missing, null or empty); keeping ${kept}`
          : `  ${note.address}.${note.attribute}: the API reports ${renderValue(note.observed ?? null, note.sensitive)} (informational, never acted on); keeping ${kept}`,
    );
  }
  return lines.join('\n');
}
