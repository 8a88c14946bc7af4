/** Renders what the user must act on although nothing changes by itself (plan warnings). */
import type { PlanWarning } from '../../plan/document.js';
import type { Style } from './style.js';

/**
 * The English of one warning, as lines (the first says what, the others
 * why and what to do). `manifest` is the manifest's path to show in the
 * command to run (default `MANIFEST`).
 */
export function warningLines(warning: PlanWarning, manifest = 'MANIFEST'): string[] {
  switch (warning.code) {
    case 'value_lost_at_create': {
      const what = warning.attributes.join(', ');
      const its = warning.attributes.length === 1 ? 'it is' : 'they are';
      return [
        `Warning: ${warning.address}: its ${what} is lost for good.`,
        `  The API returns ${what} only in its answer to the create, and cloudctl never got that answer`,
        `  (it was lost; the resource was found by listing), so ${its} not in the state and cannot be read again.`,
        `  To make a new one on purpose, replace it: cloudctl apply --replace ${warning.address} ${manifest}`,
      ];
    }
    case 'migrated': {
      const to = warning.to_type ?? 'another type';
      return [
        `Warning: ${warning.address} was migrated to ${to} (${warning.attributes.join(', ')} = ${JSON.stringify(warning.value)}, ordered ${warning.since ?? 'earlier'}).`,
        `  cloudctl keeps it in the state as migrated and never orders, reads, replaces or deletes it again,`,
        `  whatever the API now says of the old account (gone or Terminated).`,
        `  To manage the migrated VM, change the type of its block in the manifest to ${to} (its product_id`,
        `  the one migrated to; or write a ${to} block at another address, and move to that), then run`,
        `    cloudctl state mv ${warning.address} ${warning.address} ${manifest}`,
        `  which finds the ${to} account by listing, reads it into the state and orders nothing.`,
      ];
    }
    case 'paid_operation_pending':
      return [
        `Warning: ${warning.address}: ${warning.operation ?? 'a paid operation'} (${warning.attributes.join(', ')} = ${JSON.stringify(warning.value)}) was ordered ${warning.since ?? 'earlier'} and does not show yet.`,
        `  It counts as placed (${warning.evidence ?? 'the API accepted the order'}), so it is not ordered again;`,
        `  the state holds the ordered value until the API shows it. An unpaid invoice keeps it waiting: pay it in the portal.`,
      ];
    case 'paid_change_unobserved':
      return [
        `Warning: ${warning.address}: no ${warning.operation ?? 'paid operation'} is planned for ${warning.attributes.join(', ')}.`,
        `  The API has never reported ${warning.attributes.join(', ')} for this resource, so its current value is unknown,`,
        `  and cloudctl places no paid order from a value it never observed. Check the account; the next`,
        `  plan after the API reports it compares the manifest with that value.`,
      ];
  }
}

/** Every warning ({@link warningLines}), blank-line separated, in yellow; '' when there is none. */
export function renderWarnings(warnings: readonly PlanWarning[] | undefined, style: Style, manifest?: string): string {
  if (!warnings || warnings.length === 0) return '';
  return warnings
    .map((warning) =>
      warningLines(warning, manifest)
        .map((line, index) => (index === 0 ? style.bold(style.yellow(line)) : style.yellow(line)))
        .join('\n'),
    )
    .join('\n\n');
}
