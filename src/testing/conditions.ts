/**
 * The `assert:` conditions of a test step: `${...}` expressions read and
 * evaluated by the manifest's own parser and evaluator
 * (src/manifest/parse/expressions.ts, src/manifest/evaluate/expressions.ts),
 * so whatever `${...}` can say in a manifest (references, functions, and
 * operators once the grammar has them) a condition can say too. The names a
 * condition can read (docs/testing.md, "Conditions"):
 *
 * - `NAME.attribute`, `NAME[0].x`, `NAME["key"].x`, `NAME[*].x` (a list): the
 *   resources the state holds after the step (sensitive values masked),
 *   `id` included; a module's resources as `MODULE.NAME.attribute`;
 * - `data.NAME.x`: the data sources the step's plan read;
 * - `var.NAME`: the step's variables;
 * - `output.NAME`: the outputs the state records;
 * - `plan.add`, `plan.change`, `plan.destroy`, `plan.replace`,
 *   `plan.import`, `plan.paid_orders`, `plan.monthly_cost`, `plan.changes`
 *   (list of `{ address, action }`);
 * - `ledger.orders` (every order the simulator took in this file so far),
 *   `ledger.step_orders` (during this step), `ledger.entries` (list of
 *   `{ operation, account_id, amount }`), `ledger.accounts` (accounts not
 *   deleted), `ledger.unpaid` (of them, those whose invoice is open),
 *   `ledger.step_faults` (the requests of the step the simulator faulted,
 *   as `KIND METHOD /path`);
 * - `result.status` (`applied`, `incomplete`, `no-changes`, `planned`,
 *   `refreshed`, `failed`, `crashed`), `result.failed` (addresses),
 *   `result.reconciled` (the journal's unfinished intents the step
 *   reconciled first, as `{ address, outcome }`: `ok`, `adopted`,
 *   `abandoned`, `ambiguous`), `result.notices` (the engine's notices, such
 *   as a dead run's lock taken over).
 *
 * `plan`, `ledger`, `output` and `result` win over resources of the same name.
 */
import type { Diagnostic, PlannedValue, SourceLocation, Value } from '../core/types.js';
import { containsUnknown, formatDiagnostic } from '../core/types.js';
import { evaluate, type ResolveRoot, type RootValue } from '../manifest/evaluate/expressions.js';
import { parseStringExpression } from '../manifest/parse/expressions.js';
import type { Expression, Reference } from '../manifest/types.js';
import { defaultCatalogue } from '../manifest/catalogue.js';

/** What a condition reads (see the module comment). */
export interface ConditionContext {
  /** State resources by address: `{ id, ...attributes }`. */
  resources: Record<string, Record<string, Value>>;
  /** Data source results by address (`data.products`). */
  dataSources: Record<string, Record<string, Value>>;
  variables: Record<string, Value>;
  outputs: Record<string, Value>;
  plan: Record<string, Value>;
  ledger: Record<string, Value>;
  result: Record<string, Value>;
  /** The type of each resource by address (an attribute the type does not have is then an error, not a null). */
  types?: Record<string, string>;
}

const SPECIAL = ['plan', 'ledger', 'output', 'result'] as const;

function keySuffix(key: string | number | undefined): string {
  if (key === undefined) return '';
  return typeof key === 'number' ? `[${key}]` : `[${JSON.stringify(key)}]`;
}

/** The resources of block `name` (splat), of `name[key]`, of `name`, or a module's resources under `name.` as a tree. */
function resourceRoot(context: ConditionContext, reference: Reference): RootValue | undefined {
  const { name } = reference;
  const entries = Object.entries(context.resources);
  if (reference.splat) {
    // `NAME[*].attr`: the attribute of every instance, as a list (the walk then goes on from the list).
    const attribute = reference.path[0];
    const items = entries.filter(([address]) => address === name || address.startsWith(`${name}[`)).map(([, value]) => value);
    if (typeof attribute !== 'string') return undefined;
    return { value: { [attribute]: items.map((item) => item[attribute] ?? null) as PlannedValue } };
  }
  const address = `${name}${keySuffix(reference.key)}`;
  const exact = context.resources[address];
  if (exact) {
    const typeName = context.types?.[address];
    const entry = typeName ? defaultCatalogue.lookup(typeName) : undefined;
    const type = entry && typeName ? { name: typeName, attributes: ['id', ...Object.keys(entry.attributes)] } : undefined;
    return type ? { value: exact as Record<string, PlannedValue>, type } : { value: exact as Record<string, PlannedValue> };
  }
  if (reference.key !== undefined) return undefined;
  const inside = entries.filter(([address]) => address.startsWith(`${name}.`));
  if (inside.length === 0) return undefined;
  const tree: Record<string, PlannedValue> = {};
  for (const [address, value] of inside) {
    const steps = address.slice(name.length + 1).split('.');
    let node = tree;
    for (const step of steps.slice(0, -1)) node = (node[step] ??= {}) as Record<string, PlannedValue>;
    node[steps[steps.length - 1]!] = value as PlannedValue;
  }
  return { value: tree };
}

