/**
 * The one entry of the expression language for every user (plan,
 * conditions, outputs, `cloudctl test`, and later the stacks file and the
 * language server): parse a manifest string or a bare expression, then
 * evaluate it with a hook that gives the value of each root (`var.x`,
 * `web`, `data.os`, `local.name`, ...).
 *
 * ```ts
 * const { expression, diagnostics } = parseExpression('var.n + 1', { file: 'x', line: 1, column: 1 });
 * const { value } = evaluate(expression, (reference) => (reference.root === 'var' ? { value: 2 } : undefined));
 * ```
 */
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { Expression } from '../types.js';
import { parseStringExpression, referencesOf } from '../parse/expressions.js';
import { parseReference } from '../parse/expressions.js';
import { parseOperators } from '../parse/operators.js';

export { evaluate, evaluateReference, type Evaluation, type ResolveRoot, type RootValue } from './expressions.js';
export { parseStringExpression as parseTemplate, referencesOf };

/**
 * Parses a bare expression (the text that goes between `${` and `}`);
 * `location` is where its first character is (columns advance along one
 * line). Syntax errors are diagnostics at their column; the expression is
 * then a `null` literal.
 */
export function parseExpression(text: string, location: SourceLocation): { expression: Expression; diagnostics: Diagnostic[] } {
  const locate = (offset: number): SourceLocation => ({ ...location, column: location.column + offset });
  const parsed = parseOperators(text, locate, parseReference);
  if ('error' in parsed) {
    return {
      expression: { kind: 'literal', value: null, location },
      diagnostics: [
        {
          severity: 'error',
          code: 'expression_syntax',
          message: `invalid expression "${text}": ${parsed.error}`,
          location: locate(parsed.offset),
        },
      ],
    };
  }
  return parsed;
}
