/**
 * Module references of a manifest level: `${module.X.Y}` becomes what
 * output `Y` of module `X` is made of (rewritten like the rest of the
 * module), `depends_on` entries naming modules wait for every block of the
 * module, and a module's inputs may only read what the manifest naming it
 * declares (see modules.ts).
 */
import { addressSelects, instanceAddress } from '../../core/address.js';
import { WORKSPACE_VARIABLE } from '../types.js';
import type { PlannedValue, Value } from '../../core/types.js';
import type { Expression, Manifest, ModuleDeclaration, Reference, Repetition, TemplatePart } from '../types.js';
import { isOperatorExpression, mapChildren } from '../parse/expression-tree.js';
import { describeKind } from '../parse/expressions.js';
import { evaluate } from '../evaluate/expressions.js';
import { repeatedModuleInstances } from './module-repetition.js';
import { record } from '../parse/walker.js';
import { didYouMean } from '../suggest.js';
import { type Instance, type Run, error } from './module-run.js';

/** Reports `depends_on` entries of a module block that name nothing the manifest declares. */
export function checkModuleDependencies(
  run: Run,
  manifest: Manifest,
  modules: Record<string, ModuleDeclaration>,
  repetitions: Record<string, Repetition>,
  block: ModuleDeclaration,
): void {
  for (const entry of block.dependsOn) {
    const known = entry.address.startsWith('data.')
      ? Object.hasOwn(manifest.data, entry.address.slice('data.'.length))
      : Object.hasOwn(manifest.resources, entry.address) ||
        Object.hasOwn(repetitions, entry.address) ||
        Object.keys(modules).some((address) => addressSelects(entry.address, address));
    if (known) continue;
    const candidates = [
      ...Object.keys(manifest.resources),
      ...Object.keys(modules),
      ...Object.keys(manifest.data).map((name) => `data.${name}`),
    ];
    error(
      run,
      `unknown depends_on target "${entry.address}" in module "${block.address}": nothing named "${entry.address}" is declared${didYouMean(entry.address, candidates)}`,
      entry.location,
      'unknown_dependency',
    );
  }
}

/** Whether a reference reads a module's output (`${module.cluster.ip}`). */
export function isModuleReference(reference: Reference): boolean {
  return reference.root === 'resource' && reference.name === 'module';
}

/** `depends_on` entries naming a module replaced by every address of its instance; others kept. */
export function expandModuleDependencies(
  entries: ModuleDeclaration['dependsOn'],
  modules: Record<string, ModuleDeclaration>,
  repetitions: Record<string, Repetition>,
  done: ReadonlyMap<string, Instance | undefined>,
): ModuleDeclaration['dependsOn'] {
  return entries.flatMap((entry) => {
    // `cluster` names module `cluster` and every instance of a repeated one (`cluster[0]`, `cluster["eu"]`; none with count 0).
    const named = Object.keys(modules).filter((address) => addressSelects(entry.address, address));
    if (named.length === 0) return Object.hasOwn(repetitions, entry.address) ? [] : [entry];
    return named.flatMap((address) => {
      const instance = done.get(address);
      return instance
        ? [...instance.resources, ...instance.data].map((block) => ({ address: block.address, location: entry.location }))
        : [];
    });
  });
}

/**
 * Replaces `${module.X.Y...}` references in an expression by the output
 * `Y` of module `X` (with the rest of the path applied). Unknown modules
 * and outputs, and a module block whose inputs need its own outputs (or a
 * cycle of such), are diagnostics; the reference is then left as it is.
 */
