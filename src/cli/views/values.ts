/** Rendering of attribute values for humans: secrets hidden, unknowns named. */
import { MASK } from '../../core/mask.js';
import { isUnknown } from '../../core/types.js';

/** The text shown for a value known only after apply. */
export const KNOWN_AFTER_APPLY = '(known after apply)';

/** One value as the plan shows it: JSON-like, `(sensitive)` or `(known after apply)`. */
export function renderValue(value: unknown, sensitive: boolean): string {
  if (value === undefined) return 'null';
  if (isUnknown(value)) return KNOWN_AFTER_APPLY;
  if (sensitive) return MASK;
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  // A list or mapping holding values known only after apply (a splat over new instances) names them the same way.
  const text = JSON.stringify(value, (_key, item: unknown) => (isUnknown(item) ? KNOWN_AFTER_APPLY : item));
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