/** How references of a condition find their values in `context`. */
export function conditionResolver(context: ConditionContext): ResolveRoot {
  return (reference) => {
    switch (reference.root) {
      case 'var':
        return reference.name in context.variables ? { value: context.variables[reference.name] as PlannedValue } : undefined;
      case 'data': {
        const found = context.dataSources[`data.${reference.name}${keySuffix(reference.key)}`];
        return found ? { value: found as Record<string, PlannedValue> } : undefined;
      }
      case 'resource': {
        if ((SPECIAL as readonly string[]).includes(reference.name) && reference.key === undefined && !reference.splat) {
          const special = reference.name === 'output' ? context.outputs : context[reference.name as 'plan' | 'ledger' | 'result'];
          return { value: special as Record<string, PlannedValue> };
        }
        return resourceRoot(context, reference);
      }
      default:
        return undefined;
    }
  };
}

/** One failed condition: why, and where. */
export interface ConditionFailure {
  message: string;
  location: SourceLocation;
}

/**
 * Evaluates `condition` (the text of an `assert:` item, written at
 * `location`; `locate(offset)` gives the position of an offset inside it)
 * against `context`. Resolves with undefined when it is `true`; otherwise
 * with why not: a syntax or evaluation error at its position inside the
 * string, a value still unknown, or a value that is not `true` (shown).
 */
export function checkCondition(
  condition: string,
  location: SourceLocation,
  locate: (offset: number) => SourceLocation,
  context: ConditionContext,
): ConditionFailure | undefined {
  const parsed = parseStringExpression(condition, location, locate);
  const problems: Diagnostic[] = [...parsed.diagnostics];
  const evaluation = problems.length === 0 ? evaluate(parsed.expression, conditionResolver(context)) : undefined;
  if (evaluation) problems.push(...evaluation.diagnostics);
  const first = problems.find((problem) => problem.severity === 'error');
  if (first) return { message: formatDiagnostic({ ...first, location: undefined }), location: first.location ?? location };
  const value = evaluation!.value;
  if (value === true) return undefined;
  if (containsUnknown(value)) return { message: `the condition is not known (${JSON.stringify(value)})`, location };
  const shown = evaluation!.sensitive ? '(sensitive)' : JSON.stringify(value);
  return { message: `the condition is ${shown}, not true${sides(parsed.expression, context)}`, location };
}

/** For a failed comparison, both sides' values (`: left is "Failed", right is "Active"`; sensitive ones masked); else ''. */
function sides(expression: Expression, context: ConditionContext): string {
  if (expression.kind !== 'binary' || !['==', '!=', '<', '<=', '>', '>='].includes(expression.operator)) return '';
  const resolve = conditionResolver(context);
  const show = (side: Expression) => {
    const result = evaluate(side, resolve);
    return result.sensitive ? '(sensitive)' : JSON.stringify(result.value);
  };
  return `: left is ${show(expression.left)}, right is ${show(expression.right)}`;
}

/**
 * `value` (a `drift:` request or body, as written) with every `${...}` in
 * its strings evaluated against `context`, as conditions are: a string that
 * is one `${...}` keeps the value's type. Resolves with the filled value,
 * or with an error naming the first expression that could not be filled
 * (a problem, or a value still unknown).
 */
export function fillValue(value: Value, location: SourceLocation, context: ConditionContext): { value: Value } | { error: string } {
  if (typeof value === 'string') {
    if (!value.includes('${')) return { value };
    const parsed = parseStringExpression(value, location);
    const evaluation = parsed.diagnostics.length === 0 ? evaluate(parsed.expression, conditionResolver(context)) : undefined;
    const problem = [...parsed.diagnostics, ...(evaluation?.diagnostics ?? [])][0];
    if (problem) return { error: problem.message };
    if (containsUnknown(evaluation!.value)) return { error: `"${value}" is not known` };
    return { value: evaluation!.value as Value };
  }
  if (Array.isArray(value)) {
    const items: Value[] = [];
    for (const item of value) {
      const filled = fillValue(item, location, context);
      if ('error' in filled) return filled;
      items.push(filled.value);
    }
    return { value: items };
  }
  if (value !== null && typeof value === 'object') {
    const entries: Record<string, Value> = {};
    for (const [key, item] of Object.entries(value)) {
      const filled = fillValue(item, location, context);
      if ('error' in filled) return filled;
      entries[key] = filled.value;
    }
    return { value: entries };
  }
  return { value };
}