export function rewriteModuleReferences(run: Run, expression: Expression, scope: ModuleScope): Expression {
  const { modules, instanceOf, inProgress, inside } = scope;
  const outputOf = (reference: Reference): Expression | undefined => {
    const shown = `\${${reference.text}}`;
    // `${module.cluster.x}`, or of an instance of a repeated module block: `${module.cluster[0].x}`, `${module.cluster["eu"].x}`.
    const [head, key] = reference.path;
    const keyed = typeof head === 'string' && key !== undefined ? instanceAddress(head, key) : undefined;
    const [moduleName, outputName, ...rest] =
      keyed !== undefined && Object.hasOwn(modules, keyed) ? [keyed, ...reference.path.slice(2)] : reference.path;
    if (typeof moduleName !== 'string' || typeof outputName !== 'string') {
      error(
        run,
        `invalid reference "${shown}": write a module output as \${module.NAME.OUTPUT}`,
        reference.location,
        'reference_invalid_path',
      );
      return undefined;
    }
    if (!Object.hasOwn(modules, moduleName)) {
      error(
        run,
        `unknown reference "${shown}": no module "${moduleName}" is declared${didYouMean(moduleName, Object.keys(modules))}`,
        reference.location,
        'reference_unknown',
      );
      return undefined;
    }
    if (inProgress.has(moduleName)) {
      const what =
        moduleName === inside
          ? `module "${moduleName}" cannot read its own outputs in its inputs`
          : `modules ${[...inProgress].join(', ')} read each other's outputs in their inputs`;
      error(run, `module cycle: ${what}`, reference.location, 'module_cycle');
      return undefined;
    }
    const instance = instanceOf(moduleName);
    if (!instance) return undefined; // reported where the module is
    if (!Object.hasOwn(instance.outputs, outputName)) {
      error(
        run,
        `unknown reference "${shown}": module "${moduleName}" has no output "${outputName}"${didYouMean(outputName, Object.keys(instance.outputs))}`,
        reference.location,
        'reference_unknown',
      );
      return undefined;
    }
    return applyPath(run, instance.outputs[outputName], rest, reference);
  };
  return mapReferences(run, expression, (reference) => {
    if (!isModuleReference(reference)) return undefined;
    const [head] = reference.path;
    if (typeof head !== 'string' || (!reference.splat && !Object.hasOwn(scope.repetitions, head))) return outputOf(reference);
    // A repeated module block (or a splat of a plain one): the instances read, each as `${module.cluster["eu"].x...}`.
    const selected = Object.hasOwn(scope.repetitions, head)
      ? repeatedModuleInstances(reference, head, scope.repetitions[head])
      : { addresses: [head], path: reference.path.slice(1), list: true };
    if ('severity' in selected) {
      run.diagnostics.push(selected);
      return undefined;
    }
    const outputs = selected.addresses.map((address) =>
      outputOf({
        ...reference,
        splat: undefined,
        path: [address, ...selected.path],
        text: `module.${address}${selected.path.map(stepText).join('')}`,
      }),
    );
    if (outputs.some((output) => output === undefined)) return undefined;
    if (!selected.list) return outputs[0];
    return { kind: 'list', items: outputs as Expression[], location: reference.location };
  });
}

/** What module references of one manifest level resolve against (see {@link rewriteModuleReferences}). */
interface ModuleScope {
  /** The level's module blocks, repeated ones expanded into their instances. */
  modules: Record<string, ModuleDeclaration>;
  /** Repeated module blocks by name. */
  repetitions: Record<string, Repetition>;
  instanceOf: (address: string) => Instance | undefined;
  /** Module blocks whose inputs are being rewritten (cycle detection). */
  inProgress: ReadonlySet<string>;
  /** The module block whose inputs hold the expression, if any. */
  inside: string | undefined;
}

/**
 * The expression with each reference `replace` gives an expression for
 * replaced by it. Inside a template a replacement is spliced in: a literal
 * scalar as text, a reference as a part, a template's parts; a list or
 * mapping there is a diagnostic (it cannot become text).
 */
