/**
 * Walking the operator forms of `${...}` (types.ts, {@link OperatorExpression})
 * generically: the expressions directly inside one, and a copy with each of
 * them rewritten. The stages that look for references, calls or values
 * inside any expression (referencesOf, rewriting `count.index` and module
 * inputs, the load-time checks) go through these two functions, so a new
 * operator form is one case here.
 */
import type { Expression, OperatorExpression } from '../types.js';

const OPERATOR_KINDS: ReadonlySet<string> = new Set([
  'binary',
  'unary',
  'conditional',
  'for',
  'local',
  'index',
  'tuple',
  'record',
  'splat',
  'invalid',
]);

/** True when `expression` is one of the operator forms (not a literal, reference, template, list, object or call). */
export function isOperatorExpression(expression: Expression): expression is OperatorExpression {
  return OPERATOR_KINDS.has(expression.kind);
}

/** The expressions directly inside an operator form, in source order (a `local` has none). */
export function childrenOf(expression: OperatorExpression): Expression[] {
  switch (expression.kind) {
    case 'binary':
      return [expression.left, expression.right];
    case 'unary':
      return [expression.operand];
    case 'conditional':
      return [expression.condition, expression.then, expression.otherwise];
    case 'for':
      return [
        expression.collection,
        ...(expression.keyResult ? [expression.keyResult] : []),
        expression.value,
        ...(expression.condition ? [expression.condition] : []),
      ];
    case 'local':
    case 'invalid':
      return [];
    case 'index':
      return [expression.target, expression.key];
    case 'splat':
      return [expression.target, expression.body];
    case 'tuple':
      return expression.items;
    case 'record':
      return expression.keys.flatMap((key, index) => [key, expression.values[index]]);
  }
}

/**
 * The operator form with every expression directly inside it replaced by
 * `map(child)`; the same object when `map` changed none of them.
 */
export function mapChildren(expression: OperatorExpression, map: (child: Expression) => Expression): OperatorExpression {
  const children = childrenOf(expression);
  const mapped = children.map(map);
  if (mapped.every((child, index) => child === children[index])) return expression;
  switch (expression.kind) {
    case 'binary':
      return { ...expression, left: mapped[0], right: mapped[1] };
    case 'unary':
      return { ...expression, operand: mapped[0] };
    case 'conditional':
      return { ...expression, condition: mapped[0], then: mapped[1], otherwise: mapped[2] };
    case 'for': {
      let at = 0;
      const collection = mapped[at++];
      const keyResult = expression.keyResult ? mapped[at++] : undefined;
      const value = mapped[at++];
      const condition = expression.condition ? mapped[at++] : undefined;
      return { ...expression, collection, keyResult, value, condition };
    }
    case 'local':
    case 'invalid':
      return expression;
    case 'index':
      return { ...expression, target: mapped[0], key: mapped[1] };
    case 'splat':
      return { ...expression, target: mapped[0], body: mapped[1] };
    case 'tuple':
      return { ...expression, items: mapped };
    case 'record':
      return {
        ...expression,
        keys: mapped.filter((_, index) => index % 2 === 0),
        values: mapped.filter((_, index) => index % 2 === 1),
      };
  }
}
