/**
 * `lifecycle.precondition` and `lifecycle.postcondition` of resources and
 * data sources, with Terraform 1.2's meaning:
 *
 * - a precondition is checked when the block is planned, if its value is
 *   known then; one that is known only after apply (it reads a resource
 *   still to be created) is checked during apply, right before the block's
 *   change, so a false one places no order;
 * - a postcondition is checked when the block is planned if the block's
 *   planned values make it known (`${self.x}` of a resource left as it is),
 *   else after the block is created, updated or read, against what was read
 *   back;
 * - a false condition is an error diagnostic (`precondition_failed`,
 *   `postcondition_failed`) with the condition's message, at the
 *   condition's `file:line:col`; at plan it fails the plan, during apply it
 *   fails the block, and the walk skips what depends on it.
 *
 * The message may hold `${...}`; one that cannot be shown (unknown, or
 * sensitive) is replaced by a plain sentence, so no secret is printed.
 */
import { containsUnknown, DiagnosticError, type Diagnostic } from '../core/types.js';
import type { BlockDeclaration, Condition } from '../manifest/types.js';
import type { Scope } from './scope.js';
import { unknownSources } from '../manifest/evaluate/operators.js';

/** What checking a block's conditions found: errors (false or invalid conditions) and the conditions still unknown. */
export interface ConditionCheck {
  diagnostics: Diagnostic[];
  /** The conditions not decided yet, each with what its value waits for (`web.id`). */
  unknown: Array<{ condition: Condition; waitsFor: string }>;
}

/**
 * Checks `block`'s conditions of `kind` against `scope` (see the module
 * comment). Never throws; a block without conditions costs nothing.
 */
export function checkConditions(scope: Scope, block: BlockDeclaration, kind: Condition['kind']): ConditionCheck {
  const result: ConditionCheck = { diagnostics: [], unknown: [] };
  for (const entry of block.conditions ?? []) {
    if (entry.kind !== kind) continue;
    const evaluation = scope.evaluateCondition(block, entry.condition);
    if (evaluation.diagnostics.length > 0) {
      result.diagnostics.push(...evaluation.diagnostics);
      continue;
    }
    const { value } = evaluation;
    if (containsUnknown(value)) {
      result.unknown.push({ condition: entry, waitsFor: unknownSources(value).join(', ') });
      continue;
    }
    if (value === true) continue;
    if (value !== false) {
      result.diagnostics.push({
        severity: 'error',
        code: 'type_mismatch',
        message: `${block.address}: the ${kind}'s condition must be true or false, got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value === 'object' ? 'mapping' : typeof value}`}`,
        location: entry.location,
      });
      continue;
    }
    result.diagnostics.push({
      severity: 'error',
      code: kind === 'precondition' ? 'precondition_failed' : 'postcondition_failed',
      message: `${block.address}: ${kind} failed: ${messageOf(scope, block, entry)}`,
      location: entry.location,
    });
  }
  return result;
}

/**
 * Checks `block`'s conditions of `kind` during apply, where each must be
 * decided. Errors: a `DiagnosticError` holding every false or invalid
 * condition, and every one still unknown (`condition_unknown`).
 */
export function requireConditions(scope: Scope, block: BlockDeclaration, kind: Condition['kind']): void {
  if (!block.conditions) return;
  const { diagnostics, unknown } = checkConditions(scope, block, kind);
  for (const { condition, waitsFor } of unknown) {
    diagnostics.push({
      severity: 'error',
      code: 'condition_unknown',
      message: `${block.address}: the ${kind}'s condition is still unknown during apply (it waits for ${waitsFor}), so it cannot be checked`,
      location: condition.location,
    });
  }
  if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
}

/** The message of a false condition, evaluated; a plain sentence when it is unknown, sensitive or does not evaluate. */
function messageOf(scope: Scope, block: BlockDeclaration, entry: Condition): string {
  const evaluation = scope.evaluateCondition(block, entry.message);
  if (evaluation.diagnostics.length > 0 || evaluation.sensitive || typeof evaluation.value !== 'string') {
    return 'the condition is false (its message cannot be shown: it holds a value that is unknown or sensitive)';
  }
  return evaluation.value;
}