export function mapReferences(run: Run, expression: Expression, replace: (reference: Reference) => Expression | undefined): Expression {
  switch (expression.kind) {
    case 'literal':
      return expression;
    case 'reference':
      return replace(expression.reference) ?? expression;
    case 'template': {
      const parts: Array<string | TemplatePart> = [];
      const push = (part: string | TemplatePart) => {
        if (typeof part === 'string' && typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += part;
        else parts.push(part);
      };
      for (const part of expression.parts) {
        if (typeof part !== 'string' && 'kind' in part) {
          const inner = mapReferences(run, part, replace);
          push(inner.kind === 'reference' ? inner.reference : (inner as TemplatePart));
          continue;
        }
        const replacement = typeof part === 'string' ? undefined : replace(part);
        if (replacement === undefined) push(part);
        else if (replacement.kind === 'reference') push(replacement.reference);
        else if (replacement.kind === 'template') replacement.parts.forEach(push);
        else if (replacement.kind === 'literal' && (replacement.value === null || typeof replacement.value !== 'object')) {
          push(replacement.value === null ? '' : String(replacement.value));
        } else {
          const what =
            replacement.kind === 'literal' ? describeKind(replacement.value) : replacement.kind === 'list' ? 'a list' : 'a mapping';
          error(
            run,
            `${(part as Reference).text}: cannot interpolate ${what} into a string`,
            (part as Reference).location,
            'type_mismatch',
          );
        }
      }
      if (parts.every((part) => typeof part === 'string')) {
        return { kind: 'literal', value: parts.join(''), location: expression.location };
      }
      return { kind: 'template', parts, location: expression.location };
    }
    case 'list':
      return { ...expression, items: expression.items.map((item) => mapReferences(run, item, replace)) };
    case 'object': {
      const entries = record<Expression>();
      for (const [key, entry] of Object.entries(expression.entries)) entries[key] = mapReferences(run, entry, replace);
      return { ...expression, entries };
    }
    case 'call':
      return { ...expression, arguments: expression.arguments.map((argument) => mapReferences(run, argument, replace)) };
    default:
      if (!isOperatorExpression(expression)) return expression;
      return mapChildren(expression, (child) => mapReferences(run, child, replace));
  }
}

/** `.name`, `[0]` or `["key"]`: a path step as written in a reference. */
export function stepText(step: string | number): string {
  if (typeof step === 'number') return `[${step}]`;
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
}

/**
 * `expression` with the reference path `path` applied, for `reference`
 * (`${var.settings.size}` with the input `{ size: "${disk.size}" }` is
 * `${disk.size}`). A step that does not exist is a diagnostic at
 * `reference` (the expression is then a `null` literal).
 */
export function applyPath(run: Run, expression: Expression, path: Array<string | number>, reference: Reference): Expression {
  let current = expression;
  for (let index = 0; index < path.length; index++) {
    const step = path[index];
    if (current.kind === 'reference') {
      const rest = path.slice(index);
      const inner = current.reference;
      const text = `${inner.text}${rest.map(stepText).join('')}`;
      return { kind: 'reference', reference: { ...inner, text, path: [...inner.path, ...rest] }, location: current.location };
    }
    if (current.kind === 'literal') {
      const evaluation = evaluate(
        { kind: 'reference', reference: { ...reference, root: 'var', path: path.slice(index) }, location: reference.location },
        () => ({ value: current.kind === 'literal' ? (current.value as PlannedValue) : null }),
      );
      run.diagnostics.push(...evaluation.diagnostics);
      return { kind: 'literal', value: evaluation.value as Value, location: reference.location };
    }
    const next =
      current.kind === 'list' && typeof step === 'number'
        ? current.items[step]
        : current.kind === 'object' && typeof step === 'string' && Object.hasOwn(current.entries, step)
          ? current.entries[step]
          : undefined;
    if (next === undefined) {
      const what = current.kind === 'template' ? 'a string' : current.kind === 'list' ? 'a list' : 'a mapping';
      error(
        run,
        `${reference.text}: no ${typeof step === 'number' ? `item [${step}]` : `field "${step}"`} in ${what}`,
        reference.location,
        'reference_invalid_path',
      );
      return { kind: 'literal', value: null, location: reference.location };
    }
    current = next;
  }
  return current;
}

/**
 * Reports a reference in a module block's input whose target the manifest
 * naming the module does not declare (as validation does for properties).
 */
export function checkInputReference(run: Run, manifest: Manifest, reference: Reference): void {
  const shown = `\${${reference.text}}`;
  if (reference.root === 'var') {
    if (reference.name === WORKSPACE_VARIABLE || Object.hasOwn(manifest.variables, reference.name)) return;
    const names = Object.keys(manifest.variables);
    error(
      run,
      `unknown reference "${shown}": no variable "${reference.name}" is declared${didYouMean(reference.name, names)}`,
      reference.location,
      'reference_unknown',
    );
    return;
  }
  if (reference.root === 'local') {
    if (manifest.locals && Object.hasOwn(manifest.locals, reference.name)) return;
    const names = Object.keys(manifest.locals ?? {});
    error(
      run,
      `unknown reference "${shown}": no local value "${reference.name}" is declared${didYouMean(reference.name, names)}`,
      reference.location,
      'reference_unknown',
    );
    return;
  }
  if (isModuleReference(reference)) return; // rewritten before, or reported there
  if (reference.root === 'count' || reference.root === 'each') return; // substituted, or reported by module-repetition.ts
  const declared = reference.root === 'data' ? manifest.data : manifest.resources;
  if (Object.hasOwn(declared, reference.name)) return;
  const what = reference.root === 'data' ? 'data source' : 'resource';
  error(
    run,
    `unknown reference "${shown}": no ${what} "${reference.name}" is declared${didYouMean(reference.name, Object.keys(declared))}`,
    reference.location,
    'reference_unknown',
  );
}
